import { SESSION_COOKIE, type Principal } from '../../src/core/auth/principal';
import type { Platform } from '../../src/modules/bidders/member.entity';
import { ChargesService } from '../../src/modules/invoicing/editing/charges/charges.service';
import { parseChargeRequests } from '../../src/modules/invoicing/editing/charges/charges.rules';
import { BenchSkipped, defineBenchmark, type Probe } from '../harness';
import { createInvoicedGroup } from '../../test/invoice-details/factory';

const INVOICES = 500;
const LOTS_PER_INVOICE = 5;
/** Invoices of the separate group the bare-pg floor writes (so it never disturbs the app's). */
const FLOOR_INVOICES = 50;

interface State {
  /** By invoice index: its id and its lot ids (the per-lot form names every lot). */
  invoices: { id: number; lots: number[] }[];
  floorInvoices: { id: number; lines: number[] }[];
}

/** A probe measured with its own number of operations in flight (a single user's latency). */
function atConcurrency(probe: Probe, concurrency: number, label: string): Probe {
  return { ...probe, label, warmup: (s) => probe.warmup({ ...s, concurrency }), measure: (s) => probe.measure({ ...s, concurrency }) };
}

/**
 * The Edit Invoices charge round trip (issue 5 target: under 100 ms on the server) on a group of
 * 500 invoices (2,500 lots, US bidders under processor p: state sales tax), per-lot charging.
 *
 * Subject: `POST additionalCharges` with the per-lot form of one invoice (its 5 lots, one version),
 * as the Add/Edit Charges modal's Save sends it, answered with the re-priced invoice. Every request
 * is a real change: invoices are taken round robin (500 apart, so never two in flight on one
 * invoice), and each visit flips the first lot's shipping between 12.50 and 13.00 with the version
 * the previous answer gave. The request is sent with `fetch` from this process (the app's own
 * event loop also runs the client: a pessimistic figure), since the load generator can only repeat
 * one fixed body.
 * Floors: the same saves through ChargesService in-process (no HTTP); the least any implementation
 * must do through bare pg (lock the invoice, read its lines, update a line, rewrite the totals,
 * insert an audit record, in one transaction) on a separate group; each also at 1 in flight.
 */
