import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ExportFormat } from '@ar/rules';
import { keysetBatches } from '../../core/database/keyset-batches';
import {
  docNumber,
  sortDocs,
  type AccountingDoc,
  type Contact,
  type DocumentSet,
  type InvoiceDoc,
  type MoneyDoc,
  type SettlementDoc,
} from './documents';
import type { PartSource } from './formats/export-files';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL rows, typed by the mapping functions below
type Row = Record<string, any>;
type Run = (sql: string, params: unknown[]) => Promise<Row[]>;

/**
 * One source of documents in SQL: its columns, tables, the range condition (`?` house, from, to),
 * its document kind, id, number and the order its file lists it in. The range read, the ledger's
 * insert and the file's read all use these, so they agree on what a document of the range is.
 */
interface Source {
  cols: string;
  from: string;
  /** The document's own house column (the file's read checks it against the item's). */
  house: string;
  range: string;
  kind: string;
  id: string;
  number: string;
  order: string;
  doc: (r: Row) => AccountingDoc;
}

const INVOICE_DATE = `(i.created_at at time zone 'UTC')::date`;
const PAID_DATE = `coalesce(p.paid_date, (p.created_at at time zone 'UTC')::date)`;
const READY_DATE = `(s.ready_at at time zone 'UTC')::date`;

const SOURCES: Record<PartSource, Source> = {
  invoices: {
    cols: `i.*, ${INVOICE_DATE}::text as doc_date, g.title as sale_name`,
    from: `invoice i join invoice_group g on g.id = i.group_id`,
    house: 'i.house_id',
    range: `i.house_id = ? and ${INVOICE_DATE} between ?::date and ?::date`,
    kind: `'invoice'`,
    id: 'i.id',
    number: 'i.invoice_number::text',
    order: `${INVOICE_DATE}, i.invoice_number, i.id`,
    doc: (r) => toInvoice(r),
  },
  // Payments and refunds share one file (the clearing account's statement), by date then id.
  clearing: {
    cols: `p.id, p.kind, p.amount_cents, p.source, p.gateway_reference, ${PAID_DATE}::text as doc_date,
           i.invoice_number, coalesce(nullif(i.company_name, ''), trim(i.first_name || ' ' || i.last_name)) as party`,
    from: `invoice_payment p join invoice i on i.id = p.invoice_id and i.house_id = p.house_id`,
    house: 'p.house_id',
    range: `p.house_id = ? and p.status = 'settled' and p.voided_at is null and p.kind in ('payment', 'refund')
            and ${PAID_DATE} between ?::date and ?::date`,
    kind: 'p.kind',
    id: 'p.id',
    number: `case p.kind when 'refund' then 'RFD-' else 'PMT-' end || p.id`,
    order: `${PAID_DATE}, p.id`,
    doc: (r) => toMoney(r),
  },
  settlements: {
    cols: `s.*, ${READY_DATE}::text as doc_date, c.name as c_name, c.company as c_company, c.email as c_email,
           c.street1 as c_street1, c.street2 as c_street2, c.city as c_city, c.state as c_state, c.postal_code as c_postal_code,
           c.country_code as c_country_code, g.group_name as sale_name`,
    from: `settlement s join consignor c on c.id = s.consignor_id left join auction_group g on g.id = s.auction_group_id`,
    house: 's.house_id',
    range: `s.house_id = ? and s.status in ('ready', 'paid') and s.ready_at is not null and ${READY_DATE} between ?::date and ?::date`,
    kind: `'settlement'`,
    id: 's.id',
    number: `'STL-' || s.id`,
    order: `${READY_DATE}, s.id`,
    doc: (r) => toSettlement(r),
  },
  payouts: {
    cols: `p.id, p.kind, p.method, p.reference, p.amount_cents, p.paid_date::text as doc_date, p.settlement_id, c.name as party`,
    from: `settlement_payout p join settlement s on s.id = p.settlement_id and s.house_id = p.house_id join consignor c on c.id = s.consignor_id`,
    house: 'p.house_id',
    range: `p.house_id = ? and p.paid_date between ?::date and ?::date`,
    kind: `'payout'`,
    id: 'p.id',
    number: `'PO-' || p.id`,
    order: 'p.paid_date, p.id',
    doc: (r) => toPayout(r),
  },
};
/** The order documents take positions in an export (each file reads one or two of these in turn). */
const SOURCE_ORDER: PartSource[] = ['invoices', 'settlements', 'clearing', 'payouts'];

/** Which settlements a part reads: all, only those the consignor owes (net due below zero), or the others. */
export type SettlementSign = 'any' | 'credit' | 'bill';
// Inlined, not bound (a number and fixed words), so the batch query keeps its plain `?` order.
const signSql = (source: PartSource, sign: SettlementSign, houseId: number) =>
  source !== 'settlements' || sign === 'any'
    ? ''
    : `and doc_id in (select id from settlement where house_id = ${Number(houseId)} and net_due_cents ${sign === 'credit' ? '<' : '>='} 0)`;
/** The ledger's document kinds of a source. */
const kindsOf = (source: PartSource) =>
  ({ invoices: `'invoice'`, clearing: `'payment', 'refund'`, settlements: `'settlement'`, payouts: `'payout'` })[source];

const formatSql = (format: ExportFormat) => (format === 'qbo' ? `'qbo'` : `'xero'`);

/**
 * Reads the house's documents of a date range (inclusive, calendar dates in UTC) for the export and
 * the trial balance: invoices by the day they were created, payments and refunds by their paid
 * date (settled, not voided), settlements by the day they were made ready (drafts are not bills
 * yet), payouts by their paid date. Read-only SQL over invoicing's and settlements' tables; the
 * only write is the export ledger's items (`record`).
 */
