import { DomainError } from '../errors/domain-error';
import { idFromNumber } from '../validation/int4';
import type { RaListQueryDto } from './ra-list-query.dto';
import { assertSafeInput } from './safe-input';

/** A react-admin (ra-data-simple-rest) list request: `?sort=["f","ASC"]&range=[0,24]&filter={...}`. */
export interface RaListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

/** The most rows any list answers in one page, on either face (react-admin `range`, groupDetailInfo `size`). */
export const MAX_PAGE_SIZE = 500;

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new DomainError('bad_request', 'BAD_QUERY', `Query parameter ${name} must be JSON.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new DomainError('bad_request', 'BAD_QUERY', `Query parameter ${name} must be JSON.`);
  }
  // JSON escapes (`\u0000`, `\ud800`) pass the edge check of the raw query: the same rule, after parsing.
  assertSafeInput(parsed);
  return parsed;
}

/**
 * Parses and validates sort, range and filter. `sortable` lists the fields a client may sort by
 * (anything else is a 400, so no column name from a client ever reaches SQL unchecked).
 */
export function parseRaListQuery(
  query: RaListQueryDto,
  opts: { sortable: readonly string[]; defaultSort?: RaListQuery['sort']; defaultLimit?: number },
): RaListQuery {
  const sortRaw = parseJson('sort', query.sort);
  let sort = opts.defaultSort ?? null;
  if (sortRaw !== undefined) {
    if (
      !Array.isArray(sortRaw) ||
      sortRaw.length !== 2 ||
      typeof sortRaw[0] !== 'string' ||
      !['ASC', 'DESC'].includes(String(sortRaw[1]).toUpperCase())
    ) {
      throw new DomainError('bad_request', 'BAD_QUERY', 'Query parameter sort must be ["field","ASC|DESC"].');
    }
    if (!opts.sortable.includes(sortRaw[0])) {
      throw new DomainError('bad_request', 'BAD_QUERY', `Cannot sort by ${sortRaw[0]}.`);
    }
    sort = { field: sortRaw[0], order: String(sortRaw[1]).toUpperCase() as 'ASC' | 'DESC' };
  }
  const rangeRaw = parseJson('range', query.range);
  let offset = 0;
  let limit = opts.defaultLimit ?? 25;
  if (rangeRaw !== undefined) {
    if (
      !Array.isArray(rangeRaw) ||
      rangeRaw.length !== 2 ||
      !rangeRaw.every((n) => Number.isInteger(n) && n >= 0) ||
      rangeRaw[1] < rangeRaw[0]
    ) {
      throw new DomainError('bad_request', 'BAD_QUERY', 'Query parameter range must be [start,end] with 0 <= start <= end.');
    }
    offset = rangeRaw[0];
    limit = Math.min(rangeRaw[1] - rangeRaw[0] + 1, MAX_PAGE_SIZE);
  }
  const filterRaw = parseJson('filter', query.filter) ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
    throw new DomainError('bad_request', 'BAD_QUERY', 'Query parameter filter must be a JSON object.');
  }
  return { sort, offset, limit, filter: filterRaw as Record<string, unknown> };
}

/** `Content-Range: {resource} {start}-{end}/{total}`, the total react-admin pages by. */
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  if (count === 0) return `${resource} */${total}`;
  return `${resource} ${offset}-${offset + count - 1}/${total}`;
}

/**
 * A react-admin `id` filter (getMany sends `filter={"id":[1,2]}`; one id is accepted too): the ids,
 * deduplicated, or null when it is not whole numbers (each list answers that in its own words).
 * Whole numbers outside PostgreSQL's integer name no record: dropped, never sent to SQL.
 */
export function raFilterIds(value: unknown): number[] | null {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) return null;
  return [...new Set(list.map(idFromNumber).filter((id): id is number => id !== null))];
}
