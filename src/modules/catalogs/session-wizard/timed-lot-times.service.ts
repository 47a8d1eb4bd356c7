import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SESSION_TEXT, staggeredLotEnd } from '@ar/rules';
import { SessionWizardError, SessionWizardErrorCode } from './session-wizard.errors';

export interface TimedLotTime {
  lotID: number;
  lotNumber: string | null;
  lotExt: string | null;
  endTimeUTCString: string;
}

/**
 * `setTimedAuctionLotTimes` (spec 001 section 7, timed step 1 edited from the summary): stores each
 * lot's end (`lot.end_at`, which the closing engine reads before its schedule) from the session's
 * first-lot end plus the stagger per lot, in the engine's order (lot number, extension, id; deleted
 * lots take no place). Refused once bidding has started (a bid, even cancelled, or a closed lot):
 * a bid may have extended an end, and moving it would move a running lot.
 */
@Injectable()
export class TimedLotTimesService {
  constructor(private readonly em: EntityManager) {}

  async setLotTimes(houseId: number, catalogId: number): Promise<TimedLotTime[]> {
    return this.em.transactional(async (em) => {
      // The session row lock serialises this with step 1's save (which locks it too).
      const [s] = await em.execute<{ event_date: Date; timed_type: number | null; timed_value: number | null }[]>(
        `select event_date, timed_type, timed_value from catalog where id = ? and house_id = ? and sale_type = 'timed' for update`,
        [catalogId, houseId],
      );
      if (!s) throw SessionWizardError.sessionNotFound();
      const lots = await em.execute<{ id: number; lot_number: string | null; lot_ext: string | null; started: boolean }[]>(
        `select l.id, l.lot_number, l.lot_ext,
                (l.closed_at is not null or exists (select 1 from order_bid o where o.lot_id = l.id)) as started
           from lot l where l.catalog_id = ? and l.house_id = ? and l.status <> 'd'
          order by nullif(l.lot_number, '')::bigint nulls last, l.lot_ext nulls first, l.id
            for update of l`,
        [catalogId, houseId],
      );
      if (lots.some((l) => l.started))
        throw new SessionWizardError(SessionWizardErrorCode.BIDDING_STARTED, SESSION_TEXT.lotTimesAfterBidding);
      const first = new Date(s.event_date);
      const times = lots.map((l, i) => ({
        lotID: l.id,
        lotNumber: l.lot_number,
        lotExt: l.lot_ext,
        endTimeUTCString: staggeredLotEnd(first, s.timed_type, s.timed_value, i).toISOString(),
      }));
      if (times.length) {
        await em.execute(
          `update lot set end_at = v.end_at::timestamptz from (values ${times.map(() => '(?::int, ?)').join(', ')}) as v(id, end_at)
            where lot.id = v.id and lot.house_id = ?`,
          [...times.flatMap((t) => [t.lotID, t.endTimeUTCString]), houseId],
        );
      }
      return times;
    });
  }
}
