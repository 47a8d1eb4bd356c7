/** Pickup or shipping, through InvoiceMutations (no money moves: not re-priced). */
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../../core/auth/principal';
import { NoChange } from '../core/edit-state';
import { EditRunner, type EditAnswer } from '../core/edit-runner';
import { checkDeliveryChange, type DeliveryEntry } from './delivery-mode.rules';
import { duplicateInvoice } from './notes.rules';

@Injectable()
export class DeliveryModeService {
  constructor(private readonly runner: EditRunner) {}

  async setDeliveryModes(p: Principal, groupId: number, entries: readonly DeliveryEntry[]): Promise<EditAnswer> {
    if (new Set(entries.map((e) => e.invoiceId)).size !== entries.length) throw duplicateInvoice();
    const house = await this.runner.house(p.houseId);
    const outcomes = await this.runner.all(entries, (entry) =>
      this.runner.edit(
        { houseId: p.houseId, invoiceId: entry.invoiceId, version: entry.version, actor: p, action: 'delivery-mode', groupId },
        house,
        async (ctx, state) => {
          if (!checkDeliveryChange(state, entry.pickup)) throw new NoChange(state.invoice.version);
          ctx.skipPricing();
          await ctx.exec('update invoice set pickup = ? where id = ? and house_id = ?', [entry.pickup, entry.invoiceId, p.houseId]);
        },
      ),
    );
    return this.runner.answer(p.houseId, outcomes);
  }
}
