import { placeholders } from '../../core/validation/sql-text';
import type { Channel } from '../invoicing/math';
import type { GroupCharging } from '../lots/sale-results/sale-results.rules';
import type { BidderRow } from './bidders.report';
import { keysetBatches } from '../../core/database/keyset-batches';
import { addAmounts, noAmounts, priceLot, type LotAmounts } from './report-pricing';
import type { ReportSession } from './report-sessions';
import { after, CHANNEL, LIVE_BID, num, ownMembers, SOLD, text, type Execute, type Row } from './report-sql';

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
