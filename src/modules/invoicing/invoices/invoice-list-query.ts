/**
 * Which invoices a read call wants: the group, the ALL/UNPAID/PAID filter, the search, the order
 * and the page. Read from both faces (the documented groupDetailInfo query, checked by
 * GroupDetailsQueryDto, and react-admin's `filter`/`sort`/`range`) into one criteria object, and turned into one SQL WHERE and
 * ORDER BY, so paging, filtering and searching always happen in the database.
 */
import { MAX_PAGE_SIZE, type RaListQuery } from '../../../core/http/ra-list-query';
import { idFromInput } from '../../../core/validation/int4';
import { likeContains, placeholders } from '../../../core/validation/sql-text';
import { invoicePaidSql } from '../math/statuses';
import type { GroupDetailsQueryDto } from './group-details-query.dto';
import { InvoicesError } from './invoices.errors';

export const INVOICE_STATUS_FILTERS = ['ALL', 'UNPAID', 'PAID'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/** Sortable fields of `/api/invoices` (react-admin `sort`). */
export const INVOICE_SORTABLE = [
  'id',
  'invoiceID',
  'invoiceNumber',
  'name',
  'firstName',
  'lastName',
  'paddleNumber',
  'invoiceTotal',
  'outStandingBalance',
] as const;
type InvoiceSortField = (typeof INVOICE_SORTABLE)[number];

/** The most ids one groupDetailInfoByInvoice or getMany call may name. */
export const MAX_IDS = 5000;
/** The longest search text. */
export const MAX_SEARCH = 100;

export interface InvoiceCriteria {
  groupId?: number;
  status: InvoiceStatusFilter;
  /** Trimmed and non-empty. */
  search?: string;
  ids?: number[];
  sort: { field: InvoiceSortField; order: 'ASC' | 'DESC' };
  offset: number;
  /** null: every matching invoice. */
  limit: number | null;
}

export const DEFAULT_SORT: InvoiceCriteria['sort'] = { field: 'invoiceNumber', order: 'ASC' };

export const QUERY_TEXT = {
  status: 'Status must be ALL, UNPAID or PAID.',
  page: 'Page must be a whole number of at least 1.',
  size: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  search: `Search must be text of at most ${MAX_SEARCH} characters.`,
  group: 'Invoice group must be a positive whole number.',
  ids: `Send a list of at most ${MAX_IDS} invoice ids (positive whole numbers).`,
  id: 'Invoice id must be a positive whole number.',
  unknownFilter: (k: string) => `Cannot filter by ${k}.`,
} as const;

function statusOf(v: unknown, errors: Record<string, string>): InvoiceStatusFilter {
  if (v === undefined || v === null || v === '') return 'ALL';
  const s = typeof v === 'string' ? v.trim().toUpperCase() : '';
  if ((INVOICE_STATUS_FILTERS as readonly string[]).includes(s)) return s as InvoiceStatusFilter;
  errors.status = QUERY_TEXT.status;
  return 'ALL';
}

/** The react-admin filter's `q` (a JSON string or number). */
function searchOf(v: unknown, errors: Record<string, string>): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') {
    errors.q = QUERY_TEXT.search;
    return undefined;
  }
  const s = String(v).trim();
  if (s.length > MAX_SEARCH) {
    errors.q = QUERY_TEXT.search;
    return undefined;
  }
  return s === '' ? undefined : s;
}

