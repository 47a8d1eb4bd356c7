/**
 * The Lot page's calls (spec 001 section 7 "Lot page") and the single-lot delete of the summary.
 * Answers are `{ data: ... }` (docs/decisions/lot-page.md).
 */
import type { LotInput, LotView } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';

export interface NumberedLot {
  lotID: number;
  lotNumber: string | null;
  lotExt: string | null;
  invNumber: string | null;
}

export const LOT_KEYS = {
  lot: (catalogId: string, lotKey: string) => ['lot', catalogId, lotKey] as const,
  numbers: (catalogId: string) => ['lot', catalogId, 'numbers'] as const,
};

const base = (catalogId: string) => `/cps/app/catalog/${encodeURIComponent(catalogId)}`;

export async function fetchLot(dp: AppDataProvider, catalogId: string, lotKey: string): Promise<LotView> {
  const res = await dp.call<{ data: { lots: LotView[] } }>('GET', `${base(catalogId)}/${encodeURIComponent(lotKey)}`);
  return res.data.lots[0];
}

/** The session's other lots (`/lots`, not deleted), deleted lots and absentee bids, the form's number checks need. */
export async function fetchNumbers(dp: AppDataProvider, catalogId: string) {
  const [all, deleted, bids] = await Promise.all([
    dp.call<{ data: { lots: (NumberedLot & { status: string })[] } }>('GET', `${base(catalogId)}/lots`),
    dp.call<{ data: { deletedLotsArray: NumberedLot[] } }>('GET', `${base(catalogId)}/deletedlots`),
    dp.call<{ data: { orderbids: { lotID: number; orderbidCount: number }[] } }>('GET', `${base(catalogId)}/orderbids`),
  ]);
  return { lots: all.data.lots.filter((l) => l.status !== 'd'), deleted: deleted.data.deletedLotsArray, orderbids: bids.data.orderbids };
}

export async function saveLot(dp: AppDataProvider, catalogId: string, lotId: number | null, body: LotInput): Promise<LotView> {
  const path = `${base(catalogId)}/lot/${lotId === null ? 'new' : 'update'}`;
  const res = await dp.call<{ data: { lots: LotView[] } }>('POST', path, lotId === null ? body : { ...body, lotID: lotId });
  return res.data.lots[0];
}

export async function deleteLot(dp: AppDataProvider, catalogId: number, lot: NumberedLot): Promise<void> {
  await dp.call('POST', '/cps/app/lot/delete', {
    catalogID: catalogId,
    lotNumber: lot.lotNumber,
    lotExt: lot.lotExt,
    inventoryNumber: lot.lotNumber === null ? lot.invNumber : null,
  });
}