@Injectable()
export class AccountingDocumentsReader {
  constructor(private readonly em: EntityManager) {}

  /** `notExportedTo`: leave out documents already in an export of that format. */
  async read(houseId: number, from: string, to: string, notExportedTo?: ExportFormat, em: EntityManager = this.em): Promise<DocumentSet> {
    const run = runner(em);
    // Inlined, not bound: a number and two fixed words (never client text), so each query keeps its plain `?` order.
    const fresh = (s: Source) =>
      notExportedTo
        ? `and not exists (select 1 from accounting_export_item x where x.house_id = ${Number(houseId)} and x.format = ${formatSql(notExportedTo)} and x.doc_kind = ${s.kind} and x.doc_id = ${s.id})`
        : '';
    const [invoices, money, settlements, payouts] = await Promise.all(
      (['invoices', 'clearing', 'settlements', 'payouts'] as const).map(async (k) => {
        const s = SOURCES[k];
        return (await run(`select ${s.cols} from ${s.from} where ${s.range} ${fresh(s)}`, [houseId, from, to])).map(s.doc);
      }),
    );
    return {
      invoices: sortDocs(invoices as InvoiceDoc[]),
      payments: sortDocs((money as MoneyDoc[]).filter((d) => d.kind === 'payment')),
      refunds: sortDocs((money as MoneyDoc[]).filter((d) => d.kind === 'refund')),
      settlements: sortDocs(settlements as SettlementDoc[]),
      payouts: sortDocs(payouts as MoneyDoc[]),
    };
  }

  /**
   * Records the range's documents in export `exportId` (set-based: one insert per source, in file
   * order, positions from 1). Documents an earlier export of the format carried are left out unless
   * `includeExported`. Answers how many were recorded and how many were left out as exported.
   */
  async record(
    em: EntityManager,
    q: { houseId: number; exportId: number; format: ExportFormat; from: string; to: string; includeExported: boolean },
  ): Promise<{ recorded: number; alreadyExported: number }> {
    const run = runner(em);
    let recorded = 0;
    let alreadyExported = 0;
    for (const k of SOURCE_ORDER) {
      const s = SOURCES[k];
      const [r] = await run(
        `with c as (
           select ${s.id} as doc_id, ${s.kind} as doc_kind, ${s.number} as doc_number, row_number() over (order by ${s.order}) as n,
                  exists (select 1 from accounting_export_item x where x.house_id = ? and x.format = ? and x.doc_kind = ${s.kind} and x.doc_id = ${s.id}) as done
             from ${s.from} where ${s.range}
         ), ins as (
           insert into accounting_export_item (house_id, export_id, format, doc_kind, doc_id, doc_number, position)
           select ?, ?, ?, doc_kind, doc_id, doc_number, ?::int + row_number() over (order by n) from c where ?::boolean or not done
           returning 1
         )
         select (select count(*) from ins)::int as recorded, (select count(*) from c where done)::int as done`,
        [q.houseId, q.format, q.houseId, q.from, q.to, q.houseId, q.exportId, q.format, recorded, q.includeExported],
      );
      recorded += Number(r.recorded);
      if (!q.includeExported) alreadyExported += Number(r.done);
    }
    return { recorded, alreadyExported };
  }

  /**
   * The documents an export recorded from one source, in its position order, a batch at a time
   * (keyset on the position). Reads through the connection, not a request's EntityManager: the
   * batches are read while the file streams, after the handler returned.
   */
  exported(
    houseId: number,
    exportId: number,
    source: PartSource,
    sign: SettlementSign = 'any',
    size?: number,
  ): AsyncGenerator<AccountingDoc[]> {
    const s = SOURCES[source];
    const conn = this.em.getConnection();
    return keysetBatches<AccountingDoc & { position: number }>(async (last, limit) => {
      // The batch of items first (by the unique (export, position) index), then its documents by key:
      // joining the whole export's items to the documents per batch let the planner scan them all.
      const rows = await conn.execute<Row[]>(
        `select x.position as x_position, ${s.cols}
           from (select position, doc_id, house_id from accounting_export_item
                  where export_id = ? and house_id = ? and position > ? and doc_kind in (${kindsOf(source)}) ${signSql(source, sign, houseId)}
                  order by position limit ?) x,
                ${s.from}
          where ${s.id} = x.doc_id and ${s.house} = x.house_id
          order by x.position`,
        [exportId, houseId, last?.position ?? 0, limit],
      );
      return rows.map((r) => ({ ...s.doc(r), position: Number(r.x_position) }));
    }, size);
  }
}

function runner(em: EntityManager): Run {
  const conn = em.getConnection();
  const ctx = em.getTransactionContext();
  return (sql, params) => conn.execute<Row[]>(sql, params, 'all', ctx);
}

function toMoney(r: Row): MoneyDoc {
  const kind = r.kind === 'refund' ? 'refund' : 'payment';
  return {
    kind,
    id: r.id,
    number: docNumber(kind, r.id),
    date: r.doc_date,
    party: r.party,
    appliesTo: String(r.invoice_number),
    method: r.source,
    reference: r.gateway_reference ?? null,
    amountCents: Number(r.amount_cents),
  };
}

function toPayout(r: Row): MoneyDoc {
  return {
    kind: 'payout',
    id: r.id,
    number: docNumber('payout', r.id),
    date: r.doc_date,
    party: r.party,
    appliesTo: docNumber('settlement', r.settlement_id),
    method: r.kind === 'correction' ? `${r.method} correction` : r.method,
    reference: r.reference ?? null,
    amountCents: Number(r.amount_cents),
  };
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
