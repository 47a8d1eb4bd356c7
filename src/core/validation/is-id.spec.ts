import { validateSync } from 'class-validator';
import { IsId } from './is-id';

class Body {
  @IsId({ message: 'bad id' }) id?: unknown;
  @IsId({ each: true, message: 'bad ids' }) ids?: unknown;
}

const errorsOf = (v: Partial<Body>) =>
  Object.fromEntries(
    validateSync(Object.assign(new Body(), { id: 1, ids: [1], ...v })).map((e) => [e.property, Object.values(e.constraints ?? {})[0]]),
  );

describe('@IsId', () => {
  it('accepts positive int4 ids as numbers or digits', () => {
    expect(errorsOf({ id: 7, ids: [1, '2', ' 3 '] })).toEqual({});
  });

  it('refuses anything else with the given message, also per element', () => {
    for (const bad of [0, -1, 1.5, '1e3', 'x', 2_147_483_648, null, undefined, true])
      expect(errorsOf({ id: bad })).toEqual({ id: 'bad id' });
    expect(errorsOf({ ids: [1, 'x'] })).toEqual({ ids: 'bad ids' });
  });
});
