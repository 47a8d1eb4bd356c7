import 'reflect-metadata';
import { DomainError } from '../../../core/errors/domain-error';
import { validationExceptionFactory } from '../../../core/errors/validation-exception.factory';
import { AppValidationPipe } from '../../../core/http/one-or-many-body';
import { GroupDetailsQueryDto } from './group-details-query.dto';
import { QUERY_TEXT } from './invoice-list-query';

/** The global pipe as create-app.ts sets it up. */
const pipe = new AppValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: validationExceptionFactory,
});
const read = (query: Record<string, unknown>) =>
  pipe.transform(query, { type: 'query', metatype: GroupDetailsQueryDto }) as Promise<object>;
const refusal = async (query: Record<string, unknown>) => {
  try {
    await read(query);
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, message: e.message, errors: e.fieldErrors };
    throw e;
  }
  throw new Error('accepted');
};

describe('GroupDetailsQueryDto under the global pipe', () => {
  it('normalises: status in any case, search trimmed, numbers read, blanks as absent', async () => {
    expect({ ...(await read({ size: '50', page: ' 3 ', status: 'unpaid', search: '  Smith ' })) }).toEqual({
      status: 'UNPAID',
      search: 'Smith',
      page: 3,
      size: 50,
    });
    const blank = { ...(await read({ search: '   ', status: '', page: '', size: '' })) } as Record<string, unknown>;
    expect(Object.values(blank).filter((v) => v !== undefined)).toEqual([]);
  });

  it("refuses each bad parameter with its documented message under the call's summary", async () => {
    expect(await refusal({ status: 'OPEN', page: '0', size: '501', search: 'x'.repeat(101) })).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid.',
      errors: { status: QUERY_TEXT.status, search: QUERY_TEXT.search, page: QUERY_TEXT.page, size: QUERY_TEXT.size },
    });
    for (const [query, field] of [
      [{ size: '1.5' }, 'size'],
      [{ size: '0050' }, 'size'],
      [{ size: '-1' }, 'size'],
      [{ page: 'x', size: '50' }, 'page'],
      [{ page: '99999999999999999' }, 'page'],
      [{ search: ['a', 'b'] }, 'search'],
      [{ status: '  ' }, 'status'],
      [{ status: ['PAID', 'PAID'] }, 'status'],
    ] as const) {
      expect((await refusal(query)).errors).toEqual({ [field]: QUERY_TEXT[field] });
    }
  });

  it('an undeclared parameter is refused like any DTO field (UNKNOWN_FIELDS)', async () => {
    expect(await refusal({ sort: 'name' })).toMatchObject({ code: 'UNKNOWN_FIELDS', errors: { sort: expect.any(String) } });
  });
});
