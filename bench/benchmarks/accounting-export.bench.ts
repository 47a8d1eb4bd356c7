import { randomBytes } from 'node:crypto';
import { BenchContext, BenchSkipped, defineBenchmark } from '../harness';

const INVOICES = 20_000;
const DAYS = 365;

interface State {
  houseId: number;
  from: string;
  to: string;
  lines: number;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Exporting a year of 100,000 invoice lines (issue 17): 20,000 invoices of five lines each (hammer,
 * premium, live fee, fees, tax) spread over 365 days. The subject is the whole export over HTTP:
 * `POST /api/accounting/exports` (the ledger records every document, set-based) then the four
 * files downloaded, the invoices file streamed in keyset batches. The floor is bare pg reading the
 * same invoice rows in one query.
 */
export default defineBenchmark<State>({
  name: 'accounting-export',
  title: 'export a year of 100,000 invoice lines (QuickBooks Online)',
  description: 'POST /api/accounting/exports and the four streamed CSV files against bare pg reading the same invoice rows',
  async setup(ctx) {
    const { houseId } = ctx.user;
    const db = ctx.db;
    const tpl = await db.query<{ id: number }>('select id from invoice_template where house_id = $1 order by id limit 1', [houseId]);
    if (!tpl.rows[0]) throw new BenchSkipped('the demo house has no invoice template');
    const approvals = await db.query<{ id: number; member_id: number }>(
      'select id, member_id from approval where house_id = $1 order by id limit 50',
      [houseId],
    );
    if (approvals.rows.length < 50) throw new BenchSkipped('the demo house has fewer than 50 registrations');
    const tag = randomBytes(4).toString('hex').toUpperCase();
    // One invoice group a day (an invoice per registration and group), 50 invoices each for 400 days' worth.
    const groups = await db.query<{ id: number }>(
      `insert into invoice_group (house_id, title, template_id, currency_code)
       select $1, 'Bench export ' || $2 || ' ' || g, $3, 'USD' from generate_series(1, $4::int) g returning id`,
      [houseId, tag, tpl.rows[0].id, INVOICES / 50],
    );
    await db.query(
      `with gr as (select id, row_number() over (order by id) - 1 as n from unnest($3::int[]) id),
            ap as (select a.id, a.member_id, a.n from unnest($4::int[], $5::int[]) with ordinality as a(id, member_id, n))
       insert into invoice (house_id, group_id, invoice_number, approval_id, member_id, first_name, last_name, email, street1, city, state_code,
                            postal_code, country_code, channel, currency_code, item_count, hammer_total_cents, premium_total_cents,
                            live_fee_total_cents, shipping_total_cents, tax_total_cents, invoice_total_cents, balance_cents, created_at)
       select $1, gr.id, $2::int + g, ap.id, ap.member_id, 'Buyer', 'No. ' || g, 'b' || g || '@example.com', '1 Main St', 'Albany', 'NY',
              '12207', 'US', 'INV', 'USD', 1, h, h / 4, h / 33, 1500, (h + h / 4) * 8875 / 100000,
              h + h / 4 + h / 33 + 1500 + (h + h / 4) * 8875 / 100000, 0,
              now() - make_interval(days => (g * $6::int) / $7::int)
         from generate_series(0, $7::int - 1) g
         join gr on gr.n = g / 50
         join ap on ap.n = g % 50 + 1,
         lateral (select (1000 + (g * 7919) % 500000)::bigint as h) x`,
      [
        houseId,
        7_000_000,
        groups.rows.map((r) => r.id),
        approvals.rows.map((r) => r.id),
        approvals.rows.map((r) => r.member_id),
        DAYS - 1,
        INVOICES,
      ],
    );
    await db.query('analyze invoice; analyze invoice_group');
    const mapping = {
      salesAccount: '4000',
      buyersPremiumAccount: '4100',
      liveFeeAccount: '4150',
      taxPayableAccount: '2200',
      feesAccount: '4200',
      commissionIncomeAccount: '4300',
      consignorPayableAccount: '2100',
      cardClearingAccount: '1150',
    };
    const saved = await ctx.fetch({ path: '/api/accounting/accounts', method: 'PUT', body: mapping });
    if (saved.status !== 200) throw new Error(`mapping: ${saved.status} ${saved.text}`);
    const to = iso(new Date());
    const from = iso(new Date(Date.now() - (DAYS - 1) * 86_400_000));
    const s: State = { houseId, from, to, lines: 0 };
    s.lines = await exportOnce(ctx, s);
    if (s.lines < INVOICES * 5) throw new Error(`exported ${s.lines} invoice lines`);
    return s;
  },

  run(ctx, s) {
    const iterations = ctx.shape.rounds;
    return {
      subject: ctx.sequential(
        `POST /api/accounting/exports (qbo, a year) + the 4 files streamed: ${s.lines.toLocaleString('en-US')} invoice lines (app over HTTP)`,
        'op/s',
        { iterations, warmup: 0 },
        async () => {
          const n = await exportOnce(ctx, s);
          if (n !== s.lines) throw new Error(`exported ${n} invoice lines, not ${s.lines}`);
        },
      ),
      floors: [
        ctx.sequential('bare pg: the same invoice rows of the year, one query', 'op/s', { iterations, warmup: 1 }, async () => {
          const r = await ctx.db.query(
            `select i.*, (i.created_at at time zone 'UTC')::date::text as doc_date, g.title as sale_name
               from invoice i join invoice_group g on g.id = i.group_id
              where i.house_id = $1 and (i.created_at at time zone 'UTC')::date between $2::date and $3::date
              order by (i.created_at at time zone 'UTC')::date, i.invoice_number, i.id`,
            [s.houseId, s.from, s.to],
          );
          if (r.rows.length < INVOICES) throw new Error(`read ${r.rows.length} invoices`);
        }),
      ],
      notes: [
        `${INVOICES.toLocaleString('en-US')} invoices of 5 lines over ${DAYS} days (50 a day-group), plus the demo house's own documents of the year`,
        'each run exports the year again (includeExported), so the ledger grows by every document per run, and reads all four files to their end',
        'the floor reads the invoice rows once, without the ledger, the payments, settlements and payouts, or writing CSV',
      ],
    };
  },
});

/** One export of the year: the ledger, then every file read to its end. Answers the invoices file's data rows. */
async function exportOnce(ctx: BenchContext, s: State): Promise<number> {
  const res = await ctx.fetch({
    path: '/api/accounting/exports',
    method: 'POST',
    body: { from: s.from, to: s.to, format: 'qbo', includeExported: true },
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${res.text.slice(0, 200)}`);
  const files = (res.json() as { files: { key: string; url: string }[] }).files;
  let lines = 0;
  for (const f of files) {
    const file = await ctx.fetch({ path: f.url });
    if (file.status !== 200) throw new Error(`${f.key}: ${file.status}`);
    if (f.key === 'invoices') lines = file.text.split('\r\n').length - 2;
  }
  return lines;
}
