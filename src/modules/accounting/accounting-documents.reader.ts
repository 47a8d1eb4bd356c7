import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ExportFormat } from '@ar/rules';
import { docNumber, sortDocs, type Contact, type DocumentSet, type InvoiceDoc, type MoneyDoc, type SettlementDoc } from './documents';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL rows, typed by the mapping functions below
type Row = Record<string, any>;

/**
 * Reads the house's documents of a date range (inclusive, calendar dates in UTC) for the export and
 * the trial balance: invoices by the day they were created, payments and refunds by their paid
 * date (settled, not voided), settlements by the day they were made ready (drafts are not bills
 * yet), payouts by their paid date. Read-only SQL over invoicing's and settlements' tables.
 */
@Injectable()
export class AccountingDocumentsReader {
  constructor(private readonly em: EntityManager) {}

  /** `notExportedTo`: leave out documents already in an export of that format. */
  async read(houseId: number, from: string, to: string, notExportedTo?: ExportFormat, em: EntityManager = this.em): Promise<DocumentSet> {
    const conn = em.getConnection();
    const ctx = em.getTransactionContext();
    const run = (sql: string, params: unknown[]) => conn.execute<Row[]>(sql, params, 'all', ctx);
    // Inlined, not bound: a number and two fixed words (never client text), so each query keeps its plain `?` order.
    const fresh = (kind: string, idCol: string) =>
      notExportedTo
        ? `and not exists (select 1 from accounting_export_item x where x.house_id = ${Number(houseId)} and x.format = '${notExportedTo === 'qbo' ? 'qbo' : 'xero'}' and x.doc_kind = '${kind}' and x.doc_id = ${idCol})`
        : '';

    const [invoices, money, settlements, payouts] = await Promise.all([
      run(
        `select i.*, (i.created_at at time zone 'UTC')::date::text as doc_date, g.title as sale_name
           from invoice i join invoice_group g on g.id = i.group_id
          where i.house_id = ? and (i.created_at at time zone 'UTC')::date between ?::date and ?::date ${fresh('invoice', 'i.id')}`,
        [houseId, from, to],
      ),
      run(
        `select p.id, p.kind, p.amount_cents, p.source, p.gateway_reference, coalesce(p.paid_date, (p.created_at at time zone 'UTC')::date)::text as doc_date,
                i.invoice_number, coalesce(nullif(i.company_name, ''), trim(i.first_name || ' ' || i.last_name)) as party
           from invoice_payment p join invoice i on i.id = p.invoice_id
          where p.house_id = ? and i.house_id = p.house_id and p.status = 'settled' and p.voided_at is null
            and coalesce(p.paid_date, (p.created_at at time zone 'UTC')::date) between ?::date and ?::date
            and ((p.kind = 'payment' ${fresh('payment', 'p.id')}) or (p.kind = 'refund' ${fresh('refund', 'p.id')}))`,
        [houseId, from, to],
      ),
      run(
        `select s.*, (s.ready_at at time zone 'UTC')::date::text as doc_date, c.name as c_name, c.company as c_company, c.email as c_email,
                c.street1 as c_street1, c.street2 as c_street2, c.city as c_city, c.state as c_state, c.postal_code as c_postal_code,
                c.country_code as c_country_code, g.group_name as sale_name
           from settlement s join consignor c on c.id = s.consignor_id left join auction_group g on g.id = s.auction_group_id
          where s.house_id = ? and s.status in ('ready', 'paid') and s.ready_at is not null
            and (s.ready_at at time zone 'UTC')::date between ?::date and ?::date ${fresh('settlement', 's.id')}`,
        [houseId, from, to],
      ),
      run(
        `select p.id, p.kind, p.method, p.reference, p.amount_cents, p.paid_date::text as doc_date, p.settlement_id, c.name as party
           from settlement_payout p join settlement s on s.id = p.settlement_id join consignor c on c.id = s.consignor_id
          where p.house_id = ? and s.house_id = p.house_id and p.paid_date between ?::date and ?::date ${fresh('payout', 'p.id')}`,
        [houseId, from, to],
      ),
    ]);

    const moneyDoc = (r: Row): MoneyDoc => ({
      kind: r.kind === 'refund' ? 'refund' : 'payment',
      id: r.id,
      number: docNumber(r.kind === 'refund' ? 'refund' : 'payment', r.id),
      date: r.doc_date,
      party: r.party,
      appliesTo: String(r.invoice_number),
      method: r.source,
      reference: r.gateway_reference ?? null,
      amountCents: Number(r.amount_cents),
    });
    return {
      invoices: sortDocs(invoices.map(toInvoice)),
      payments: sortDocs(money.filter((r) => r.kind === 'payment').map(moneyDoc)),
      refunds: sortDocs(money.filter((r) => r.kind === 'refund').map(moneyDoc)),
      settlements: sortDocs(settlements.map(toSettlement)),
      payouts: sortDocs(
        payouts.map((r) => ({
          kind: 'payout' as const,
          id: r.id,
          number: docNumber('payout', r.id),
          date: r.doc_date,
          party: r.party,
          appliesTo: docNumber('settlement', r.settlement_id),
          method: r.kind === 'correction' ? `${r.method} correction` : r.method,
          reference: r.reference ?? null,
          amountCents: Number(r.amount_cents),
        })),
      ),
    };
  }
}

function toInvoice(r: Row): InvoiceDoc {
  const name = r.company_name?.trim() || `${r.first_name} ${r.last_name}`.trim();
  const contact: Contact = {
    name,
    email: r.email ?? null,
    address1: r.street1 ?? null,
    address2: r.street2 ?? null,
    city: r.city ?? null,
    region: r.state_code ?? r.province ?? null,
    postalCode: r.postal_code ?? null,
    country: r.country_code ?? null,
  };
  const n = (k: string) => Number(r[k]);
  return {
    kind: 'invoice',
    id: r.id,
    number: String(r.invoice_number),
    date: r.doc_date,
    contact,
    currency: r.currency_code,
    saleName: r.sale_name,
    hammerCents: n('hammer_total_cents'),
    premiumCents: n('premium_total_cents'),
    liveFeeCents: n('live_fee_total_cents'),
    feesCents: n('shipping_total_cents') + n('insurance_total_cents') + n('other_total_cents'),
    taxCents: n('tax_total_cents'),
    totalCents: n('invoice_total_cents'),
  };
}

function toSettlement(r: Row): SettlementDoc {
  const n = (k: string) => Number(r[k]);
  return {
    kind: 'settlement',
    id: r.id,
    number: docNumber('settlement', r.id),
    date: r.doc_date,
    contact: {
      name: r.c_company?.trim() ? `${r.c_name} (${r.c_company})` : r.c_name,
      email: r.c_email ?? null,
      address1: r.c_street1 ?? null,
      address2: r.c_street2 ?? null,
      city: r.c_city ?? null,
      region: r.c_state ?? null,
      postalCode: r.c_postal_code ?? null,
      country: r.c_country_code ?? null,
    },
    currency: r.currency_code,
    saleName: r.sale_name ?? `${r.period_from} to ${r.period_to}`,
    hammerCents: n('hammer_cents'),
    commissionCents: n('commission_cents'),
    buyInFeeCents: n('buy_in_fee_cents'),
    feesCents: n('fees_cents'),
    taxCents: n('tax_cents'),
    expensesCents: n('expenses_cents'),
    advancesCents: n('advances_cents'),
    netDueCents: n('net_due_cents'),
  };
}
