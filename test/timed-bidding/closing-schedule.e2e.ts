import { DEFAULT_BID_LADDER } from '@ar/rules';
import { ClusterScheduler } from '../../src/core/scheduling/cluster-scheduler.service';
import { BidPlacementService } from '../../src/modules/lots/timed-bidding/bid-placement.service';
import { LotClosingService } from '../../src/modules/lots/timed-bidding/lot-closing.service';
import { LotClosingTasks } from '../../src/modules/lots/timed-bidding/lot-closing.tasks';
import { waitFor } from '../support/wait-for';
import { postGroup, seedTemplate, untilCreated } from '../invoice-groups/support';
import { seedTwoHouses, signIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedTimedSale } from './support';

const MINUTES = 5;
const LOTS = 30;

/**
 * Lot closing runs on the cluster's schedule, once per cluster (issue 15): two application
 * instances on one database both fire the every-minute task (four calls per minute at different
 * moments inside it, all at once); each minute is claimed by one instance, enqueues one
 * `lot-closing-run`, and the due lots close once with one result each, which the invoicing module
 * then invoices (winning approval, hammer).
 */
describe('timed lot closing: the cluster schedule and staggered ends', () => {
  let a: TestApp;
  let b: TestApp;
  let houses: TwoHouses;

  beforeAll(async () => {
    a = await createTestApp({ redis: false });
    b = await createTestApp({ redis: false, database: a.db });
    houses = await seedTwoHouses(a.em(), { bulkBiddingEnabled: true });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('each minute is claimed by one instance and closes the due lots once', async () => {
    const sale = await seedTimedSale(a.em(), {
      houseId: houses.a.id,
      lots: LOTS,
      bidders: 2,
      firstLotEnd: new Date(Date.now() + 3_600_000),
    });
    const engine = a.app.get(BidPlacementService);
    for (const [i, lotId] of sale.lotIds.entries()) {
      const r = await engine.place({
        houseId: houses.a.id,
        lotId,
        approvalId: sale.approvalIds[i % 2],
        amountCents: 3000 + i * 100,
        bidType: 'maxBid',
        placedByUserId: null,
        ladder: DEFAULT_BID_LADDER,
      });
      expect(r.ok).toBe(true);
    }
    const past = new Date(Date.now() - 600_000);
    await a.em().execute('update catalog set event_date = ? where id = ?', [past, sale.catalogId]);
    await a.em().execute('update lot set end_at = ? where catalog_id = ?', [past, sale.catalogId]);

    const ta = a.app.get(LotClosingTasks);
    const tb = b.app.get(LotClosingTasks);
    const instances = [a.app.get(ClusterScheduler).instanceId, b.app.get(ClusterScheduler).instanceId];
    const base = Date.UTC(2002, 0, 1, 0, 0);
    const minutes = Array.from({ length: MINUTES }, (_, k) => base + k * 60_000);
    await Promise.all(
      minutes.flatMap((m) => [
        ta.everyMinute(new Date(m)),
        tb.everyMinute(new Date(m + 1_000)),
        ta.everyMinute(new Date(m + 30_000)),
        tb.everyMinute(new Date(m + 59_999)),
      ]),
    );

    const slots = await a
      .em()
      .execute<{ slot: Date; claimed_by: string }[]>(
        `select slot, claimed_by from schedule_slot where task = 'lots.timed-closing' order by slot`,
      );
    expect(slots.map((s) => new Date(s.slot).getTime())).toEqual(minutes);
    for (const s of slots) expect(instances).toContain(s.claimed_by);

    // One run per minute, each run once; together they closed every lot once.
    const runs = await waitFor(
      () =>
        a
          .em()
          .execute<{ idempotency_key: string; status: string; attempts: number; result: { closed: number; sold: number } | null }[]>(
            `select idempotency_key, status, attempts, result from job_run where name = 'lot-closing-run' order by idempotency_key`,
          ),
      (rs) => rs.length === MINUTES && rs.every((r) => r.status === 'completed'),
      'every run to complete',
      30_000,
    );
    expect(runs.map((r) => r.idempotency_key)).toEqual(
      minutes.map((m) => `-:bidding:lot-closing-run:lot-closing-run:${new Date(m).toISOString()}`),
    );
    expect(runs.every((r) => r.attempts === 1)).toBe(true);
    expect(runs.reduce((n, r) => n + r.result!.closed, 0)).toBe(LOTS);
    expect(runs.reduce((n, r) => n + r.result!.sold, 0)).toBe(LOTS);

    const lots = await a
      .em()
      .execute<{ closed: boolean; winner: number | null; hammer: string | null; leader: number | null }[]>(
        `select l.closed_at is not null as closed, l.winning_approval_id as winner, l.hammer_cents as hammer, o.approval_id as leader from lot l join order_bid o on o.id = l.leading_bid_id where l.catalog_id = ? order by l.id`,
        [sale.catalogId],
      );
    expect(lots).toHaveLength(LOTS);
    for (const l of lots)
      expect({ closed: l.closed, winner: l.winner, hammer: Number(l.hammer) }).toEqual({ closed: true, winner: l.leader, hammer: 2000 });

    // The results are what invoicing reads: a group over the session invoices each bidder their lots at the hammer.
    const owner = await signIn(a.server, houses.a.houseRef, 'owner');
    const template = await seedTemplate(a.em(), houses.a.id);
    const res = await postGroup(owner, houses.a.houseRef, {
      catalogRefs: [sale.catalogRef],
      groupTitle: 'Timed sale',
      invoiceSettingsID: template,
    });
    expect(res.status).toBe(200);
    expect((await untilCreated(a, houses.a.id, res.body.data.invoiceGroupID)).status).toBe('completed');
    const lines = await a
      .em()
      .execute<{ lot_id: number; approval_id: number; hammer_cents: string }[]>(
        'select l.lot_id, i.approval_id, l.hammer_cents from invoice_line l join invoice i on i.id = l.invoice_id where i.group_id = ? order by l.lot_id',
        [res.body.data.invoiceGroupID],
      );
    expect(lines.map((l) => [l.lot_id, l.approval_id, Number(l.hammer_cents)])).toEqual(
      sale.lotIds.map((id, i) => [id, sale.approvalIds[i % 2], 2000]),
    );
  });

  it('closes each lot at its staggered end; a bid in the closing window extends its lot past the next ones', async () => {
    const T0 = Date.now() + 600_000;
    const sale = await seedTimedSale(a.em(), { houseId: houses.a.id, lots: 4, bidders: 1, firstLotEnd: new Date(T0), staggerSeconds: 60 });
    // Lot 2 ends at T0 + 60 s; a bid 30 s before moves it to the bid + 2 minutes (T0 + 150 s).
    const bid = await a.app.get(BidPlacementService).place(
      {
        houseId: houses.a.id,
        lotId: sale.lotIds[1],
        approvalId: sale.approvalIds[0],
        amountCents: 2000,
        bidType: 'maxBid',
        placedByUserId: null,
        ladder: DEFAULT_BID_LADDER,
      },
      new Date(T0 + 30_000),
    );
    expect(bid).toEqual(expect.objectContaining({ ok: true, isExtended: true, endAt: new Date(T0 + 150_000) }));

    const closing = a.app.get(LotClosingService);
    const closedLots = async () =>
      (
        await a
          .em()
          .execute<{ n: number; closed: boolean; winner: number | null; sold_at: Date | null }[]>(
            'select lot_number::int as n, closed_at is not null as closed, winning_approval_id as winner, sold_at from lot where catalog_id = ? order by id',
            [sale.catalogId],
          )
      )
        .filter((l) => l.closed)
        .map((l) => l.n);
    await closing.closeDue(new Date(T0 + 65_000));
    expect(await closedLots()).toEqual([1]);
    await closing.closeDue(new Date(T0 + 125_000));
    expect(await closedLots()).toEqual([1, 3]);
    await closing.closeDue(new Date(T0 + 151_000));
    expect(await closedLots()).toEqual([1, 2, 3]);
    const [lot2] = await a
      .em()
      .execute<{ winner: number; hammer: string; sold_at: Date; is_extended: boolean }[]>(
        'select winning_approval_id as winner, hammer_cents as hammer, sold_at, is_extended from lot where id = ?',
        [sale.lotIds[1]],
      );
    expect({ ...lot2, hammer: Number(lot2.hammer), sold_at: new Date(lot2.sold_at).getTime() }).toEqual({
      winner: sale.approvalIds[0],
      hammer: 2000,
      sold_at: T0 + 150_000,
      is_extended: true,
    });
  });
});
