import type { LotResultLock } from '../../lots/results/result-locks';

/**
 * While an invoice group's invoices are being created, the results of its sessions cannot change:
 * the creation reads them once and writes the invoice lines later. Registered with the lots
 * module's LotResultLocks by InvoicingModule; the results import asks it under the sale's results
 * lock, which the group's creation and retry take while they mark the sessions (see
 * InvoiceGroupsService), so an import and a creation never overlap.
 */
export const GROUPS_IN_PROGRESS_LOCK: LotResultLock = {
  name: 'invoice-groups-in-progress',
  async lockedLots() {
    return new Map<number, string>();
  },
  async anyLotLocked() {
    return false;
  },
  async lockedCatalogs(em, houseId, catalogIds) {
    const rows: { catalog_id: number; title: string }[] = await em.execute(
      `select distinct on (gc.catalog_id) gc.catalog_id, g.title from invoice_group g join invoice_group_catalog gc on gc.group_id = g.id
        where g.house_id = ? and not g.invoice_created and g.creation_error is null and gc.catalog_id in (${catalogIds.map(() => '?').join(', ')})
        order by gc.catalog_id, g.id`,
      [houseId, ...catalogIds],
    );
    return new Map(
      rows.map((r) => [
        r.catalog_id,
        `its session is being invoiced in the invoice group "${r.title}", so its result cannot be changed until its invoices are created.`,
      ]),
    );
  },
};
