/**
 * The report downloads' reads, each a stream of batches (keyset-batches.ts): every query is scoped to
 * the house on every table it reads. Reports read the results, bids, bidders and invoices read-only
 * (docs/decisions/report-downloads.md); money columns are bigint and come back as text: Number().
 */
import { placeholders } from '../../core/validation/sql-text';
import type { Channel } from '../invoicing/math';
import { paymentMethodName } from '../invoicing/editing/marks/payment-methods';
import type { GroupCharging } from '../lots/sale-results/sale-results.rules';
import type { BidderRow } from './bidders.report';
import { keysetBatches } from './keyset-batches';
import type { MaxBidRow } from './max-bids.report';
import type { PactsInvoice, PactsRow } from './pacts.report';
import { addAmounts, noAmounts, priceLot, type LotAmounts } from './report-pricing';
import type { ReportSession } from './report-sessions';
import type { SessionCounts, SummarySoldLot } from './session-summary.report';

export type Execute = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
type Row = Record<string, unknown>;

/** A sold lot: a result (winning approval and hammer) on a lot that is not deleted (as Sale Results). */
const SOLD = `l.winning_approval_id is not null and l.hammer_cents is not null and l.status <> 'd'`;
/** A bid that counts: not cancelled, from a bidder still registered. */
const LIVE_BID = `b.cancelled_at is null and b.approval_id is not null`;
/** The channel invoices charge by: the result's, else the registration's (invoice-builder.ts). */
const CHANNEL = `coalesce(l.result_channel, a.channel)`;
/** Lots in catalog order: number (padded), extension, id. */
const LOT_KEYS = `lpad(coalesce(l.lot_number, ''), 8, '0'), coalesce(l.lot_ext, ''), l.id`;

const num = (v: unknown) => Number(v);
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const after = (keys: string, row: Row | null, values: (r: Row) => unknown[]) =>
  row
    ? {
        sql: `and (${keys}) > (${values(row)
          .map(() => '?')
          .join(', ')})`,
        params: values(row),
      }
    : { sql: '', params: [] };

/**
 * Each bidder's best live bid per lot of the sessions, lot by lot (a batch of lots at a time), ranked.
 * Three small queries per batch (lots, their bids, the bidders) rather than one join: each reads
 * by primary key or index whatever the planner's statistics say right after a large import.
 */
export async function* maxBidBatches(execute: Execute, houseId: number, sessions: readonly ReportSession[]): AsyncGenerator<MaxBidRow[]> {
  for (const s of sessions) {
    const lots = keysetBatches<Row>(async (last, size) => {
      const k = after(LOT_KEYS, last, (r) => [r.k1, r.k2, r.id]);
      return execute(
        `select l.id, lpad(coalesce(l.lot_number, ''), 8, '0') as k1, coalesce(l.lot_ext, '') as k2,
                coalesce(l.lot_number, '') || coalesce(l.lot_ext, '') as lot_number, l.title, l.lo_est_cents, l.hi_est_cents,
                case when ${SOLD} then l.hammer_cents end as hammer, case when ${SOLD} then l.winning_approval_id end as winner
           from lot l
          where l.house_id = ? and l.catalog_id = ? and l.status <> 'd'
            and exists (select 1 from order_bid b where b.lot_id = l.id and b.house_id = l.house_id and ${LIVE_BID}) ${k.sql}
          order by ${LOT_KEYS} limit ?`,
        [houseId, s.id, ...k.params, size],
      );
    });
    for await (const batch of lots) {
      const ids = batch.map((r) => num(r.id));
      const bids = await execute(
        `select y.*, row_number() over (partition by y.lot_id order by y.max_bid desc, y.bid_id) as rank
           from (select distinct on (b.lot_id, b.approval_id) b.lot_id, b.approval_id, b.id as bid_id,
                        b.max_bid_cents as max_bid, b.bid_type, b.created_at,
                        count(*) over (partition by b.lot_id, b.approval_id) as bids
                   from order_bid b
                  where b.house_id = ? and b.lot_id in (${placeholders(ids)}) and ${LIVE_BID}
                  order by b.lot_id, b.approval_id, b.max_bid_cents desc, b.id) y
          order by y.lot_id, rank`,
        [houseId, ...ids],
      );
      const bidders = await loadBidders(
        execute,
        houseId,
        bids.map((b) => num(b.approval_id)),
      );
      const byLot = new Map<number, Row[]>();
      for (const b of bids) {
        const list = byLot.get(num(b.lot_id)) ?? [];
        list.push(b);
        byLot.set(num(b.lot_id), list);
      }
      const out: MaxBidRow[] = [];
      for (const l of batch) {
        for (const b of byLot.get(num(l.id)) ?? []) {
          const who = bidders.get(num(b.approval_id));
          if (!who) continue; // a registration of another house cannot hold a bid here; never shown
          out.push({
            sessionTitle: s.title,
            prefix: s.prefix,
            lotNumber: l.lot_number as string,
            title: l.title as string,
            loEst: l.lo_est_cents === null ? null : num(l.lo_est_cents),
            hiEst: l.hi_est_cents === null ? null : num(l.hi_est_cents),
            rank: num(b.rank),
            paddle: who.paddle,
            lastName: who.lastName,
            firstName: who.firstName,
            email: who.email,
            channel: who.channel,
            maxBid: num(b.max_bid),
            bidType: b.bid_type as string,
            bids: num(b.bids),
            placedAt: new Date(b.created_at as string),
            won: l.winner !== null && num(l.winner) === num(b.approval_id),
            hammer: l.hammer === null ? null : num(l.hammer),
          });
        }
      }
      yield out;
    }
  }
}

