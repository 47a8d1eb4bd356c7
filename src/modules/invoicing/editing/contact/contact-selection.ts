import { EntityManager } from '@mikro-orm/postgresql';
import { InvoicesError } from '../../invoices/invoices.errors';
import { CONTACT_ERROR_TEXT, ContactError, ContactErrorCode } from './contact.errors';
import { placeholders } from '../../../../core/validation/sql-text';

export interface SelectedInvoice {
  id: number;
  memberId: number;
  email: string | null;
  invoiceNumber: number;
  notes: string | null;
  version: number;
}

export interface Selection {
  groupId: number;
  /** The group template's Reply to Email. */
  replyTo: string | null;
  /** In the order asked. */
  invoices: SelectedInvoice[];
}

/**
 * The invoices a bulk action names, all of them of the group, in the caller's house: an unknown
 * group is 404 INVOICE_GROUP_NOT_FOUND; any id that is not an invoice of the group (another group's,
 * another house's, none) refuses the whole action with 404 INVOICE_NOT_FOUND, naming the ids.
 */
export async function loadSelection(em: EntityManager, houseId: number, groupId: number, ids: readonly number[]): Promise<Selection> {
  const conn = em.getConnection();
  const [group] = await conn.execute(
    `select g.id, t.from_email from invoice_group g join invoice_template t on t.id = g.template_id and t.house_id = g.house_id where g.id = ? and g.house_id = ?`,
    [groupId, houseId],
  );
  if (!group) throw InvoicesError.groupNotFound();
  const rows = await conn.execute(
    `select id, member_id, email, invoice_number, notes, version from invoice where house_id = ? and group_id = ? and id in (${placeholders(ids)})`,
    [houseId, groupId, ...ids],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    const text = CONTACT_ERROR_TEXT.notInGroup(missing);
    throw new ContactError(ContactErrorCode.INVOICE_NOT_FOUND, text, { invoiceIDs: text });
  }
  return {
    groupId,
    replyTo: group.from_email || null,
    invoices: ids.map((id) => {
      const r = byId.get(id)!;
      return {
        id,
        memberId: Number(r.member_id),
        email: r.email?.trim() || null,
        invoiceNumber: Number(r.invoice_number),
        notes: r.notes ?? null,
        version: Number(r.version),
      };
    }),
  };
}