/** The invoice ids of a body or filter: an array (or one id) of positive whole numbers, deduplicated. */
export function parseIds(raw: unknown, field = 'ids'): number[] {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > MAX_IDS) throw InvoicesError.invalid({ [field]: QUERY_TEXT.ids });
  const out: number[] = [];
  for (const v of list) {
    const id = idFromInput(v);
    if (id === null) throw InvoicesError.invalid({ [field]: QUERY_TEXT.ids });
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * groupDetailInfo's criteria from its checked query (GroupDetailsQueryDto). The one rule across
 * fields: the page's first row must be a safe offset.
 */
export function groupDetailsCriteria(groupId: number, q: GroupDetailsQueryDto): InvoiceCriteria & { groupId: number } {
  const limit = q.size ?? null;
  const offset = limit === null ? 0 : ((q.page ?? 1) - 1) * limit;
  if (!Number.isSafeInteger(offset)) throw InvoicesError.invalid({ page: QUERY_TEXT.page });
  return { groupId, status: q.status ?? 'ALL', search: q.search, sort: DEFAULT_SORT, offset, limit };
}

const RA_FILTERS = ['invoiceGroupId', 'invoiceGroupID', 'status', 'q', 'id'] as const;

/** `/api/invoices` list: filter `invoiceGroupId`, `status`, `q`, `id` (getMany); anything else is a 400. */
export function criteriaFromRa(q: RaListQuery): InvoiceCriteria {
  const errors: Record<string, string> = {};
  for (const k of Object.keys(q.filter)) {
    if (!(RA_FILTERS as readonly string[]).includes(k)) errors[k] = QUERY_TEXT.unknownFilter(k);
  }
  const rawGroup = q.filter.invoiceGroupId ?? q.filter.invoiceGroupID;
  let groupId: number | undefined;
  if (rawGroup !== undefined && rawGroup !== null && rawGroup !== '') {
    const g = idFromInput(rawGroup);
    if (g === null) errors.invoiceGroupId = QUERY_TEXT.group;
    else groupId = g;
  }
  const status = statusOf(q.filter.status, errors);
  const search = searchOf(q.filter.q, errors);
  if (Object.keys(errors).length) throw InvoicesError.invalid(errors);
  const ids = q.filter.id === undefined ? undefined : parseIds(q.filter.id, 'id');
  return {
    groupId,
    status,
    search,
    ids,
    sort: q.sort ? { field: q.sort.field as InvoiceSortField, order: q.sort.order } : DEFAULT_SORT,
    offset: q.offset,
    limit: q.limit,
  };
}

/** "Paid" exactly as `invoiceStatusText` decides it (math/statuses.ts: the rule and its SQL side by side). */
const PAID_SQL = invoicePaidSql('i');

const ORDER_SQL: Record<InvoiceSortField, string[]> = {
  id: ['i.id'],
  invoiceID: ['i.id'],
  invoiceNumber: ['i.invoice_number'],
  name: ['lower(i.last_name)', 'lower(i.first_name)'],
  lastName: ['lower(i.last_name)'],
  firstName: ['lower(i.first_name)'],
  paddleNumber: ['i.paddle_number'],
  invoiceTotal: ['i.invoice_total_cents'],
  outStandingBalance: ['i.balance_cents'],
};

/** WHERE (always scoped by house) and ORDER BY for the invoices table aliased `i`. */
export function invoiceSql(houseId: number, c: InvoiceCriteria): { where: string; params: unknown[]; orderBy: string } {
  const conds = ['i.house_id = ?'];
  const params: unknown[] = [houseId];
  if (c.groupId !== undefined) {
    conds.push('i.group_id = ?');
    params.push(c.groupId);
  }
  if (c.ids) {
    if (!c.ids.length) conds.push('false');
    else {
      conds.push(`i.id in (${placeholders(c.ids)})`);
      params.push(...c.ids);
    }
  }
  if (c.status === 'PAID') conds.push(PAID_SQL);
  if (c.status === 'UNPAID') conds.push(`not ${PAID_SQL}`);
  if (c.search) {
    const like = likeContains(c.search);
    conds.push(`((i.first_name || ' ' || i.last_name) ilike ? or (i.last_name || ' ' || i.first_name) ilike ? or (i.last_name || ', ' || i.first_name) ilike ?
      or coalesce(i.company_name, '') ilike ? or i.invoice_number::text like ?)`);
    params.push(like, like, like, like, like);
  }
  const dir = c.sort.order === 'DESC' ? 'desc' : 'asc';
  const keys = ORDER_SQL[c.sort.field].map((k) => `${k} ${dir}`);
  const tieBreak =
    c.sort.field === 'invoiceNumber' || c.sort.field === 'id' || c.sort.field === 'invoiceID' ? [] : [`i.invoice_number ${dir}`];
  return { where: conds.join(' and '), params, orderBy: [...keys, ...tieBreak, `i.id ${dir}`].join(', ') };
}
