import type { Pool } from 'pg';
import { BenchSkipped, defineBenchmark, type Probe } from '../harness';
import type { Platform } from '../../src/modules/bidders/member.entity';
import {
  GROUP_BIN_CARDS_SQL,
  GROUP_SQL,
  InvoiceDetailsService,
  PENDING_PAYMENTS_SQL,
} from '../../src/modules/invoicing/invoices/invoice-details.service';
import { groupDetailsCriteria, invoiceSql, type InvoiceCriteria } from '../../src/modules/invoicing/invoices/invoice-list-query';
import { INVOICE_COLUMNS, LINE_COLUMNS } from '../../src/modules/invoicing/invoices/invoice-records';
import { ADDITIONAL_CHARGES_SQL } from '../../src/modules/invoicing/editing/charges/charges.view';
import { METHODS_ON_FILE_SQL } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import { intArray } from '../../src/core/validation/sql-text';
import { createInvoicedGroup } from '../../test/invoice-details/factory';

const LOTS = 5000;
const BIDDERS = 1000;
const SESSIONS = 5;
/** The screen's page (spec: 50 per page, options 100 and 200). */
const PAGE_SIZE = 50;

/**
 * CatalogsService.sessions' SQL as it reaches PostgreSQL, `?` numbered for pg; the invoicing
 * queries are taken from the service's own constants and builders.
 */
const SESSIONS_SQL = (
  n: number,
) => `select c.id, c.catalog_ref, c.title, c.sale_type, c.event_date, c.time_zone, c.address_id, c.currency_code, g.id as group_id, g.group_name
   from catalog c join auction_group g on g.id = c.group_id
  where c.house_id = $1 and c.id in (${Array.from({ length: n }, (_, i) => `$${i + 2}`).join(', ')})
  order by g.id, c.event_date, c.id`;

const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * The extras every invoice of the answer needs since issues 5 and 11 (InvoiceDetailsService.extras),
 * the service's own SQL: additional charges, the house, the bidders' cards on file, pending payments
 * and open charge attempts, the buy-now sale's cards.
 */
const EXTRAS: ((houseId: number, invoiceIds: string, memberIds: string) => [string, unknown[]])[] = [
  (h, ids) => [numbered(ADDITIONAL_CHARGES_SQL), [h, ids]],
  (h) => ['select * from house where id = $1', [h]],
  (h, _, members) => [numbered(METHODS_ON_FILE_SQL), [h, members]],
  (h, ids) => [numbered(PENDING_PAYMENTS_SQL), [h, ids, h, ids]],
  (h, ids) => [numbered(GROUP_BIN_CARDS_SQL), [h, h, ids]],
];

/**
 * The 9 queries of one groupDetailInfo call, in the service's order: group (with totals) and page
 * side by side; then sessions, lines and the 5 extras side by side. Answers their rows.
 */
async function sameQueries(db: Pool, houseId: number, c: InvoiceCriteria & { groupId: number }, expectInvoices: number): Promise<object> {
  const { where, params, orderBy } = invoiceSql(houseId, c);
  const page = c.limit === null ? '' : ` limit ${c.limit} offset ${c.offset}`;
  const count = c.status !== 'ALL' || !!c.search || !!c.ids;
  const [group, invoices] = await Promise.all([
    db.query(numbered(GROUP_SQL), [c.groupId, houseId]),
    db.query(
      numbered(
        `select ${INVOICE_COLUMNS}${count ? ', count(*) over () as matching' : ''} from invoice i where ${where} order by ${orderBy}${page}`,
      ),
      params,
    ),
  ]);
  if (group.rowCount !== 1 || invoices.rowCount !== expectInvoices)
    throw new Error(`unexpected row counts ${group.rowCount}, ${invoices.rowCount}`);
  const catalogIds = group.rows[0].catalog_ids as number[];
  const ids = invoices.rows.map((r) => r.id as number);
  const members = intArray([...new Set(invoices.rows.map((r) => r.member_id as number))]);
  const idArray = intArray(ids);
  const [sessions, lines, ...extras] = await Promise.all([
    db.query(SESSIONS_SQL(catalogIds.length), [houseId, ...catalogIds]),
    db.query(`select ${LINE_COLUMNS} from invoice_line l where l.house_id = $1 and l.invoice_id = any($2::int[])`, [houseId, idArray]),
    ...EXTRAS.map((extra) => db.query(...extra(houseId, idArray, members))),
  ]);
  return {
    group: group.rows[0],
    sessions: sessions.rows,
    invoices: invoices.rows,
    lines: lines.rows,
    extras: extras.map((r) => r.rows),
  };
}

/** A probe measured with its own number of operations in flight (a single user's latency). */
function atConcurrency(probe: Probe, concurrency: number, label: string): Probe {
  return {
    ...probe,
    label,
    warmup: (s) => probe.warmup({ ...s, concurrency }),
    measure: (s) => probe.measure({ ...s, concurrency }),
  };
}

interface State {
  groupId: number;
  invoices: number;
}

/**
 * Invoice Group Details of a group of 5,000 sold lots for 1,000 bidders (5 sessions), built in
 * setup by the invoice arithmetic (test/invoice-details/factory.ts).
 * Subject: the screen's call (a page of 50 invoices with the whole group's totals and sessions).
 * Floors: the same call in-process (no HTTP); the same queries through bare pg; the documented
 * call without paging (all 1,000 invoices and 5,000 lines) through the app and through bare pg,
 * each also at one request in flight (what one member of staff waits).
 */
