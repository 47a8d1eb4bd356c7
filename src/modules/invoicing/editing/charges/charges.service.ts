/**
 * `POST additionalCharges`: staff charges (tax, shipping, insurance, other) on a lot, on an
 * invoice, or — once the invoice is paid under processor p with online payment — as additional
 * charges. Every change goes through InvoiceMutations (row lock, version, re-pricing, audit).
 */
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../../core/auth/principal';
import type { InvoiceView, TotalsStrip } from '../../invoices/invoice.view';
import { NoChange } from '../core/edit-state';
import { additionalAuditKey, CHARGE_FIELDS, planCharges, type ChargePlan, type ChargeRequest } from './charges.rules';
import { EditRunner } from '../core/edit-runner';
import type { MutationContext } from '../core/invoice-mutations.service';

export interface ChargeSaveResult {
  invoiceID: number;
  version: number;
  /** The charges went into additional charges (shown as Add'l). */
  additionalCharge: boolean;
  changed: boolean;
}

export interface ChargesAnswer extends ChargeSaveResult {
  success: true;
  /** Every invoice saved (one per invoice named in the request). */
  invoices: ChargeSaveResult[];
  /** The (first) invoice as the read calls answer it, after the change. */
  invoice: InvoiceView;
  /** With isLastInvoice: the group's totals strip, to refresh once at the end of a Save & Next run. */
  totals?: TotalsStrip;
}

@Injectable()
export class ChargesService {
  constructor(private readonly runner: EditRunner) {}

  async save(p: Principal, requests: readonly ChargeRequest[]): Promise<ChargesAnswer> {
    const house = await this.runner.house(p.houseId);
    const saved = await this.runner.all(requests, async (req) => {
      let kind: ChargePlan['kind'] | null = null;
      const out = await this.runner.edit(
        { houseId: p.houseId, invoiceId: req.invoiceId, version: req.version, actor: p, action: 'charges' },
        house,
        async (ctx, state) => {
          const plan = planCharges(state, req);
          kind = plan.kind;
          if (!plan.updates.length) throw new NoChange(state.invoice.version);
          await apply(ctx, p.houseId, req.invoiceId, plan);
          return plan.kind;
        },
      );
      return {
        invoiceID: req.invoiceId,
        version: out.version,
        additionalCharge: kind === 'additional',
        changed: out.changed,
      } satisfies ChargeSaveResult;
    });
    const first = saved[0];
    const invoice = await this.runner.invoice(p.houseId, first.invoiceID);
    const answer: ChargesAnswer = { success: true, ...first, invoices: saved, invoice };
    if (requests.some((r) => r.isLastInvoice)) answer.totals = await this.runner.groupTotals(p.houseId, invoice.invoiceGroupID);
    return answer;
  }
}

async function apply(ctx: MutationContext, houseId: number, invoiceId: number, plan: ChargePlan): Promise<void> {
  if (plan.kind === 'line') {
    for (const u of plan.updates) {
      await ctx.exec(
        'update invoice_line set tax_entered_cents = ?, shipping_cents = ?, insurance_cents = ?, other_staff_cents = ? where id = ? and house_id = ?',
        [u.after.tax, u.after.shipping, u.after.insurance, u.after.other, u.line.id, houseId],
      );
    }
    return;
  }
  if (plan.kind === 'invoice') {
    const { after } = plan.updates[0];
    await ctx.exec(
      'update invoice set tax_cents = ?, shipping_cents = ?, insurance_cents = ?, other_cents = ? where id = ? and house_id = ?',
      [after.tax, after.shipping, after.insurance, after.other, invoiceId, houseId],
    );
    return;
  }
  for (const u of plan.updates) {
    const zero = CHARGE_FIELDS.every((f) => u.after[f] === 0);
    if (u.existing && zero) {
      await ctx.exec('delete from invoice_additional_charge where id = ? and house_id = ?', [u.existing.id, houseId]);
    } else if (u.existing) {
      await ctx.exec(
        'update invoice_additional_charge set tax_cents = ?, shipping_cents = ?, insurance_cents = ?, other_cents = ?, updated_at = now() where id = ? and house_id = ?',
        [u.after.tax, u.after.shipping, u.after.insurance, u.after.other, u.existing.id, houseId],
      );
    } else {
      await ctx.exec(
        `insert into invoice_additional_charge (house_id, invoice_id, line_id, tax_cents, shipping_cents, insurance_cents, other_cents, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, now(), now())`,
        [houseId, invoiceId, u.lineId, u.after.tax, u.after.shipping, u.after.insurance, u.after.other],
      );
    }
    for (const f of CHARGE_FIELDS)
      if (u.before[f] !== u.after[f]) ctx.audit(additionalAuditKey(u.lineId, f), String(u.before[f]), String(u.after[f]));
  }
}
