/**
 * Bulk add note (spec 000 §2, Invoice Group Details toolbar: "Bulk contact and Bulk add note (with a
 * selection)"). The note is appended to each selected invoice's internal note (contact.rules.ts
 * `appendNote`), so a bulk action never overwrites a note someone wrote on one invoice; an invoice
 * already ending with the same text is left alone; a note that would grow past the single note's
 * limit (2,000 characters) refuses the whole action. Each changed invoice is one InvoiceMutations
 * change (audit action `note`, no re-pricing); all of them commit together or not at all.
 */
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../../core/auth/principal';
import { appendNote, BulkNoteInput, noteTooLong, notesTooLong } from './contact.rules';
import { loadSelection } from './contact-selection';
import { InvoiceMutations } from '../core/invoice-mutations.service';

const NOTE_AUDIT_ACTION = 'note';

export interface BulkNoteResult {
  invoices: { invoiceID: number; version: number; notes: string | null; changed: boolean }[];
}

@Injectable()
export class InvoiceBulkNotesService {
  constructor(
    private readonly em: EntityManager,
    private readonly mutations: InvoiceMutations,
  ) {}

  async bulkNote(
    houseId: number,
    actor: Pick<Principal, 'userId' | 'userName'>,
    groupId: number,
    input: BulkNoteInput,
  ): Promise<BulkNoteResult> {
    const selection = await loadSelection(this.em, houseId, groupId, input.invoiceIds);
    const tooLong = selection.invoices.filter((i) => noteTooLong(appendNote(i.notes, input.notes) ?? ''));
    if (tooLong.length) throw notesTooLong(tooLong.map((i) => i.invoiceNumber));
    const changing = selection.invoices.filter((i) => appendNote(i.notes, input.notes) !== null);
    // One set-based change for the invoices the note changes (rows locked in id order).
    const outcomes = await this.mutations.mutateMany(
      changing.map((inv) => ({ houseId, invoiceId: inv.id, actor, action: NOTE_AUDIT_ACTION, internal: true })),
      async (ctx, _target, i) => {
        ctx.skipPricing();
        // Appended to the note as it is now (locked), not as it was read above.
        const current = ctx.invoice.notes;
        const next = appendNote(current, input.notes);
        if (next !== null && noteTooLong(next)) throw notesTooLong([changing[i].invoiceNumber]);
        if (next !== null)
          await ctx.exec('update invoice set notes = ?, updated_at = now() where id = ? and house_id = ?', [next, ctx.invoice.id, houseId]);
        return next ?? current;
      },
    );
    const done = new Map(
      outcomes.map((o) => [o.invoiceId, { invoiceID: o.invoiceId, version: o.version, notes: o.result, changed: o.changed }]),
    );
    return {
      invoices: selection.invoices.map((i) => done.get(i.id) ?? { invoiceID: i.id, version: i.version, notes: i.notes, changed: false }),
    };
  }
}
