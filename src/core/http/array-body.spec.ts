import 'reflect-metadata';
import { ArrayMaxSize, IsArray, IsInt } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { ArrayBody } from './array-body';
import { appValidationPipe } from './one-or-many-body';

class IdsDto {
  @IsArray({ message: 'Send a list of ids.' })
  @ArrayMaxSize(2, { message: 'Send a list of ids.' })
  @IsInt({ each: true, message: 'Send a list of ids.' })
  ids!: number[];
}
class OwnAnswerDto {
  @IsArray({ message: 'Send a list.' })
  ids!: number[];
}
class Ctrl {
  read(@ArrayBody(IdsDto, { field: 'ids' }) _body: IdsDto) {}
  own(@ArrayBody(OwnAnswerDto, { field: 'ids', invalid: (f) => new DomainError('validation', 'OWN', 'Not valid.', f) }) _b: OwnAnswerDto) {}
}

const pipe = appValidationPipe();
const body = (metatype: new () => object) => ({ type: 'body' as const, metatype });
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    const d = e as DomainError;
    return { code: d.code, message: d.message, fields: d.fieldErrors };
  }
  throw new Error('no error');
};

describe('@ArrayBody and the global pipe', () => {
  it('leaves Nest the DTO as the parameter type (route metadata)', () => {
    expect((Reflect.getMetadata('design:paramtypes', Ctrl.prototype, 'read') as unknown[])[0]).toBe(IdsDto);
  });

  it('checks a bare array as the DTO field and hands on the DTO', async () => {
    const dto = await pipe.transform([1, 2], body(IdsDto));
    expect(dto).toBeInstanceOf(IdsDto);
    expect(dto).toEqual({ ids: [1, 2] });
    expect(await pipe.transform([], body(IdsDto))).toEqual({ ids: [] });
  });

  it('refuses anything else keyed by the field, with the DTO messages', async () => {
    const refused = { code: 'VALIDATION_FAILED', message: 'Send a list of ids.', fields: { ids: 'Send a list of ids.' } };
    for (const bad of [{}, { ids: [1] }, [1, 'x'], [1, 2, 3], 'text'])
      expect(await failure(pipe.transform(bad, body(IdsDto)))).toEqual(refused);
  });

  it("answers the call's own error when it names one", async () => {
    expect(await failure(pipe.transform({}, body(OwnAnswerDto)))).toEqual({
      code: 'OWN',
      message: 'Not valid.',
      fields: { ids: 'Send a list.' },
    });
  });
});
