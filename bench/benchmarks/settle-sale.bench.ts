import { randomBytes } from 'node:crypto';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { BenchContext, defineBenchmark } from '../harness';
import { SettlementRunsService } from '../../src/modules/settlements/settlements/settlement-runs.service';

const LOTS = 5_000;
const CONSIGNORS = 300;

interface State {
  houseId: number;
  userId: number;
  saleId: number;
  catalogId: number;
}

/**
 * Settling a sale of 5,000 lots from 300 consignors (issue 17): SettlementRunsService.createForSale,
 * the job's whole work in-process (reads, commission arithmetic, 300 drafts and 5,000 lines written
 * in one transaction), against the bare queries reading the same rows through pg.
 */
export default defineBenchmark<State>({
  name: 'settle-sale',
  title: `settle a sale of ${LOTS.toLocaleString('en-US')} lots / ${CONSIGNORS} consignors`,
  description: `SettlementRunsService.createForSale of a ${LOTS}-lot sale from ${CONSIGNORS} consignors against bare pg reading the same rows`,
  async setup(ctx) {
    const { houseId, userId } = ctx.user;
    const db = ctx.db;
    const tag = randomBytes(4).toString('hex').toUpperCase();
    const g = await db.query<{ id: number }>(`insert into auction_group (house_id, group_name) values ($1, $2) returning id`, [
      houseId,
      `Bench settle ${tag}`,
    ]);
    const saleId = g.rows[0].id;
    const c = await db.query<{ id: number }>(
      `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date, time_zone, currency_code, published)
       values ($1, $2, $3, 'Bench settle session', 'live', now() - interval '3 days', 'America/New_York', 'USD', true) returning id`,
      [houseId, saleId, `CS${tag}`],
    );
    const catalogId = c.rows[0].id;
    // Pay on hammer: every sold lot settles (collection is not what is measured here).
    await db.query(
      `insert into commission_plan (house_id, name, auction_group_id, tiers, minimum_commission_cents, buy_in_fee_cents, photography_fee_cents, commission_tax_rate, settlement_basis)
       values ($1, 'Bench plan', $2, $3::jsonb, 2500, 1000, 1500, 8875, 'hammer')`,
      [
        houseId,
        saleId,
        JSON.stringify([
          { fromCents: 0, toCents: 100_000, rate: 15_000 },
          { fromCents: 100_000, toCents: null, rate: 10_000 },
        ]),
      ],
    );
    await db.query(
      `insert into consignor (house_id, name, email) select $1, 'Bench consignor ' || $2 || ' ' || g, 'c' || g || '@example.com' from generate_series(1, $3::int) g`,
      [houseId, tag, CONSIGNORS],
    );
    await db.query(
      `insert into approval (house_id, group_id, member_id, paddle_number, channel)
       select $1, $2, m.id, 100 + row_number() over (order by m.id), 'INV' from (select id from member where house_id = $1 order by id limit 500) m`,
      [houseId, saleId],
    );
    // 5,000 lots, nine in ten sold (hammers from $5 to about $5,000), one in ten bought in.
    await db.query(
      `with a as (select id, row_number() over (order by id) - 1 as n from approval where group_id = $2),
            k as (select id, row_number() over (order by id) - 1 as n from consignor where house_id = $1 and name like $5)
       insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, hammer_cents, winning_approval_id, result_channel, sold_at, consignor_id)
       select $1, $3, $4 || lpad(g::text, 5, '0'), g::text, 'Bench lot ' || g, 'Generated for the settlement benchmark',
              case when g % 10 = 0 then null else 500 + (g * 7919) % 500000 end, case when g % 10 = 0 then null else a.id end,
              case when g % 10 = 0 then null else 'INV' end, now(), k.id
         from generate_series(1, $6::int) g join a on a.n = g % (select count(*) from a) join k on k.n = g % $7`,
      [houseId, saleId, catalogId, `LS${tag}`, `Bench consignor ${tag} %`, LOTS, CONSIGNORS],
    );
    await db.query('analyze lot; analyze consignor; analyze approval');
    const s = { houseId, userId, saleId, catalogId };
    const first = await settle(ctx, s);
    if (first.settlements !== CONSIGNORS) throw new Error(`settled ${first.settlements} consignors`);
    return s;
  },

  run(ctx, s) {
    const iterations = ctx.shape.rounds;
    return {
      subject: ctx.sequential(
        `SettlementRunsService.createForSale: ${LOTS.toLocaleString('en-US')} lots, ${CONSIGNORS} drafts (app, in-process)`,
        'op/s',
        { iterations, warmup: 0 },
        async () => {
          const r = await settle(ctx, s);
          if (r.settlements !== CONSIGNORS) throw new Error(`settled ${r.settlements} consignors`);
        },
      ),
      floors: [
        ctx.sequential(
          'bare pg: the same rows read (lots, settled lines, consignors, plans)',
          'op/s',
          { iterations, warmup: 1 },
          async () => {
            const lots = await ctx.db.query<{ id: number; consignor_id: number }>(
              `select id, consignor_id, catalog_id, lot_number, lot_ext, title, status, winning_approval_id, hammer_cents, reserve_cents
               from lot where house_id = $1 and consignor_id is not null and catalog_id = $2
              order by catalog_id, lpad(coalesce(lot_number, ''), 8, '0'), lot_ext nulls first, id`,
              [s.houseId, s.catalogId],
            );
            const ids = lots.rows.map((r) => r.id);
            await ctx.db.query(
              `select sl.lot_id from settlement_line sl join settlement st on st.id = sl.settlement_id
              where sl.house_id = $1 and sl.state <> 'held' and (st.status <> 'draft' or not (st.auction_group_id = $2)) and sl.lot_id = any($3)`,
              [s.houseId, s.saleId, ids],
            );
            await ctx.db.query('select * from lot_commission_override where house_id = $1 and lot_id = any($2)', [s.houseId, ids]);
            await ctx.db.query('select * from consignor where house_id = $1 and id = any($2) order by name, id', [
              s.houseId,
              [...new Set(lots.rows.map((r) => r.consignor_id))],
            ]);
            await ctx.db.query('select * from commission_plan where house_id = $1', [s.houseId]);
            if (lots.rows.length !== LOTS) throw new Error(`read ${lots.rows.length} lots`);
          },
        ),
      ],
      notes: [
        `${CONSIGNORS} consignors, ${LOTS} lots (one in ten bought in), a sale plan with two tiers, minimum, buy-in fee, photography fee and tax on commission, pay on hammer`,
        'each run rebuilds the 300 drafts (their lines and totals) in one transaction under the sale lock, as a re-run of the job does',
        'the floor only reads the rows the run reads; it computes and writes nothing',
      ],
    };
  },
});

function settle(ctx: BenchContext, s: State): Promise<{ settlements: number }> {
  return RequestContext.create(ctx.app.get(MikroORM).em, async () => {
    const r = await ctx.app.get(SettlementRunsService).createForSale(s.houseId, s.saleId, s.userId);
    return { settlements: r.settlements.length };
  });
}
