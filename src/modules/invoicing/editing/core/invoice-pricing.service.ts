/**
 * Re-prices invoices after an edit: every line is recomputed from its result (or floor override),
 * the sale's premium steps and live fee, the template's tax and fee rows and the staff charges
 * stored on it, then the invoice totals are rewritten from the rounded lines, charges, additional
 * charges and recorded payments. The same arithmetic that built the invoice (math/), so an edited
 * invoice is exactly what a fresh build with the same inputs would give. Runs inside the caller's
 * transaction; set-based (a few reads, one UPDATE for the lines and one for the invoices, each
 * writing only the rows whose stored amounts differ).
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogsService } from '../../../catalogs/catalogs.service';
import { HousesService } from '../../../houses/houses.service';
import { saleTemplate, TAX_RATE_PROVIDER } from '../../invoices/invoice-builder';
import {
  computeLotLine,
  invoiceTotals,
  StaticUsStateTaxRates,
  type AdditionalCharge,
  type Channel,
  type InvoiceTotals,
  type LotLine,
  type Payment,
  type TaxRateProvider,
} from '../../math';
import { InvoiceTemplatesService } from '../../templates/invoice-templates.service';
import type { TemplateCharging } from '../../templates/group-settings.view';
import {
  INVOICE_COLUMNS,
  invoiceRecord,
  LINE_COLUMNS,
  lineRecord,
  storedLineAmounts,
  type InvoiceLineRecord,
  type InvoiceRecord,
} from '../../invoices/invoice-records';
import { ADDITIONAL_COLUMNS, additionalChargeRecord, type AdditionalChargeRecord } from '../charges/additional-charge-records';
import { PAYMENT_COLUMNS, paymentRecord } from './payment-records';

import { placeholders } from '../../../../core/validation/sql-text';

@Injectable()
export class InvoicePricing {
  constructor(
    private readonly catalogs: CatalogsService,
    private readonly templates: InvoiceTemplatesService,
    private readonly houses: HousesService,
    @Optional() @Inject(TAX_RATE_PROVIDER) private readonly taxRates: TaxRateProvider = new StaticUsStateTaxRates(),
  ) {}

  async reprice(tx: EntityManager, houseId: number, invoiceIds: readonly number[]): Promise<void> {
    if (!invoiceIds.length) return;
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    const q = <T>(sql: string, params: unknown[]) => conn.execute(sql, params, 'all', ctx) as Promise<T[]>;
    // Every table through its one read model; one statement after the other (one pg client per transaction).
    const invoices = (
      await q<Record<string, unknown>>(
        `select ${INVOICE_COLUMNS} from invoice i where i.house_id = ? and i.id in (${placeholders(invoiceIds)})`,
        [houseId, ...invoiceIds],
      )
    ).map(invoiceRecord);
    if (!invoices.length) return;
    const ids = invoices.map((i) => i.id);
    const lines = (
      await q<Record<string, unknown>>(
        `select ${LINE_COLUMNS} from invoice_line l where l.house_id = ? and l.invoice_id in (${placeholders(ids)}) order by l.id`,
        [houseId, ...ids],
      )
    ).map(lineRecord);
    const extras = (
      await q<Record<string, unknown>>(
        `select ${ADDITIONAL_COLUMNS} from invoice_additional_charge a where a.house_id = ? and a.invoice_id in (${placeholders(ids)})`,
        [houseId, ...ids],
      )
    ).map(additionalChargeRecord);
    const payments = (
      await q<Record<string, unknown>>(
        `select ${PAYMENT_COLUMNS} from invoice_payment p where p.house_id = ? and p.voided_at is null and p.invoice_id in (${placeholders(ids)})`,
        [houseId, ...ids],
      )
    ).map(paymentRecord);
    const linesOf = new Map<number, InvoiceLineRecord[]>();
    for (const l of lines) linesOf.set(l.invoiceId, [...(linesOf.get(l.invoiceId) ?? []), l]);
    const groupIds = [...new Set(invoices.map((i) => i.groupId))];
    const groups = await q<{ id: number; template_id: number }>(
      `select id, template_id from invoice_group where house_id = ? and id in (${placeholders(groupIds)})`,
      [houseId, ...groupIds],
    );

    const house = await this.houses.getById(houseId);
    const templateOf = new Map<number, TemplateCharging>();
    for (const g of groups)
      if (!templateOf.has(g.template_id)) templateOf.set(g.template_id, await this.templates.charging(houseId, g.template_id));
    const templateOfGroup = new Map(groups.map((g) => [g.id, templateOf.get(g.template_id)!]));
    const sessions = await this.catalogs.sessions(houseId, [...new Set(lines.map((l) => l.catalogId))]);
    const saleOf = new Map(sessions.map((s) => [s.catalogId, s.groupId]));
    const charging = await this.catalogs.charging(houseId, [...new Set(sessions.map((s) => s.groupId))]);

    const updatedLines: unknown[][] = [];
    const updatedInvoices: unknown[][] = [];
    const paidOfLine = new Map<number, number>();
    for (const p of payments)
      if (p.lineId !== null && p.status === 'settled')
        paidOfLine.set(p.lineId, (paidOfLine.get(p.lineId) ?? 0) + (p.kind === 'refund' ? -1 : 1) * p.amountCents);
    const additionalOfLine = new Map(extras.filter((e) => e.lineId !== null).map((e) => [e.lineId!, e]));
    for (const inv of invoices) {
      const template = templateOfGroup.get(inv.groupId)!;
      const bidder = { countryCode: inv.countryCode, stateCode: inv.stateCode, province: inv.province };
      const own = linesOf.get(inv.id) ?? [];
      const entries = own.map((l) => {
        const sale = charging.get(saleOf.get(l.catalogId)!);
        if (!sale) throw new Error(`No sale charging for session ${l.catalogId}`);
        const line = computeLotLine({
          hammer: l.resultHammerCents ?? l.hammerCents,
          channel: (l.channel ?? inv.channel) as Channel,
          bidder,
          group: { premiumSteps: sale.premiumSteps, liveFeeRate: sale.liveFeeRate },
          template: saleTemplate(template, sale),
          processorType: house.processorType ?? null,
          taxRates: this.taxRates,
          staff: { shipping: l.shippingCents, insurance: l.insuranceCents, other: l.otherStaffCents, tax: l.taxEnteredCents },
          overrides: { hammer: l.hammerOverrideCents, premium: l.premiumOverrideCents, liveFee: l.liveFeeOverrideCents },
        });
        const paid = paidOfLine.get(l.id) ?? 0;
        // Only the lines whose stored amounts differ (a lot's mark changes one line of the invoice).
        if (!storedAsComputed(l, line, paid)) updatedLines.push([l.id, ...storedLineAmounts(line), paid]);
        const add = additionalOfLine.get(l.id);
        return { amounts: line, hidden: l.suppress, additional: add ? toAdditional(add) : null, taxError: line.taxCalculationError };
      });
      const totals = invoiceTotals({
        lines: entries,
        charges: { tax: inv.taxCents, shipping: inv.shippingCents, insurance: inv.insuranceCents, other: inv.otherCents },
        additionalCharges: extras.filter((e) => e.invoiceId === inv.id && e.lineId === null).map(toAdditional),
        payments: payments
          .filter((p) => p.invoiceId === inv.id)
          .map((p): Payment => ({ amount: p.amountCents, kind: p.kind, status: p.status })),
      });
      const taxError = entries.some((e) => e.taxError);
      if (storedTotalsAre(inv, totals, taxError)) continue;
      updatedInvoices.push([
        inv.id,
        totals.itemCount,
        totals.hammer,
        totals.premium,
        totals.liveFee,
        totals.tax,
        totals.shipping,
        totals.insurance,
        totals.other,
        totals.total,
        totals.paymentsMade,
        totals.outstandingBalance,
        taxError,
      ]);
    }
    // Two statements whatever the number of invoices: the totals, then the lines (each when any differs).
    if (updatedInvoices.length)
      await conn.execute(
        `update invoice i set item_count = (r->>1)::int, hammer_total_cents = (r->>2)::bigint, premium_total_cents = (r->>3)::bigint,
         live_fee_total_cents = (r->>4)::bigint, tax_total_cents = (r->>5)::bigint, shipping_total_cents = (r->>6)::bigint,
         insurance_total_cents = (r->>7)::bigint, other_total_cents = (r->>8)::bigint, invoice_total_cents = (r->>9)::bigint,
         payments_made_cents = (r->>10)::bigint, balance_cents = (r->>11)::bigint, tax_calculation_error = (r->>12)::boolean, updated_at = now()
       from jsonb_array_elements(?::jsonb) as r where i.id = (r->>0)::int and i.house_id = ?`,
        [JSON.stringify(updatedInvoices), houseId],
        'run',
        ctx,
      );
    if (updatedLines.length) {
      await conn.execute(
        `update invoice_line l set hammer_cents = (r->>1)::bigint, premium_cents = (r->>2)::bigint, live_fee_cents = (r->>3)::bigint, tax_cents = (r->>4)::bigint,
           fees_cents = (r->>5)::bigint, fee_labels = nullif(r->6, 'null'::jsonb), total_cents = (r->>7)::bigint, tax_calculation_error = (r->>8)::boolean,
           amount_paid_cents = (r->>9)::bigint, updated_at = now()
         from jsonb_array_elements(?::jsonb) as r where l.id = (r->>0)::int and l.house_id = ?`,
        [JSON.stringify(updatedLines), houseId],
        'run',
        ctx,
      );
    }
  }
}

/** The line as stored already carries these amounts (writing it again would change nothing but updated_at). */
function storedAsComputed(l: InvoiceLineRecord, line: LotLine, paid: number): boolean {
  const fees = l.feeLabels ?? [];
  return (
    l.hammerCents === line.hammer &&
    l.premiumCents === line.premium &&
    l.liveFeeCents === line.liveFee &&
    l.taxCents === line.tax &&
    l.feesCents === line.feesTotal &&
    l.totalCents === line.total &&
    l.taxCalculationError === line.taxCalculationError &&
    l.amountPaidCents === paid &&
    fees.length === line.fees.length &&
    fees.every((f, i) => f.label === line.fees[i].label && f.cents === line.fees[i].cents)
  );
}

/** The invoice as stored already carries these totals. */
function storedTotalsAre(inv: InvoiceRecord, t: InvoiceTotals, taxError: boolean): boolean {
  return (
    inv.itemCount === t.itemCount &&
    inv.hammerTotalCents === t.hammer &&
    inv.premiumTotalCents === t.premium &&
    inv.liveFeeTotalCents === t.liveFee &&
    inv.taxTotalCents === t.tax &&
    inv.shippingTotalCents === t.shipping &&
    inv.insuranceTotalCents === t.insurance &&
    inv.otherTotalCents === t.other &&
    inv.invoiceTotalCents === t.total &&
    inv.paymentsMadeCents === t.paymentsMade &&
    inv.balanceCents === t.outstandingBalance &&
    inv.taxCalculationError === taxError
  );
}

function toAdditional(e: AdditionalChargeRecord): AdditionalCharge {
  return { tax: e.taxCents, shipping: e.shippingCents, insurance: e.insuranceCents, other: e.otherCents, hidden: e.hidden };
}
