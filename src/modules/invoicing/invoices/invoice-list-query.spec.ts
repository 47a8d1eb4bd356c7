import { parseRaListQuery } from '../../../core/http/ra-list-query';
import { criteriaFromRa, groupDetailsCriteria, INVOICE_SORTABLE, invoiceSql, parseIds, QUERY_TEXT } from './invoice-list-query';
import { InvoicesError } from './invoices.errors';
import { likeContains } from '../../../core/validation/sql-text';

const fieldErrors = (fn: () => unknown): Record<string, string> | undefined => {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvoicesError) return { ...e.fieldErrors, code: e.code };
    throw e;
  }
  return undefined;
};

describe('invoice list criteria', () => {
  it('groupDetailInfo: everything by default; size pages from page 1, page alone is ignored', () => {
    expect(groupDetailsCriteria(4, {})).toMatchObject({ groupId: 4, status: 'ALL', search: undefined, offset: 0, limit: null });
    expect(groupDetailsCriteria(4, { size: 50, page: 3, status: 'UNPAID', search: 'Smith' })).toMatchObject({
      status: 'UNPAID',
      search: 'Smith',
      offset: 100,
      limit: 50,
    });
    expect(groupDetailsCriteria(4, { page: 2 })).toMatchObject({ offset: 0, limit: null });
  });

  it('groupDetailInfo: a page whose first row is beyond a safe offset is refused as a bad page', () => {
    expect(fieldErrors(() => groupDetailsCriteria(4, { page: Number.MAX_SAFE_INTEGER, size: 500 }))).toEqual({
      code: 'VALIDATION_FAILED',
      page: QUERY_TEXT.page,
    });
  });

  it('react-admin filter: group, status, q and id; unknown filters refused', () => {
    const ra = (filter: object, extra: Record<string, string> = {}) =>
      parseRaListQuery({ filter: JSON.stringify(filter), ...extra }, { sortable: INVOICE_SORTABLE });
    expect(criteriaFromRa(ra({ invoiceGroupId: 5, status: 'PAID', q: 'ada' }))).toMatchObject({
      groupId: 5,
      status: 'PAID',
      search: 'ada',
      sort: { field: 'invoiceNumber', order: 'ASC' },
    });
    expect(criteriaFromRa(ra({ invoiceGroupID: '6', id: [3, '4', 3] }))).toMatchObject({ groupId: 6, ids: [3, 4] });
    expect(criteriaFromRa(ra({}, { sort: '["outStandingBalance","DESC"]', range: '[50,99]' }))).toMatchObject({
      sort: { field: 'outStandingBalance', order: 'DESC' },
      offset: 50,
      limit: 50,
    });
    expect(fieldErrors(() => criteriaFromRa(ra({ houseId: 1, invoiceGroupId: 'x', status: 1 })))).toEqual({
      code: 'VALIDATION_FAILED',
      houseId: 'Cannot filter by houseId.',
      invoiceGroupId: QUERY_TEXT.group,
      status: QUERY_TEXT.status,
    });
    expect(fieldErrors(() => criteriaFromRa(ra({ id: [1, -2] })))).toMatchObject({ id: QUERY_TEXT.ids });
  });

  it('ids: positive whole numbers (or their text), deduplicated, at most 5000', () => {
    expect(parseIds([1, '2', 2, 3])).toEqual([1, 2, 3]);
    expect(parseIds(7)).toEqual([7]);
    for (const bad of [[0], [1.5], ['1e3'], [null], [{}], ['-1'], [Number.MAX_SAFE_INTEGER + 1]])
      expect(fieldErrors(() => parseIds(bad))).toMatchObject({ ids: QUERY_TEXT.ids });
    expect(fieldErrors(() => parseIds(Array.from({ length: 5001 }, (_, i) => i + 1)))).toMatchObject({ ids: QUERY_TEXT.ids });
  });

  it('SQL: always scoped by house, search escapes LIKE wildcards, a stable order', () => {
    const c = groupDetailsCriteria(9, { status: 'PAID', search: '50%_off\\' });
    const sql = invoiceSql(3, c);
    expect(sql.where.startsWith('i.house_id = ? and i.group_id = ?')).toBe(true);
    expect(sql.params.slice(0, 2)).toEqual([3, 9]);
    expect(sql.params).toContain('%50\\%\\_off\\\\%');
    expect(sql.orderBy).toBe('i.invoice_number asc, i.id asc');
    expect(likeContains('a')).toBe('%a%');
    const byName = invoiceSql(3, { status: 'UNPAID', sort: { field: 'name', order: 'DESC' }, offset: 0, limit: 10 });
    expect(byName.where).toContain('not coalesce(i.all_paid');
    expect(byName.orderBy).toBe('lower(i.last_name) desc, lower(i.first_name) desc, i.invoice_number desc, i.id desc');
    expect(invoiceSql(3, { status: 'ALL', ids: [], sort: { field: 'id', order: 'ASC' }, offset: 0, limit: null }).where).toContain('false');
  });
});
