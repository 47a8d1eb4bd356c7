import { performance } from 'node:perf_hooks';
import { newRef } from '../src/modules/houses/identity/secrets';
import type { BenchContext } from './harness';
import type { Probe } from './measurement';

/**
 * A fresh session for one measured run of an upload benchmark (a second import into the same one
 * would be updates or replacements), in a group of its own, with `lots` numbered 1..lots.
 */
export async function benchSession(ctx: BenchContext, opts: { name: string; saleType: 'live' | 'timed'; lots?: number }): Promise<number> {
  const g = await ctx.db.query<{ id: number }>(
    `insert into auction_group (house_id, group_name, is_live) values ($1, $2, true) returning id`,
    [ctx.user.houseId, `${opts.name}-${Date.now()}`],
  );
  const c = await ctx.db.query<{ id: number }>(
    `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date)
     values ($1, $2, $3, $4, $5, now() + interval '30 days') returning id`,
    [ctx.user.houseId, g.rows[0].id, newRef('C'), opts.name, opts.saleType],
  );
  const id = c.rows[0].id;
  if (opts.lots)
    await ctx.db.query(
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description)
       select $1, $2, $4 || n, n::text, 'Lot ' || n, 'Bench lot' from generate_series(1, $3) n`,
      [ctx.user.houseId, id, opts.lots, `LB${id}-`],
    );
  return id;
}

/**
 * A probe that times `runs` whole runs of `op` (each a file or a folder of `items` things), shared
 * out over the harness's rounds, and reports them per item (rows/s, images/s). The warm-up runs once.
 * With `cpuNotes`, it adds a note of this process's CPU time (user + system, every thread) per item
 * over its measured runs: a figure a loaded machine disturbs far less than the wall clock.
 */
export function wholeRunProbe(
  label: string,
  unit: string,
  items: number,
  runs: number,
  op: (run: number) => Promise<unknown>,
  warmup: () => Promise<unknown>,
  cpuNotes?: string[],
): Probe {
  let done = 0;
  let warm = false;
  let cpuMicros = 0;
  return {
    label,
    unit,
    close: async () => {
      if (cpuNotes && done) cpuNotes.push(`${label}: ${(cpuMicros / 1000 / (done * items)).toFixed(1)} ms of this process's CPU per item`);
    },
    warmup: async () => {
      if (warm) return;
      warm = true;
      await warmup();
    },
    measure: async (s) => {
      const share = Math.max(1, Math.ceil((runs - done) / (s.rounds - s.round)));
      const latencies: number[] = [];
      let seconds = 0;
      for (let i = 0; i < share && done < runs; i++, done++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        await op(done);
        const ms = performance.now() - t0;
        const c = process.cpuUsage(c0);
        cpuMicros += c.user + c.system;
        seconds += ms / 1000;
        for (let r = 0; r < items; r++) latencies.push(ms / items);
      }
      return { latencies, seconds, errors: 0 };
    },
  };
}