export default defineBenchmark<State>({
  name: 'charge-edit',
  title: 'POST additionalCharges: a charge edit round trip (group of 500 invoices)',
  description:
    'A per-lot charge save answered with the re-priced invoice, against the same saves in-process and a minimal write transaction through bare pg',
  async setup(ctx) {
    const started = Date.now();
    const platforms: Platform[] = ['INV', 'INV', 'INV', 'PL', 'AZ'];
    const build = (n: number, title: string) =>
      createInvoicedGroup(ctx.em(), {
        houseId: ctx.user.houseId,
        title,
        applyCostPerLot: false,
        feeRows: [
          { name: 'Handling', rate: 1500, countryCode: 'ALL', stateCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false },
        ],
        sessions: [{ title: `${title} session`, eventDate: '2026-10-10T23:00:00Z' }],
        bidders: Array.from({ length: n }, (_, i) => ({
          firstName: `Bidder${i}`,
          lastName: `Charge${String(i).padStart(4, '0')}`,
          platform: platforms[i % platforms.length],
          paddle: 1000 + i,
          stateCode: ['NY', 'CA', 'TX', 'MA', 'NJ'][i % 5],
        })),
        lots: Array.from({ length: n * LOTS_PER_INVOICE }, (_, i) => ({ bidder: i % n, hammer: 5_000 + ((i * 7919) % 400) * 2_500 })),
      });
    const g = await build(INVOICES, 'Bench charge edit');
    const f = await build(FLOOR_INVOICES, 'Bench charge edit floor');
    await ctx.db.query('analyze invoice; analyze invoice_line; analyze invoice_audit; analyze invoice_additional_charge');
    ctx.log(
      `  setup: group ${g.groupId} with ${INVOICES} invoices and ${INVOICES * LOTS_PER_INVOICE} lots in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const byBidder = <T>(n: number, pick: (lotIndex: number) => T) =>
      Array.from({ length: n }, (_, b) => Array.from({ length: LOTS_PER_INVOICE }, (_, k) => pick(b + k * n)));
    return {
      invoices: byBidder(INVOICES, (i) => g.lotIds[i]).map((lots, b) => ({ id: g.invoiceIds[b]!, lots })),
      floorInvoices: byBidder(FLOOR_INVOICES, (i) => f.lineIds[i]).map((lines, b) => ({ id: f.invoiceIds[b]!, lines })),
    };
  },
  async run(ctx, state) {
    const path = `/app/house/${ctx.user.houseRef}/additionalCharges`;
    const versions = new Map<number, number>(state.invoices.map((i) => [i.id, 1]));
    let counter = 0;
    /** The next save: round robin over the invoices, the first lot's shipping flipped on every visit. */
    const nextBody = () => {
      const n = counter++;
      const inv = state.invoices[n % INVOICES];
      const shipping = Math.floor(n / INVOICES) % 2 === 0 ? '12.50' : '13.00';
      return {
        inv,
        body: inv.lots.map((lotID, k) => ({
          invoiceID: inv.id,
          lotID,
          tax: 0,
          shipping: k === 0 ? shipping : 0,
          insurance: 0,
          other: 0,
          suppress: false,
          restricted: false,
          paid: false,
          additionalCharge: false,
          version: versions.get(inv.id),
        })),
      };
    };
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: `${SESSION_COOKIE}=${ctx.user.sessionToken}`,
      'x-csrf-token': ctx.user.csrfToken,
    };
    const overHttp = async () => {
      const { inv, body } = nextBody();
      const res = await fetch(`${ctx.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`additionalCharges answered ${res.status}: ${text.slice(0, 200)}`);
      const data = (JSON.parse(text) as { data: { version: number; changed: boolean } }).data;
      if (!data.changed) throw new Error('the save changed nothing');
      versions.set(inv.id, data.version);
    };
    const probe = await fetch(`${ctx.baseUrl}${path}`, { method: 'POST', headers, body: '{}' });
    if (probe.status === 404) throw new BenchSkipped('POST additionalCharges does not exist in this build');

    const principal = {
      userId: ctx.user.userId,
      userRef: ctx.user.userRef,
      userName: 'owner',
      houseId: ctx.user.houseId,
      houseRef: ctx.user.houseRef,
      isSuperUser: false,
      via: 'session',
    } as unknown as Principal;
    const inProcess = (get: <T>(token: new (...args: never[]) => T) => T) => {
      const { inv, body } = nextBody();
      return get(ChargesService)
        .save(principal, parseChargeRequests(body))
        .then((a) => {
          if (!a.changed) throw new Error('the save changed nothing');
          versions.set(inv.id, a.version);
        });
    };

    let floorCounter = 0;
    const { houseId, userId } = ctx.user;
    const bare = async () => {
      const n = floorCounter++;
      const inv = state.floorInvoices[n % FLOOR_INVOICES];
      const shipping = Math.floor(n / FLOOR_INVOICES) % 2 === 0 ? 1250 : 1300;
      const c = await ctx.db.connect();
      try {
        await c.query('begin');
        await c.query('select * from invoice where id = $1 and house_id = $2 for update', [inv.id, houseId]);
        await c.query('select * from invoice_line where invoice_id = $1 and house_id = $2 order by id', [inv.id, houseId]);
        await c.query(
          'update invoice_line set total_cents = total_cents - shipping_cents + $1, shipping_cents = $1, updated_at = now() where id = $2 and house_id = $3',
          [shipping, inv.lines[0], houseId],
        );
        await c.query(
          `update invoice i set shipping_total_cents = s.shipping, invoice_total_cents = s.total, balance_cents = s.total - i.payments_made_cents, version = i.version + 1, updated_at = now()
             from (select sum(shipping_cents) as shipping, sum(total_cents) as total from invoice_line where invoice_id = $1 and house_id = $2 and not suppress) s
            where i.id = $1 and i.house_id = $2`,
          [inv.id, houseId],
        );
        await c.query(
          `insert into invoice_audit (house_id, invoice_id, user_id, user_name, action, before, after) values ($1, $2, $3, 'owner', 'charges', '{}'::jsonb, $4::jsonb)`,
          [houseId, inv.id, userId, JSON.stringify({ [`line:${inv.lines[0]}.shipping_cents`]: String(shipping) })],
        );
        await c.query('commit');
      } catch (e) {
        await c.query('rollback');
        throw e;
      } finally {
        c.release();
      }
    };

    const subject = ctx.loop('POST additionalCharges, per-lot form of 5 lots (app over HTTP)', 'req/s', overHttp);
    return {
      subject,
      floors: [
        ctx.inApp('ChargesService.save in-process, no HTTP', 'op/s', (get) => inProcess(get as never)),
        ctx.pg('bare pg: minimal write transaction (lock, line, totals, audit)', 'op/s', () => bare()),
        atConcurrency(ctx.loop('app over HTTP', 'req/s', overHttp), 1, 'app over HTTP, 1 request in flight'),
        atConcurrency(
          ctx.inApp('service in-process', 'op/s', (get) => inProcess(get as never)),
          1,
          'service in-process, 1 in flight',
        ),
        atConcurrency(
          ctx.pg('bare pg', 'op/s', () => bare()),
          1,
          'bare pg: minimal write transaction, 1 in flight',
        ),
      ],
      notes: [
        `group of ${INVOICES} invoices (${INVOICES * LOTS_PER_INVOICE} lots, US bidders: state sales tax per lot, a handling fee); every save is a real change and answers the re-priced invoice`,
      ],
    };
  },
});
