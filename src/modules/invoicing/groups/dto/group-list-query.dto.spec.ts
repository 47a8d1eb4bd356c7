import { DomainError } from '../../../../core/errors/domain-error';
import { appValidationPipe } from '../../../../core/http/one-or-many-body';
import { InvoiceGroupsQueryDto, UninvoicedSessionsQueryDto } from './group-list-query.dto';

const pipe = appValidationPipe();
const read = (metatype: new () => object, query: Record<string, unknown>) => pipe.transform(query, { type: 'query', metatype });
const refusal = async (metatype: new () => object, query: Record<string, unknown>) => {
  try {
    await read(metatype, query);
  } catch (e) {
    const d = e as DomainError;
    return { code: d.code, message: d.message, fields: d.fieldErrors };
  }
  throw new Error('expected a refusal');
};

const BAD_PAGE = { code: 'BAD_QUERY', message: 'page must be a whole number of at least 1.', fields: undefined };
const BAD_SIZE = { code: 'BAD_QUERY', message: 'size must be a whole number from 1 to 100.', fields: undefined };
const BAD_DATE = { code: 'BAD_DATE_RANGE', message: 'Dates must be valid dates in the format MM/DD/YYYY.', fields: undefined };

describe('the documented group list queries (invoiceCatalogs, invoiceGroups)', () => {
  it('reads page and size as numbers; blank or absent is absent', async () => {
    for (const dto of [UninvoicedSessionsQueryDto, InvoiceGroupsQueryDto]) {
      expect(await read(dto, { page: '3', size: ' 10 ' })).toEqual({ page: 3, size: 10 });
      expect(await read(dto, { page: '', size: '' })).toEqual({});
      expect(await read(dto, {})).toEqual({});
    }
  });

  it.each([['0'], ['-1'], ['1.5'], ['x'], [' '], ['9999999999'], [['1', '2']]])('refuses page %j as the call documents', async (page) => {
    expect(await refusal(UninvoicedSessionsQueryDto, { page })).toEqual(BAD_PAGE);
    expect(await refusal(InvoiceGroupsQueryDto, { page, startDate: 'x' })).toEqual(BAD_PAGE);
  });

  it.each([['0'], ['101'], ['ten']])('refuses size %j as the call documents', async (size) => {
    expect(await refusal(UninvoicedSessionsQueryDto, { size })).toEqual(BAD_SIZE);
    expect(await refusal(InvoiceGroupsQueryDto, { size, endDate: 'x' })).toEqual(BAD_SIZE);
  });

  it('keeps the dates as sent (dateRange reads them) and refuses what is not a date', async () => {
    expect(await read(InvoiceGroupsQueryDto, { startDate: '03/01/2025', endDate: '2025-05-01' })).toEqual({
      startDate: '03/01/2025',
      endDate: '2025-05-01',
    });
    expect(await read(InvoiceGroupsQueryDto, { startDate: ' ', endDate: '' })).toEqual({ startDate: ' ', endDate: '' });
    for (const bad of ['2025-13-01', '02/30/2025', '11/05/26', ['03/01/2025', '03/02/2025']]) {
      expect(await refusal(InvoiceGroupsQueryDto, { endDate: bad })).toEqual(BAD_DATE);
    }
  });

  it('takes no other parameter', async () => {
    expect((await refusal(UninvoicedSessionsQueryDto, { startDate: '03/01/2025' })).code).toBe('UNKNOWN_FIELDS');
    expect((await refusal(InvoiceGroupsQueryDto, { houseId: '1' })).code).toBe('UNKNOWN_FIELDS');
  });
});
