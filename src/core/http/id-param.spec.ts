import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { DomainError } from '../errors/domain-error';
import { IdParam, ParseIdPipe } from './id-param';

describe('ParseIdPipe / @IdParam', () => {
  it('answers the id as a number', () => {
    expect(new ParseIdPipe().transform('12')).toBe(12);
    expect(new ParseIdPipe().transform('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0', '-1', 'abc', '12abc', '1e3', '1.5', '007', '2147483648', '99999999999', ''])(
    '%j names no record: 404 (the route’s own error)',
    (bad) => {
      expect(() => new ParseIdPipe().transform(bad)).toThrow(expect.objectContaining({ kind: 'not_found', code: 'NOT_FOUND' }));
      const own = () => new DomainError('not_found', 'WIDGET_NOT_FOUND', 'Widget not found.');
      expect(() => new ParseIdPipe(own).transform(bad)).toThrow(expect.objectContaining({ code: 'WIDGET_NOT_FOUND' }));
    },
  );

  it('registers a path parameter with the pipe', () => {
    class C {
      handler(_id: number) {
        return _id;
      }
    }
    IdParam('catalogId')(C.prototype, 'handler', 0);
    const meta = Reflect.getMetadata(ROUTE_ARGS_METADATA, C, 'handler') as Record<string, { data: string; pipes: unknown[] }>;
    const arg = Object.values(meta)[0];
    expect(arg.data).toBe('catalogId');
    expect(arg.pipes[0]).toBeInstanceOf(ParseIdPipe);
  });
});

describe('@IdParam under the global ValidationPipe (transform)', () => {
  it('declares the raw parameter as text, so "1e3" or " 7" never become numbers before the pipe', () => {
    class C {
      handler(_a: string, _id: number) {
        return _id;
      }
    }
    Reflect.defineMetadata('design:paramtypes', [String, Number], C.prototype, 'handler');
    IdParam()(C.prototype, 'handler', 1);
    expect(Reflect.getMetadata('design:paramtypes', C.prototype, 'handler')).toEqual([String, String]);
  });
});
