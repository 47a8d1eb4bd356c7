/** Floor edits of hammer, buyer's premium and live fee, through InvoiceMutations (re-priced from the overrides). */
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../../core/auth/principal';
import type { InvoiceView } from '../../invoices/invoice.view';
import { NoChange } from '../core/edit-state';
import { EditRunner } from '../core/edit-runner';
import { planFloorEdit, type FloorEditRequest } from './floor-edit.rules';

export interface FloorEditAnswer {
  type: 'invoice';
  id: string;
  attributes: InvoiceView & { success: true; changed: boolean };
}

@Injectable()
export class FloorEditService {
  constructor(private readonly runner: EditRunner) {}

  async edit(p: Principal, req: FloorEditRequest): Promise<FloorEditAnswer> {
    const house = await this.runner.house(p.houseId);
    const out = await this.runner.edit(
      { houseId: p.houseId, invoiceId: req.invoiceId, version: req.version, actor: p, action: 'floor-edit' },
      house,
      async (ctx, state) => {
        const updates = planFloorEdit(state, req);
        if (!updates.length) throw new NoChange(state.invoice.version);
        for (const u of updates) {
          // The result's hammer is kept the first time the hammer is overridden (reprice reads it, not hammer_cents).
          await ctx.exec(
            `update invoice_line set result_hammer_cents = coalesce(result_hammer_cents, hammer_cents), hammer_override_cents = ?, premium_override_cents = ?, live_fee_override_cents = ?
            where id = ? and house_id = ?`,
            [u.after.hammer, u.after.premium, u.after.liveFee, u.line.id, p.houseId],
          );
        }
      },
    );
    const invoice = await this.runner.invoice(p.houseId, req.invoiceId);
    return { type: 'invoice', id: String(req.invoiceId), attributes: { ...invoice, success: true, changed: out.changed } };
  }
}
