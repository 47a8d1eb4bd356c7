import { performance } from 'node:perf_hooks';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { CHARGE_CONCURRENCY } from '@ar/rules';
import { CardChargingService, pool } from '../../src/modules/invoicing/payments/charging/card-charging.service';
import { PAYMENT_GATEWAY } from '../../src/modules/invoicing/payments/gateway/payment-gateway';
import type { SandboxGateway } from '../../src/modules/invoicing/payments/gateway/sandbox-gateway';
import { createInvoicedGroup } from '../../test/invoice-details/factory';
import { defineBenchmark, type BenchContext, type Probe } from '../harness';

const INVOICES = 1_000;
const LATENCY_MS = 50;
/** What the gateway's latency allows at the service's concurrency: every lane always waiting on a call. */
const LIMIT = CHARGE_CONCURRENCY / (LATENCY_MS / 1000);
/** Issue 11's target. */
const TARGET = 200;

interface State {
  /** One group of 1,000 chargeable invoices per batch run (a charged invoice is not chargeable again). */
  batches: number[][];
}

/**
 * A batch timed as a whole, reported per charge: each run adds `INVOICES` latencies of
 * (run time / INVOICES), so the rate is charges per second. `runs` batches are spread over the rounds.
 */
function chargesProbe(label: string, runs: number, op: (run: number) => Promise<void>): Probe {
  let done = 0;
  return {
    label,
    unit: 'charges/s',
    warmup: async () => {
      await op(done++);
    },
    measure: async (s) => {
      const share = Math.max(1, Math.ceil((runs - done + 1) / (s.rounds - s.round)));
      const latencies: number[] = [];
      let seconds = 0;
      for (let i = 0; i < share; i++) {
        const t0 = performance.now();
        await op(done++);
        const ms = performance.now() - t0;
        seconds += ms / 1000;
        for (let c = 0; c < INVOICES; c++) latencies.push(ms / INVOICES);
      }
      return { latencies, seconds, errors: 0 };
    },
  };
}

/** A sent group of 1,000 invoices (one lot each, sent a week ago), each bidder with an approving card on file. */
async function chargeableGroup(ctx: BenchContext, k: number): Promise<number[]> {
  const houseId = ctx.user.houseId;
  const g = await createInvoicedGroup(ctx.em(), {
    houseId,
    title: `Bench charge batch ${k}`,
    sessions: [{ title: `Bench charge batch ${k} session`, eventDate: '2026-10-10T23:00:00Z' }],
    bidders: Array.from({ length: INVOICES }, (_, i) => ({
      firstName: `Charge${k}`,
      lastName: `Bidder${String(i).padStart(4, '0')}`,
      paddle: 5000 + k * INVOICES + i,
      stateCode: ['NY', 'CA', 'TX', 'MA', 'NJ'][i % 5],
    })),
    lots: Array.from({ length: INVOICES }, (_, i) => ({ bidder: i, hammer: 5_000 + ((i * 7919) % 400) * 2_500 })),
    invoices: Object.fromEntries(Array.from({ length: INVOICES }, (_, i) => [i, { sentAt: new Date(Date.now() - 7 * 86_400_000) }])),
  });
  await ctx.db.query(
    `insert into bidder_payment_method (house_id, member_id, token, kind, brand, last4, exp_month, exp_year, is_default)
     select $1, m.id, 'tok_visa_approve_bench' || $2::text || '_' || m.n, 'card', 'visa', '4242', 12, 2030, true
       from unnest($3::int[]) with ordinality as m(id, n)`,
    [houseId, k, g.memberIds],
  );
  return g.invoiceIds.map(Number);
}

