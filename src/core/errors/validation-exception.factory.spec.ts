import { IsInt, validateSync } from 'class-validator';
import { answersAs, validationExceptionFactory } from './validation-exception.factory';

class Query {
  @IsInt({ message: 'a is plain.' }) a?: unknown;
  @IsInt({ message: 'page is bad.', ...answersAs('BAD_QUERY') }) page?: unknown;
  @IsInt({ message: 'date is bad.', ...answersAs('BAD_DATE_RANGE') }) date?: unknown;
}

const answer = (v: Record<string, unknown>) => {
  const e = validationExceptionFactory(validateSync(Object.assign(new Query(), { a: 1, page: 1, date: 1, ...v })));
  return { kind: e.kind, code: e.code, message: e.message, fields: e.fieldErrors };
};

describe('validationExceptionFactory', () => {
  it('answers a field map (VALIDATION_FAILED) for plain checks', () => {
    expect(answer({ a: 'x' })).toEqual({
      kind: 'validation',
      code: 'VALIDATION_FAILED',
      message: 'a is plain.',
      fields: { a: 'a is plain.' },
    });
  });

  it('answersAs: the code and message of the first such failed check alone, before any field map', () => {
    expect(answer({ page: 'x' })).toEqual({ kind: 'bad_request', code: 'BAD_QUERY', message: 'page is bad.', fields: undefined });
    expect(answer({ a: 'x', date: 'x' })).toEqual({
      kind: 'bad_request',
      code: 'BAD_DATE_RANGE',
      message: 'date is bad.',
      fields: undefined,
    });
    expect(answer({ page: 'x', date: 'x' }).code).toBe('BAD_QUERY');
  });
});
