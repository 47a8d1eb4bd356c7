import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SALES_TAX_PAGE_SIZES, SALES_TAX_TEXT, type SalesTaxReportAnswer, type SalesTaxSort } from '@ar/rules';
import { DomainError, PERMISSION_DENIED_TEXT } from '../../../../core/errors/domain-error';
import { GeoService } from '../../../houses/geo/geo.service';
import { HousesService } from '../../../houses/houses.service';
import { amount } from '../../invoices/money-json';
import { CARD_PROCESSOR } from '../../math/sales-tax';

export interface SalesTaxReportQuery {
  year?: number;
  month?: number;
  state?: string;
  page?: number;
  size?: number;
  sort?: SalesTaxSort;
  order?: 'ASC' | 'DESC';
}

/** Sort keys to SQL columns of `grouped` (the DTO lets only these through). */
const SORT_SQL: Record<SalesTaxSort, string> = {
  startDate: 'month',
  maxDate: 'max_day',
  stateName: 'state_name',
  salesAmount: 'sales',
  taxAmount: 'tax',
};

/** The report is in dollars: US bidders' invoices in USD (sales tax of processor p, DESIGN.md section 5). */
const REPORT_CURRENCY = 'USD';

interface Row {
  n: number;
  sales_total: string;
  tax_total: string;
  month: string | null;
  state_code: string | null;
  state_name: string | null;
  start_date: string | null;
  max_date: string | null;
  sales: string | null;
  tax: string | null;
}

/**
 * The Sales Tax Report (spec 001 "Sales Tax Reports"; docs/decisions/sales-tax-report.md): per month
 * and US state, the gross sales and sales tax **collected**, from the invoices' ledgers
 * (invoice_payment, refunds subtracting), each payment carrying the invoice's tax share with
 * cumulative rounding (sales-tax-report.rules.ts states the rule). One set-based query, grouped,
 * totalled, sorted and paged in the database; scoped to the house on every table it reads.
 */
@Injectable()
export class SalesTaxReportService {
  constructor(
    private readonly em: EntityManager,
    private readonly houses: HousesService,
    private readonly geo: GeoService,
  ) {}

  async report(houseId: number, q: SalesTaxReportQuery): Promise<SalesTaxReportAnswer> {
    const house = await this.houses.getById(houseId);
    // Spec 001 section 6: Sales Tax Reports only for processor type p; the server holds it too.
    if (house.processorType !== CARD_PROCESSOR) throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);

    const states = this.geo.statesOf('US');
    let state: string | null = null;
    if (q.state !== undefined) {
      const found = this.geo.findState('US', q.state);
      if (!found) throw DomainError.validation({ state: SALES_TAX_TEXT.state }, SALES_TAX_TEXT.invalidQuery);
      state = found.stateCode;
    }
    const page = q.page ?? 1;
    const size = q.size ?? SALES_TAX_PAGE_SIZES[0];
    const sort = q.sort ?? 'startDate';
    const order = q.order ?? (sort === 'startDate' ? 'DESC' : 'ASC');
    // A total order: the key (month, state) breaks every tie.
    const orderBy = `${SORT_SQL[sort]} ${order}, month desc, state_name asc, state_code asc nulls last`;

    const params: unknown[] = [house.timeZone, houseId, houseId, REPORT_CURRENCY];
    let stateSql = '';
    if (state !== null) {
      stateSql = `and upper(trim(i.state_code)) = ?`;
      params.push(state);
    }
    // In the order of the text below: the fallback name, then the state names.
    params.push(SALES_TAX_TEXT.noState, JSON.stringify(states.map((s) => ({ code: s.stateCode, name: s.stateName }))));
    const when: string[] = [];
    if (q.year !== undefined) {
      when.push(`day >= make_date(?, 1, 1) and day < make_date(?, 1, 1)`);
      params.push(q.year, q.year + 1);
    }
    if (q.month !== undefined) {
      when.push(`extract(month from day) = ?`);
      params.push(q.month);
    }
    params.push(size, (page - 1) * size);

    const sql = `
      with ledger as (
        select p.invoice_id, p.id,
               coalesce(p.paid_date, (p.created_at at time zone ?)::date) as day,
               case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end as signed,
               i.tax_total_cents as tax, greatest(i.invoice_total_cents, 0) as total,
               nullif(upper(trim(i.state_code)), '') as state_code
        from invoice_payment p
        join invoice i on i.id = p.invoice_id and i.house_id = ?
        where p.house_id = ? and p.status = 'settled' and p.voided_at is null
          and upper(i.country_code) = 'US' and i.currency_code = ? ${stateSql}
      ),
      running as (
        select invoice_id, id, day, state_code, tax, total,
               least(greatest(sum(signed) over w, 0), total) as cum
        from ledger
        window w as (partition by invoice_id order by day, id rows between unbounded preceding and current row)
      ),
      shares as (
        select *, case when total > 0 and cum > 0 then div(2::numeric * cum * tax + total, 2::numeric * total) else 0 end as cum_tax
        from running
      ),
      moves as (
        select day, state_code,
               cum - coalesce(lag(cum) over w, 0) as collected,
               cum_tax - coalesce(lag(cum_tax) over w, 0) as tax_part
        from shares
        window w as (partition by invoice_id order by day, id)
      ),
      grouped as (
        select date_trunc('month', m.day)::date as month, m.state_code, coalesce(s.name, m.state_code, ?) as state_name,
               sum(m.collected - m.tax_part)::bigint as sales, sum(m.tax_part)::bigint as tax, max(m.day) as max_day
        from moves m
        left join jsonb_to_recordset(?::jsonb) as s(code text, name text) on s.code = m.state_code
        ${when.length ? `where ${when.join(' and ')}` : ''}
        group by 1, 2, 3
        having sum(m.collected) <> 0 or sum(m.tax_part) <> 0
      )
      select t.n, t.sales_total, t.tax_total, r.month, r.state_code, r.state_name,
             to_char(r.month, 'MM/DD/YYYY') as start_date, to_char(r.max_day, 'MM/DD/YYYY') as max_date, r.sales, r.tax
      from (select count(*)::int as n, coalesce(sum(sales), 0)::bigint as sales_total, coalesce(sum(tax), 0)::bigint as tax_total from grouped) t
      left join lateral (select * from grouped order by ${orderBy} limit ? offset ?) r on true`;
    const rows = (await this.em.getConnection().execute(sql, params)) as Row[];

    const head = rows[0];
    const salesTotal = Number(head.sales_total);
    const taxTotal = Number(head.tax_total);
    return {
      houseSalesTaxReport: rows
        .filter((r) => r.month !== null)
        .map((r) => {
          const sales = Number(r.sales);
          const tax = Number(r.tax);
          return {
            id: `${String(r.start_date).slice(6)}-${String(r.start_date).slice(0, 2)}|${r.state_code ?? ''}`,
            startDate: r.start_date!,
            maxDate: r.max_date!,
            stateCode: r.state_code,
            stateName: r.state_name!,
            salesAmount: amount(sales),
            salesAmountCents: sales,
            taxAmount: amount(tax),
            taxAmountCents: tax,
          };
        }),
      totalRecords: head.n,
      totals: { salesAmount: amount(salesTotal), salesAmountCents: salesTotal, taxAmount: amount(taxTotal), taxAmountCents: taxTotal },
      currencyCode: REPORT_CURRENCY,
      page,
      size,
    };
  }
}