/**
 * Issue 11 "Speed": a batch of 1,000 eligible invoices charged against the sandbox gateway with
 * 50 ms per call, as the charge-batch job charges it (`CardChargingService.processCards`: claim,
 * charge, record each invoice exactly once, CHARGE_CONCURRENCY at a time), in charges per second.
 * Floors: the latency bound itself (1,000 waits of 50 ms, CHARGE_CONCURRENCY at a time, nothing
 * else: CHARGE_CONCURRENCY / 50 ms, measured), and the sandbox gateway alone, 1,000 charges at the
 * same concurrency (the latency plus its ledger insert).
 */
export default defineBenchmark<State>({
  name: 'charge-batch',
  title: `Charge batch: ${INVOICES.toLocaleString('en-US')} invoices, sandbox gateway at ${LATENCY_MS} ms`,
  description: `CardChargingService.processCards of ${INVOICES} invoices (claim, charge, record each) against the latency bound and the sandbox gateway alone at the same concurrency`,
  async setup(ctx) {
    const runs = Math.max(1, ctx.shape.rounds) + 1; // one warm-up batch, then one per round
    const batches: number[][] = [];
    for (let k = 0; k < runs; k++) batches.push(await chargeableGroup(ctx, k));
    await ctx.db.query('analyze invoice; analyze invoice_line; analyze invoice_payment; analyze bidder_payment_method; analyze member');
    const gateway = ctx.app.get<SandboxGateway>(PAYMENT_GATEWAY);
    gateway.configure({ latencyMs: LATENCY_MS, fault: 'none' });
    return { batches };
  },
  run(ctx, state) {
    const orm = ctx.app.get(MikroORM);
    const charging = ctx.app.get(CardChargingService);
    const gateway = ctx.app.get<SandboxGateway>(PAYMENT_GATEWAY);
    const actor = { userId: ctx.user.userId, userName: 'owner' };
    const runs = state.batches.length - 1;
    const charge = async (run: number) => {
      const ids = state.batches[run];
      if (!ids) throw new Error(`no chargeable batch left for run ${run + 1}`);
      const out = await RequestContext.create(orm.em, () => charging.processCards(ctx.user.houseId, actor, ids));
      const notCharged = out.filter((c) => !c.charged || c.status !== 'approved');
      if (notCharged.length) throw new Error(`${notCharged.length} invoices not charged, first: ${JSON.stringify(notCharged[0])}`);
    };
    const gatewayAlone = async (run: number) => {
      await pool(
        Array.from({ length: INVOICES }, (_, i) => i),
        CHARGE_CONCURRENCY,
        (i) =>
          gateway.charge({
            idempotencyKey: `bench:gateway:${run}:${i}`,
            houseId: ctx.user.houseId,
            token: `tok_visa_approve_floor${run}_${i}`,
            amountCents: 10_000,
            currencyCode: 'USD',
            description: `Bench floor ${run} ${i}`,
          }),
      );
    };
    const latencyBound = async () => {
      await pool(
        Array.from({ length: INVOICES }, (_, i) => i),
        CHARGE_CONCURRENCY,
        () => new Promise((resolve) => setTimeout(resolve, LATENCY_MS)),
      );
    };
    return {
      subject: chargesProbe(`processCards, ${INVOICES} invoices, ${CHARGE_CONCURRENCY} at a time (in-process, as the job)`, runs, charge),
      floors: [
        chargesProbe(`latency bound: ${INVOICES} waits of ${LATENCY_MS} ms, ${CHARGE_CONCURRENCY} at a time, no work`, runs, latencyBound),
        chargesProbe(`sandbox gateway alone: ${INVOICES} charges, ${CHARGE_CONCURRENCY} at a time`, runs, gatewayAlone),
      ],
      notes: [
        `latency-bound limit: ${CHARGE_CONCURRENCY} at a time / ${LATENCY_MS} ms = ${LIMIT} charges/s; target ${TARGET} charges/s`,
        `each run charges a fresh group of ${INVOICES} sent invoices (one lot each, US bidders with state tax) with an approving card on file; every invoice must come back approved`,
      ],
    };
  },
});