interface BidderName {
  paddle: number;
  channel: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** Registrations of the house by id, with the member's name and email. */
async function loadBidders(execute: Execute, houseId: number, approvalIds: readonly number[]): Promise<Map<number, BidderName>> {
  const ids = [...new Set(approvalIds)];
  const out = new Map<number, BidderName>();
  if (!ids.length) return out;
  const rows = await execute(
    `select a.id, a.paddle_number, a.channel, m.house_id as member_house_id, m.first_name, m.last_name, m.email
       from approval a join member m on m.id = a.member_id
      where a.house_id = ? and a.id in (${placeholders(ids)})`,
    [houseId, ...ids],
  );
  for (const r of rows) {
    if (num(r.member_house_id) !== houseId) continue; // see ownMembers
    out.set(num(r.id), {
      paddle: num(r.paddle_number),
      channel: r.channel as string,
      firstName: r.first_name as string,
      lastName: r.last_name as string,
      email: text(r.email),
    });
  }
  return out;
}

/** Counts of the sessions together (one session for its row, all of them for the total row). */
export async function sessionCounts(execute: Execute, houseId: number, catalogIds: readonly number[]): Promise<SessionCounts> {
  const [r] = await execute(
    `with c as (select id, group_id from catalog where house_id = ? and id in (${placeholders(catalogIds)})),
          l as (select l.id, l.lo_est_cents, l.hi_est_cents from lot l join c on c.id = l.catalog_id where l.house_id = ? and l.status <> 'd')
     select (select count(*) from l) as lots,
            (select coalesce(sum(lo_est_cents), 0) from l) as lo,
            (select coalesce(sum(hi_est_cents), 0) from l) as hi,
            (select count(*) from approval a where a.house_id = ? and a.group_id in (select group_id from c)) as registered,
            (select count(distinct b.approval_id) from order_bid b join l on l.id = b.lot_id where b.house_id = ? and ${LIVE_BID}) as bidders`,
    [houseId, ...catalogIds, houseId, houseId, houseId],
  );
  return { lots: num(r.lots), loEst: num(r.lo), hiEst: num(r.hi), registered: num(r.registered), bidders: num(r.bidders) };
}

/** The session's sold lots priced, by lot id, a batch at a time. */
export function soldLotBatches(
  execute: Execute,
  houseId: number,
  session: ReportSession,
  charging: GroupCharging,
): AsyncGenerator<SummarySoldLot[]> {
  return mapBatches(
    keysetBatches<Row>((last, size) =>
      execute(
        `select l.id, l.hammer_cents, ${CHANNEL} as channel, a.id as approval_id
           from lot l join approval a on a.id = l.winning_approval_id and a.house_id = l.house_id
          where l.house_id = ? and l.catalog_id = ? and ${SOLD} and l.id > ?
          order by l.id limit ?`,
        [houseId, session.id, last ? last.id : 0, size],
      ),
    ),
    (r) => ({
      approvalId: num(r.approval_id),
      channel: r.channel as string,
      amounts: priceLot(num(r.hammer_cents), r.channel as Channel, charging),
    }),
  );
}

/** Every bidder registered for the session's sale with what they bid on and won in the session. */
export async function* bidderBatches(
  execute: Execute,
  houseId: number,
  session: ReportSession,
  charging: GroupCharging,
): AsyncGenerator<BidderRow[]> {
  const keys = `a.paddle_number = 0, a.paddle_number, a.id`;
  const approvals = keysetBatches<Row>((last, size) => {
    const k = after(keys, last, (r) => [r.no_paddle, r.paddle_number, r.id]);
    return execute(
      `select a.id, a.paddle_number, a.paddle_number = 0 as no_paddle, a.channel, a.created_at, m.house_id as member_house_id,
              m.first_name, m.last_name, m.company_name, m.email, m.phone, m.mobile_phone,
              concat_ws(' ', m.street1, m.street2) as street, m.city, coalesce(m.state_code, m.province) as state,
              m.postal_code, m.country_code
         from approval a join member m on m.id = a.member_id
        where a.house_id = ? and a.group_id = ? ${k.sql}
        order by ${keys} limit ?`,
      [houseId, session.auctionGroupId, ...k.params, size],
    );
  });
  for await (const all of approvals) {
    const batch = ownMembers(all, houseId);
    if (!batch.length) continue;
    const ids = batch.map((r) => num(r.id));
    const won = await execute(
      `select l.winning_approval_id as approval_id, l.hammer_cents, ${CHANNEL} as channel
         from lot l join approval a on a.id = l.winning_approval_id and a.house_id = l.house_id
        where l.house_id = ? and l.catalog_id = ? and ${SOLD} and l.winning_approval_id in (${placeholders(ids)})`,
      [houseId, session.id, ...ids],
    );
    const bidOn = await execute(
      `select b.approval_id, count(distinct b.lot_id) as n
         from order_bid b join lot l on l.id = b.lot_id and l.house_id = b.house_id
        where b.house_id = ? and l.catalog_id = ? and l.status <> 'd' and ${LIVE_BID} and b.approval_id in (${placeholders(ids)})
        group by b.approval_id`,
      [houseId, session.id, ...ids],
    );
    const sums = new Map<number, { lots: number; amounts: LotAmounts }>();
    for (const w of won) {
      const id = num(w.approval_id);
      let s = sums.get(id);
      if (!s) sums.set(id, (s = { lots: 0, amounts: noAmounts() }));
      s.lots += 1;
      addAmounts(s.amounts, priceLot(num(w.hammer_cents), w.channel as Channel, charging));
    }
    const bids = new Map(bidOn.map((b) => [num(b.approval_id), num(b.n)]));
    yield batch.map((r) => {
      const id = num(r.id);
      return {
        paddle: num(r.paddle_number),
        lastName: r.last_name as string,
        firstName: r.first_name as string,
        company: text(r.company_name),
        email: text(r.email),
        phone: text(r.phone),
        mobile: text(r.mobile_phone),
        street: text(r.street),
        city: text(r.city),
        state: text(r.state),
        postalCode: text(r.postal_code),
        country: text(r.country_code),
        channel: r.channel as string,
        registeredAt: new Date(r.created_at as string),
        lotsBidOn: bids.get(id) ?? 0,
        lotsWon: sums.get(id)?.lots ?? 0,
        amounts: sums.get(id)?.amounts ?? noAmounts(),
      };
    });
  }
}

/** Per buyer of the session (by name) and invoice: the session's lots and the invoice's payment state. */
export async function* pactsBatches(
  execute: Execute,
  houseId: number,
  session: ReportSession,
  charging: GroupCharging,
): AsyncGenerator<PactsRow[]> {
  const keys = `lower(m.last_name), lower(m.first_name), a.id`;
  const buyers = keysetBatches<Row>((last, size) => {
    const k = after(keys, last, (r) => [r.k1, r.k2, r.id]);
    return execute(
      `select a.id, a.paddle_number, a.channel, m.house_id as member_house_id, m.first_name, m.last_name, m.email,
              coalesce(m.phone, m.mobile_phone) as phone,
              lower(m.last_name) as k1, lower(m.first_name) as k2
         from approval a join member m on m.id = a.member_id
        where a.house_id = ?
          and a.id in (select l.winning_approval_id from lot l where l.house_id = ? and l.catalog_id = ? and ${SOLD}) ${k.sql}
        order by ${keys} limit ?`,
      [houseId, houseId, session.id, ...k.params, size],
    );
  });
  for await (const all of buyers) {
    const batch = ownMembers(all, houseId);
    if (!batch.length) continue;
    const ids = batch.map((r) => num(r.id));
    const lots = await execute(
      `select l.winning_approval_id as approval_id, l.hammer_cents, ${CHANNEL} as channel,
              il.invoice_id, il.total_cents, il.suppress, il.shipped
         from lot l
         join approval a on a.id = l.winning_approval_id and a.house_id = l.house_id
         left join invoice_line il on il.lot_id = l.id and il.house_id = l.house_id
        where l.house_id = ? and l.catalog_id = ? and ${SOLD} and l.winning_approval_id in (${placeholders(ids)})`,
      [houseId, session.id, ...ids],
    );
    const invoiceIds = [...new Set(lots.filter((l) => l.invoice_id !== null).map((l) => num(l.invoice_id)))];
    const invoices = await loadInvoices(execute, houseId, invoiceIds);
    // Per buyer: invoice id (0: not invoiced) -> the session's visible lots on it. A hidden line keeps
    // its invoice's row (the invoice is still the buyer's) but counts in neither lots nor total.
    const parts = new Map<number, Map<number, { lots: number; total: number; shipped: number }>>();
    for (const l of lots) {
      const buyer = num(l.approval_id);
      const invoiceId = l.invoice_id === null ? 0 : num(l.invoice_id);
      let byInvoice = parts.get(buyer);
      if (!byInvoice) parts.set(buyer, (byInvoice = new Map()));
      let p = byInvoice.get(invoiceId);
      if (!p) byInvoice.set(invoiceId, (p = { lots: 0, total: 0, shipped: 0 }));
      if (l.suppress) continue;
      p.lots += 1;
      p.total += invoiceId ? num(l.total_cents) : priceLot(num(l.hammer_cents), l.channel as Channel, charging).payable;
      if (l.shipped) p.shipped += 1;
    }
    const out: PactsRow[] = [];
    for (const r of batch) {
      const byInvoice = parts.get(num(r.id)) ?? new Map<number, { lots: number; total: number; shipped: number }>();
      const order = [...byInvoice.keys()].sort(
        (x, y) => (x === 0 ? 1 : 0) - (y === 0 ? 1 : 0) || (invoices.get(x)?.invoiceNumber ?? 0) - (invoices.get(y)?.invoiceNumber ?? 0),
      );
      for (const invoiceId of order) {
        const p = byInvoice.get(invoiceId)!;
        out.push({
          paddle: num(r.paddle_number),
          lastName: r.last_name as string,
          firstName: r.first_name as string,
          email: text(r.email),
          phone: text(r.phone),
          channel: r.channel as string,
          lots: p.lots,
          lotsTotal: p.total,
          lotsShipped: p.shipped,
          invoice: invoiceId ? invoices.get(invoiceId)! : null,
        });
      }
    }
    yield out;
  }
}

async function loadInvoices(execute: Execute, houseId: number, ids: readonly number[]): Promise<Map<number, PactsInvoice>> {
  const out = new Map<number, PactsInvoice>();
  if (!ids.length) return out;
  const rows = await execute(
    `select i.id, i.invoice_number, i.invoice_total_cents, i.payments_made_cents, i.balance_cents, i.all_paid, i.online_payment_stat,
            i.sent_at, to_char(i.paid_date, 'YYYY-MM-DD') as paid_date, i.payment_method_id, i.pickup,
            exists (select 1 from invoice_line pl where pl.invoice_id = i.id and pl.paid and not pl.suppress) as any_line_paid
       from invoice i where i.house_id = ? and i.id in (${placeholders(ids)})`,
    [houseId, ...ids],
  );
  for (const r of rows) {
    out.set(num(r.id), {
      invoiceNumber: num(r.invoice_number),
      invoiceTotal: num(r.invoice_total_cents),
      paymentsMade: num(r.payments_made_cents),
      balance: num(r.balance_cents),
      allPaid: !!r.all_paid,
      onlinePaymentStat: text(r.online_payment_stat),
      sentAt: r.sent_at ? new Date(r.sent_at as string) : null,
      paidDate: text(r.paid_date),
      paymentMethod: paymentMethodName(r.payment_method_id === null ? null : num(r.payment_method_id)),
      pickup: !!r.pickup,
      anyLinePaid: !!r.any_line_paid,
    });
  }
  return out;
}

/**
 * Rows whose member is of the house. The member's house is checked here, not in the SQL join: with
 * stale statistics (right after a large import) the planner scanned the house's members for every
 * row (seconds per batch) instead of reading the member by key.
 */
function ownMembers(rows: readonly Row[], houseId: number): Row[] {
  return rows.filter((r) => num(r.member_house_id) === houseId);
}

async function* mapBatches<T, U>(batches: AsyncIterable<T[]>, f: (t: T) => U): AsyncGenerator<U[]> {
  for await (const b of batches) yield b.map(f);
}
