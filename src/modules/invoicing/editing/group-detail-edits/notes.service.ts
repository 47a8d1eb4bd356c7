/** The internal note of invoices (one, or the same note on a selection: Bulk add note), through InvoiceMutations. */
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../../core/auth/principal';
import { NoChange } from '../core/edit-state';
import { EditRunner, type EditAnswer } from '../core/edit-runner';
import { duplicateInvoice, noteChanges, type NoteEntry } from './notes.rules';

@Injectable()
export class NotesService {
  constructor(private readonly runner: EditRunner) {}

  async saveNotes(p: Principal, groupId: number, entries: readonly NoteEntry[]): Promise<EditAnswer> {
    if (new Set(entries.map((e) => e.invoiceId)).size !== entries.length) throw duplicateInvoice();
    const house = await this.runner.house(p.houseId);
    const outcomes = await this.runner.all(entries, (entry) =>
      this.runner.edit(
        { houseId: p.houseId, invoiceId: entry.invoiceId, version: entry.version, actor: p, action: 'note', groupId, internal: true },
        house,
        async (ctx, state) => {
          if (!noteChanges(state.invoice.notes, entry.notes)) throw new NoChange(state.invoice.version);
          ctx.skipPricing();
          await ctx.exec('update invoice set notes = ? where id = ? and house_id = ?', [entry.notes, entry.invoiceId, p.houseId]);
        },
      ),
    );
    return this.runner.answer(p.houseId, outcomes);
  }
}
