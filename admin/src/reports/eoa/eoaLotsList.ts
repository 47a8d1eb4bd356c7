// Type-only react-admin imports: this module loads lazily with the list (appListResources) and in unit tests.
import type { GetListParams, GetListResult } from 'react-admin';
import type { EoaLot, EoaLotsPage, EoaTotals } from '@ar/rules';
import { housePath } from '../../api/housePath';

/** A lot as a record of the `eoa-lots` list (id = lotID). */
export type EoaLotRecord = EoaLot & { id: number };

type Call = <T>(method: 'GET', path: string) => Promise<T>;

/**
 * The `eoa-lots` list: react-admin's page, sort and filter as the server's range, sort and filter
 * (the house and session ride in the filter and are taken out); the matching lots' totals as meta.
 */
export async function getEoaLotsList(call: Call, { pagination, sort, filter }: GetListParams): Promise<GetListResult<EoaLotRecord>> {
  const { page = 1, perPage = 50 } = pagination ?? {};
  const { houseRef = '', catalogRef = '', ...rest } = (filter ?? {}) as Record<string, unknown>;
  const start = (page - 1) * perPage;
  const query = new URLSearchParams({
    range: JSON.stringify([start, start + perPage - 1]),
    sort: JSON.stringify([sort?.field && sort.field !== 'id' ? sort.field : 'lotNumber', sort?.order ?? 'ASC']),
    filter: JSON.stringify(Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''))),
  });
  const res = await call<{ data: EoaLotsPage }>(
    'GET',
    `${housePath(String(houseRef), `eoa/${encodeURIComponent(String(catalogRef))}/lots`)}?${query}`,
  );
  return {
    data: res.data.lots.map((l) => ({ ...l, id: l.lotID })),
    total: res.data.total,
    meta: { totals: res.data.totals satisfies EoaTotals },
  };
}
