/**
 * The Preview and Summary & Publish calls (spec 001 section 7 "Preview, summary and publish";
 * shapes: docs/decisions/summary-publish.md).
 */
import type { GetListParams, GetListResult } from 'react-admin';
import type { SessionPreview, SessionSummary, SummaryLot } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { getWithCsrf } from '../../common/csrfGet';

export type SessionKind = 'bin' | 'live' | 'timed';

export interface StepProps {
  type: SessionKind;
  groupId: number;
  catalogId: number;
}

const base = (catalogId: number) => `/cps/app/catalog/${catalogId}`;

export const SUMMARY_KEYS = {
  summary: (catalogId: number) => ['session-summary', catalogId] as const,
  catalogUrl: (catalogId: number) => ['session-summary', catalogId, 'url'] as const,
};

export async function fetchSummary(dp: AppDataProvider, catalogId: number): Promise<SessionSummary> {
  return (await dp.call<{ data: SessionSummary }>('GET', `${base(catalogId)}/summary`)).data;
}

export async function fetchCatalogUrl(dp: AppDataProvider, catalogId: number): Promise<string | null> {
  const res = await dp.call<{ data: { catalogURLMap: Record<string, string> } }>('GET', `/app/catalogURL/${catalogId}`);
  return res.data.catalogURLMap[String(catalogId)] ?? null;
}

export async function publishAll(catalogId: number): Promise<void> {
  await getWithCsrf(`${base(catalogId)}/publishlots`);
}

export async function publishSelected(dp: AppDataProvider, catalogId: number, lots: SummaryLot[]): Promise<void> {
  await dp.call('POST', `${base(catalogId)}/lots/publish`, {
    lots: lots.filter((l) => l.lotNumber !== null).map((l) => ({ lotNumber: l.lotNumber, lotExt: l.lotExt })),
  });
}

/** Lots with a number go by number, the others by inventory number (two calls when both are selected). */
export async function deleteSelected(dp: AppDataProvider, catalogId: number, lots: SummaryLot[]): Promise<void> {
  const numbers = lots.filter((l) => l.lotNumber !== null).map((l) => `${l.lotNumber}${l.lotExt ?? ''}`);
  const inventory = lots.filter((l) => l.lotNumber === null && l.invNumber).map((l) => l.invNumber!);
  if (numbers.length) await dp.call('POST', `${base(catalogId)}/lots/delete`, { lotNumbers: numbers });
  if (inventory.length) await dp.call('POST', `${base(catalogId)}/lots/deleteByInventoryNumber`, { inventoryNumbers: inventory });
}

export async function saveFeatured(dp: AppDataProvider, catalogId: number, ids: number[]): Promise<void> {
  await dp.call('POST', `/cps/app/featuredLots/catalog/${catalogId}`, { featuredLots: ids });
}

export async function selectCover(dp: AppDataProvider, catalogId: number, url: string): Promise<void> {
  await dp.call('POST', `${base(catalogId)}/selectcoverimage`, { httpThumbPath: url });
}

/** The react-admin list resource of the preview grid: filter `{ catalogId, q }`; `meta.catalog`. */
export { SESSION_PREVIEW } from '../../api/appListResources';

type Call = <T>(method: 'GET', path: string) => Promise<T>;

export async function getPreviewList(call: Call, { pagination, filter }: GetListParams): Promise<GetListResult> {
  const { page = 1, perPage = 50 } = pagination ?? {};
  const q = new URLSearchParams({ page: String(page), size: String(perPage) });
  if (filter?.q) q.set('search', String(filter.q));
  const res = await call<{ data: { data: SessionPreview } }>('GET', `${base(Number(filter?.catalogId))}/preview?${q}`);
  const p = res.data.data;
  return { data: p.lots.map((l) => ({ ...l, id: l.lotID })), total: p.totalRecords, meta: { catalog: p.catalog } };
}
