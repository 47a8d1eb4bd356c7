import type { LotResultLock } from '../../lots/results/result-locks';
import { INVOICES_LOCK_NAME } from '../../lots/results/result-locks';

/**
 * A lot on an invoice keeps its result: the invoice line copied its hammer, and the bidder was
 * invoiced for it. Registered with the lots module's LotResultLocks by InvoicingModule, so the
 * results import (and any other writer of results) refuses to change it, inside its transaction.
 */
export const INVOICED_LOTS_LOCK: LotResultLock = {
  name: INVOICES_LOCK_NAME,
  async lockedLots(em, houseId, lotIds) {
    const out = new Map<number, string>();
    for (let i = 0; i < lotIds.length; i += 5000) {
      const batch = lotIds.slice(i, i + 5000);
      const rows: { lot_id: number; invoice_number: number }[] = await em.execute(
        `select l.lot_id, i.invoice_number from invoice_line l join invoice i on i.id = l.invoice_id
          where l.house_id = ? and l.lot_id in (${batch.map(() => '?').join(', ')})`,
        [houseId, ...batch],
      );
      for (const r of rows) out.set(r.lot_id, `it is on invoice ${r.invoice_number}, so its result cannot be changed.`);
    }
    return out;
  },
  async anyLotLocked(em, houseId, catalogId) {
    const [r]: { locked: boolean }[] = await em.execute(
      `select exists (select 1 from lot l join invoice_line il on il.lot_id = l.id and il.house_id = l.house_id
                       where l.house_id = ? and l.catalog_id = ?) as locked`,
      [houseId, catalogId],
    );
    return r.locked;
  },
};
