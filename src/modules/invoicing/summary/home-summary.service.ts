import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CurrencyAmount, HomeSummary, MonthFigures } from '@ar/rules';

export type { CurrencyAmount, HomeSummary, MonthFigures };

/** Months the chart covers (this one and the five before). */
export const SUMMARY_MONTHS = 6;

const n = (v: unknown) => Number(v ?? 0);

/**
 * The staff's start page in four set-based queries, each filtered by the house first. The rules
 * follow the screens the counts link to: an uninvoiced session has sold lots not yet on an invoice
 * and no group being created for it (Manage Invoices' Uninvoiced Sessions); invoices count once
 * their group's creation completed; unpaid = a positive balance; collected = settled payments
 * minus settled refunds by payment date (math/invoice-totals.ts, paymentsMadeOf).
 */
@Injectable()
export class HomeSummaryService {
  constructor(private readonly em: EntityManager) {}

  async summary(houseId: number, today = new Date()): Promise<HomeSummary> {
    const conn = this.em.getConnection();
    const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (SUMMARY_MONTHS - 1), 1));
    const from = first.toISOString().slice(0, 10);
    const [uninvoiced, open, invoiced, collected] = await Promise.all([
      conn.execute(
        `with sold as (
           select catalog_id, count(*)::int as n from lot
            where house_id = ? and winning_approval_id is not null and hammer_cents is not null and status <> 'd'
            group by catalog_id),
         billed as (select catalog_id, count(*)::int as n from invoice_line where house_id = ? group by catalog_id),
         busy as (
           select distinct gc.catalog_id from invoice_group g join invoice_group_catalog gc on gc.group_id = g.id
            where g.house_id = ? and not g.invoice_created and g.creation_error is null)
         select count(*)::int as sessions, coalesce(sum(s.n - coalesce(b.n, 0)), 0)::int as lots
           from catalog c
           join auction_group ag on ag.id = c.group_id
           join sold s on s.catalog_id = c.id
           left join billed b on b.catalog_id = c.id
          where c.house_id = ? and s.n - coalesce(b.n, 0) > 0 and c.id not in (select catalog_id from busy)`,
        [houseId, houseId, houseId, houseId],
      ),
      conn.execute(
        `select i.currency_code,
                count(*) filter (where i.sent_at is null)::int as unsent,
                coalesce(sum(i.invoice_total_cents) filter (where i.sent_at is null), 0)::bigint as unsent_cents,
                count(*) filter (where i.balance_cents > 0 and not i.all_paid)::int as unpaid,
                coalesce(sum(i.balance_cents) filter (where i.balance_cents > 0 and not i.all_paid), 0)::bigint as unpaid_cents
           from invoice i join invoice_group g on g.id = i.group_id and g.invoice_created
          where i.house_id = ?
          group by i.currency_code
          order by i.currency_code`,
        [houseId],
      ),
      conn.execute(
        `select to_char(date_trunc('month', i.created_at at time zone 'UTC'), 'YYYY-MM') as month, i.currency_code,
                sum(i.invoice_total_cents)::bigint as cents
           from invoice i join invoice_group g on g.id = i.group_id and g.invoice_created
          where i.house_id = ? and i.created_at >= ?::date
          group by 1, 2`,
        [houseId, from],
      ),
      conn.execute(
        `select to_char(date_trunc('month', p.paid_date), 'YYYY-MM') as month, i.currency_code,
                sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end)::bigint as cents
           from invoice_payment p join invoice i on i.id = p.invoice_id and i.house_id = p.house_id
          where p.house_id = ? and p.status = 'settled' and p.voided_at is null and p.paid_date >= ?::date
          group by 1, 2`,
        [houseId, from],
      ),
    ]);

    const amounts = (key: string, count: string) =>
      open.filter((r) => n(r[count]) > 0).map((r) => ({ currencyCode: r.currency_code as string, cents: n(r[key]) }));
    const currencies = [...new Set([...open, ...invoiced, ...collected].map((r) => r.currency_code as string))].sort();
    const figure = (rows: Record<string, unknown>[], month: string, currency: string) =>
      n(rows.find((r) => r.month === month && r.currency_code === currency)?.cents);
    const months: MonthFigures[] = [];
    for (let k = 0; k < SUMMARY_MONTHS; k++) {
      const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + k, 1));
      const month = d.toISOString().slice(0, 7);
      for (const currencyCode of currencies)
        months.push({
          month,
          currencyCode,
          invoicedCents: figure(invoiced, month, currencyCode),
          collectedCents: figure(collected, month, currencyCode),
        });
    }
    return {
      uninvoicedSessions: { sessions: n(uninvoiced[0]?.sessions), lots: n(uninvoiced[0]?.lots) },
      unsentInvoices: { count: open.reduce((s, r) => s + n(r.unsent), 0), amounts: amounts('unsent_cents', 'unsent') },
      unpaidInvoices: { count: open.reduce((s, r) => s + n(r.unpaid), 0), amounts: amounts('unpaid_cents', 'unpaid') },
      months,
    };
  }
}
