import type { EntityManager } from '@mikro-orm/postgresql';
import type { LotInput, SheetError } from '@ar/rules';

/**
 * The Standard sheet's optional "Consignor" column: a consignor of the house by email or by name
 * (any case, spaces squeezed), written to lot.consignor_id on save. A blank cell leaves the lot's
 * consignor as it is. Read here with one scoped query (the lots module cannot import settlements,
 * which imports lots). Decisions: docs/decisions/lot-spreadsheets.md "Consignor column".
 */
export type SheetLotInput = LotInput & { consignor?: string | null };

/** Ours (the spec's codes stop at 179; 180 is the free-text limit). */
export const SHEET_CONSIGNOR_CODE = 181;

export const SHEET_CONSIGNOR_TEXT = {
  unknown: (v: string) =>
    `Consignor "${v}" is not a consignor of this house. Add them under Consignors first, or write their name or email exactly.`,
  ambiguous: (v: string) => `Several consignors are named "${v}": write the consignor's email instead.`,
} as const;

export interface ConsignorRef {
  id: number;
  name: string;
  email: string | null;
}

const squeeze = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The consignor a cell names: its id, or the error text. The email wins over a name. */
export function matchSheetConsignor(text: string, consignors: readonly ConsignorRef[]): number | { error: string } {
  const key = squeeze(text);
  const byEmail = consignors.find((c) => c.email && c.email.trim().toLowerCase() === key);
  if (byEmail) return byEmail.id;
  const named = consignors.filter((c) => squeeze(c.name) === key);
  if (named.length > 1) return { error: SHEET_CONSIGNOR_TEXT.ambiguous(text.trim()) };
  return named[0]?.id ?? { error: SHEET_CONSIGNOR_TEXT.unknown(text.trim()) };
}

/** Each row's consignor id (rows with a consignor cell only), and the rows whose cell matches none of the house's. */
export async function resolveSheetConsignors(
  em: EntityManager,
  houseId: number,
  lots: readonly (SheetLotInput & { id: number })[],
): Promise<{ ids: Map<number, number>; errors: SheetError[] }> {
  const ids = new Map<number, number>();
  const errors: SheetError[] = [];
  const named = lots.filter((l) => typeof l.consignor === 'string' && l.consignor.trim() !== '');
  if (!named.length) return { ids, errors };
  const consignors = await em.execute<ConsignorRef[]>('select id, name, email from consignor where house_id = ?', [houseId]);
  for (const l of named) {
    const m = matchSheetConsignor(l.consignor!, consignors);
    if (typeof m === 'number') ids.set(l.id, m);
    else
      errors.push({
        errorCode: SHEET_CONSIGNOR_CODE,
        displayMsg: m.error,
        lotNumber:
          l.lotNumber == null || l.lotNumber === '' ? null : `${String(l.lotNumber).trim()}${(l.lotExt ?? '').trim().toUpperCase()}`,
        invNumber: l.invNumber?.trim() || null,
        referenceMsg: 'consignor',
        row: l.id,
        field: null,
      });
  }
  return { ids, errors };
}
