/**
 * Re-prices invoices after an edit: every line is recomputed from its result (or floor override),
 * the sale's premium steps and live fee, the template's tax and fee rows and the staff charges
 * stored on it, then the invoice totals are rewritten from the rounded lines, charges, additional
 * charges and recorded payments. The same arithmetic that built the invoice (math/), so an edited
 * invoice is exactly what a fresh build with the same inputs would give. Runs inside the caller's
 * transaction; set-based (a few reads, one UPDATE for all lines, one per invoice).
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogsService } from '../../../catalogs/catalogs.service';
import { HousesService } from '../../../houses/houses.service';
import { TAX_RATE_PROVIDER } from '../../invoices/invoice-builder';
import {
  computeLotLine,
  invoiceTotals,
  StaticUsStateTaxRates,
  type AdditionalCharge,
  type Channel,
  type Payment,
  type TaxRateProvider,
} from '../../math';
import { InvoiceTemplatesService } from '../../templates/invoice-templates.service';
import { placeholders } from '../../../../core/validation/sql-text';

interface InvoiceRow {
  id: number;
  group_id: number;
  country_code: string | null;
  state_code: string | null;
  province: string | null;
  shipping_cents: string;
  insurance_cents: string;
  other_cents: string;
  tax_cents: string;
}

interface LineRow {
  id: number;
  invoice_id: number;
  catalog_id: number;
  channel: string | null;
  hammer_cents: string;
  result_hammer_cents: string | null;
  hammer_override_cents: string | null;
  premium_override_cents: string | null;
  live_fee_override_cents: string | null;
  tax_entered_cents: string;
  shipping_cents: string;
  insurance_cents: string;
  other_staff_cents: string;
  suppress: boolean;
}

const n = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

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
    const invoices = await q<InvoiceRow & { channel: string }>(
      `select id, group_id, channel, country_code, state_code, province, shipping_cents, insurance_cents, other_cents, tax_cents
         from invoice where house_id = ? and id in (${placeholders(invoiceIds)})`,
      [houseId, ...invoiceIds],
    );
    if (!invoices.length) return;
    const ids = invoices.map((i) => i.id);
    // One after the other: they share the transaction's connection (pg refuses overlapping queries on one client).
    const lines = await q<LineRow>(`select * from invoice_line where house_id = ? and invoice_id in (${placeholders(ids)}) order by id`, [
      houseId,
      ...ids,
    ]);
    const extras = await q<{
      invoice_id: number;
      line_id: number | null;
      tax_cents: string;
      shipping_cents: string;
      insurance_cents: string;
      other_cents: string;
      hidden: boolean;
    }>(
      `select invoice_id, line_id, tax_cents, shipping_cents, insurance_cents, other_cents, hidden from invoice_additional_charge where house_id = ? and invoice_id in (${placeholders(ids)})`,
      [houseId, ...ids],
    );
    const payments = await q<{
      invoice_id: number;
      line_id: number | null;
      amount_cents: string;
      kind: 'payment' | 'refund';
      status: 'settled' | 'pending' | 'failed';
    }>(
      `select invoice_id, line_id, amount_cents, kind, status from invoice_payment where house_id = ? and voided_at is null and invoice_id in (${placeholders(ids)})`,
      [houseId, ...ids],
    );
    const groupIds = [...new Set(invoices.map((i) => i.group_id))];
    const groups = await q<{ id: number; template_id: number }>(
      `select id, template_id from invoice_group where house_id = ? and id in (${placeholders(groupIds)})`,
      [houseId, ...groupIds],
    );

    const house = await this.houses.getById(houseId);
    const templateOf = new Map<number, Awaited<ReturnType<InvoiceTemplatesService['snapshot']>>>();
    for (const g of groups)
      if (!templateOf.has(g.template_id)) templateOf.set(g.template_id, await this.templates.snapshot(houseId, g.template_id));
    const templateOfGroup = new Map(groups.map((g) => [g.id, templateOf.get(g.template_id)!]));
    const sessions = await this.catalogs.sessions(houseId, [...new Set(lines.map((l) => l.catalog_id))]);
    const saleOf = new Map(sessions.map((s) => [s.catalogId, s.groupId]));
    const charging = await this.catalogs.charging(houseId, [...new Set(sessions.map((s) => s.groupId))]);

    const updatedLines: unknown[][] = [];
    for (const inv of invoices) {
      const template = templateOfGroup.get(inv.group_id)!;
      const bidder = { countryCode: inv.country_code, stateCode: inv.state_code, province: inv.province };
      const own = lines.filter((l) => l.invoice_id === inv.id);
      const entries = own.map((l) => {
        const sale = charging.get(saleOf.get(l.catalog_id)!);
        if (!sale) throw new Error(`No sale charging for session ${l.catalog_id}`);
        const line = computeLotLine({
          hammer: n(l.result_hammer_cents) ?? Number(l.hammer_cents),
          channel: (l.channel ?? inv.channel) as Channel,
          bidder,
          group: { premiumSteps: sale.premiumSteps, liveFeeRate: sale.liveFeeRate },
          template,
          processorType: house.processorType ?? null,
          taxRates: this.taxRates,
          staff: {
            shipping: Number(l.shipping_cents),
            insurance: Number(l.insurance_cents),
            other: Number(l.other_staff_cents),
            tax: Number(l.tax_entered_cents),
          },
          overrides: { hammer: n(l.hammer_override_cents), premium: n(l.premium_override_cents), liveFee: n(l.live_fee_override_cents) },
        });
        const paid = payments
          .filter((p) => p.line_id === l.id && p.status === 'settled')
          .reduce((s, p) => s + (p.kind === 'refund' ? -1 : 1) * Number(p.amount_cents), 0);
        updatedLines.push([
          l.id,
          line.hammer,
          line.premium,
          line.liveFee,
          line.tax,
          line.feesTotal,
          line.fees.length ? line.fees : null,
          line.total,
          line.taxCalculationError,
          paid,
        ]);
        const add = extras.find((e) => e.line_id === l.id);
        return { amounts: line, hidden: l.suppress, additional: add ? toAdditional(add) : null, taxError: line.taxCalculationError };
      });
      const totals = invoiceTotals({
        lines: entries,
        charges: {
          tax: Number(inv.tax_cents),
          shipping: Number(inv.shipping_cents),
          insurance: Number(inv.insurance_cents),
          other: Number(inv.other_cents),
        },
        additionalCharges: extras.filter((e) => e.invoice_id === inv.id && e.line_id === null).map(toAdditional),
        payments: payments
          .filter((p) => p.invoice_id === inv.id)
          .map((p): Payment => ({ amount: Number(p.amount_cents), kind: p.kind, status: p.status })),
      });
      await conn.execute(
        `update invoice set item_count = ?, hammer_total_cents = ?, premium_total_cents = ?, live_fee_total_cents = ?, tax_total_cents = ?,
           shipping_total_cents = ?, insurance_total_cents = ?, other_total_cents = ?, invoice_total_cents = ?, payments_made_cents = ?,
           balance_cents = ?, tax_calculation_error = ?, updated_at = now()
         where id = ? and house_id = ?`,
        [
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
          entries.some((e) => e.taxError),
          inv.id,
          houseId,
        ],
        'run',
        ctx,
      );
    }
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

function toAdditional(e: {
  tax_cents: string;
  shipping_cents: string;
  insurance_cents: string;
  other_cents: string;
  hidden: boolean;
}): AdditionalCharge {
  return {
    tax: Number(e.tax_cents),
    shipping: Number(e.shipping_cents),
    insurance: Number(e.insurance_cents),
    other: Number(e.other_cents),
    hidden: e.hidden,
  };
}
