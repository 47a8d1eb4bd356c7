import { placeholders } from '../../core/validation/sql-text';
import type { Channel } from '../invoicing/math';
import type { GroupCharging } from '../lots/sale-results/sale-results.rules';
import { keysetBatches } from '../../core/database/keyset-batches';
import { priceLot } from './report-pricing';
import type { ReportSession } from './report-sessions';
import { CHANNEL, LIVE_BID, mapBatches, num, SOLD, type Execute, type Row } from './report-sql';
import type { SessionCounts, SummarySoldLot } from './session-summary.report';

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