export default defineBenchmark<State>({
  name: 'group-details',
  title: 'GET invoiceGroup/{id}/groupDetailInfo (5,000 lots, 1,000 invoices)',
  description:
    'Invoice Group Details of a 5,000-lot / 1,000-invoice group (a page of 50, and the whole group) against the same queries through bare pg',
  async setup(ctx) {
    const platforms: Platform[] = ['INV', 'INV', 'INV', 'INV', 'PL', 'AZ', 'Floor'];
    const started = Date.now();
    const g = await createInvoicedGroup(ctx.em(), {
      houseId: ctx.user.houseId,
      title: 'Bench group details',
      taxRows: [{ name: 'Sales Tax', rate: 6250, countryCode: 'US', stateCode: 'NY', onHammer: true, onPremium: true, onLiveFee: false }],
      feeRows: [{ name: 'Handling', rate: 1500, countryCode: 'ALL', stateCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false }],
      sessions: Array.from({ length: SESSIONS }, (_, i) => ({
        title: `Bench session ${i + 1}`,
        eventDate: new Date(Date.UTC(2026, 9, 10 + i, 23, 0)).toISOString(),
      })),
      bidders: Array.from({ length: BIDDERS }, (_, i) => ({
        firstName: `Bidder${i}`,
        lastName: `Bench${String(i).padStart(4, '0')}`,
        platform: platforms[i % platforms.length],
        paddle: i % 3 === 0 ? 0 : 1000 + i,
        stateCode: ['NY', 'CA', 'TX', 'MA', 'NJ'][i % 5],
      })),
      lots: Array.from({ length: LOTS }, (_, i) => ({
        bidder: i % BIDDERS,
        session: i % SESSIONS,
        hammer: 5_000 + ((i * 7919) % 400) * 2_500,
        hidden: i % 50 === 0,
        paidDate: i % 9 === 0 ? '2026-11-01' : undefined,
        paymentMethodId: i % 9 === 0 ? 3 : undefined,
        shippedDate: i % 11 === 0 ? '2026-11-03' : undefined,
      })),
      invoices: Object.fromEntries(
        Array.from({ length: BIDDERS }, (_, i) => [
          i,
          { sentAt: i % 4 === 0 ? undefined : new Date('2026-11-01T15:00:00Z'), pickup: i % 6 === 0 },
        ]),
      ),
    });
    await ctx.db.query('analyze invoice; analyze invoice_line; analyze invoice_group; analyze invoice_group_catalog');
    ctx.log(`  setup: group ${g.groupId} with ${LOTS} lots and ${BIDDERS} invoices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { groupId: g.groupId, invoices: g.invoiceIds.filter((x) => x !== undefined).length };
  },
  async run(ctx, state) {
    const base = `/app/house/${ctx.user.houseRef}/invoiceGroup/${state.groupId}/groupDetailInfo`;
    const pagePath = `${base}?size=${PAGE_SIZE}&page=1`;
    const probe = await ctx.fetch({ path: pagePath });
    if (probe.status === 404) throw new BenchSkipped('groupDetailInfo does not exist in this build');
    if (probe.status !== 200) throw new Error(`groupDetailInfo answered ${probe.status}: ${probe.text.slice(0, 300)}`);
    const page = (probe.json() as { data: { invoiceBidders: unknown[]; totals: { totalInvoices: number; totalItems: number } } }).data;
    if (page.invoiceBidders.length !== PAGE_SIZE || page.totals.totalInvoices !== state.invoices)
      throw new Error(`unexpected page: ${page.invoiceBidders.length} invoices, ${page.totals.totalInvoices} in all`);
    const whole = await ctx.fetch({ path: base });
    const wholeBytes = Buffer.byteLength(whole.text);

    const { houseId } = ctx.user;
    const paged = groupDetailsCriteria(state.groupId, { size: PAGE_SIZE, page: 1 });
    const all = groupDetailsCriteria(state.groupId, {});
    const wholeApp = ctx.http('app: whole group, no paging', { path: base });
    const wholePg = ctx.pg('bare pg: the same queries, whole group', 'op/s', () => sameQueries(ctx.db, houseId, all, state.invoices));
    return {
      subject: ctx.http(`GET groupDetailInfo?size=${PAGE_SIZE} (app)`, { path: pagePath }),
      floors: [
        ctx.inApp('service in-process, no HTTP (page of 50)', 'op/s', (get) => get(InvoiceDetailsService).groupDetailInfo(houseId, paged)),
        ctx.pg('bare pg: the same 9 queries (page of 50)', 'op/s', () => sameQueries(ctx.db, houseId, paged, PAGE_SIZE)),
        wholeApp,
        wholePg,
        atConcurrency(ctx.http('app: page of 50', { path: pagePath }), 1, 'app: page of 50, 1 request in flight'),
        atConcurrency(ctx.http('app: whole group', { path: base }), 1, 'app: whole group, 1 request in flight'),
        atConcurrency(
          ctx.pg('bare pg: whole group', 'op/s', () => sameQueries(ctx.db, houseId, all, state.invoices)),
          1,
          'bare pg: whole group, 1 in flight',
        ),
        // Context for the floor above, which neither serialises nor sends: the same rows as JSON (no
        // view, about 5 MB against the answer's 7.66 MB) from a bare Node http server.
        atConcurrency(
          ctx.bareHttp('bare node http: the same queries, their rows as JSON', async () => ({
            body: JSON.stringify(await sameQueries(ctx.db, houseId, all, state.invoices)),
          })),
          1,
          'bare node http + the queries, rows as JSON, whole group, 1 in flight',
        ),
      ],
      notes: [
        `group of ${LOTS} lots (${LOTS / 50} hidden) for ${state.invoices} invoices in ${SESSIONS} sessions; a page answers ${Buffer.byteLength(probe.text).toLocaleString('en-US')} bytes, the whole group ${wholeBytes.toLocaleString('en-US')} bytes`,
      ],
    };
  },
});
