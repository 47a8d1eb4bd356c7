import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Pool } from 'pg';
import { BenchContext, BenchSkipped, defineBenchmark } from '../harness';
import { BuildResult, InvoiceBuilder } from '../../src/modules/invoicing/invoices/invoice-builder';

/** 5,000 lots won by 1,000 bidders; INVOICING_LOTS / INVOICING_BIDDERS size a one-off larger run. */
const LOTS = sizeFromEnv('INVOICING_LOTS', 5_000);
const BIDDERS = sizeFromEnv('INVOICING_BIDDERS', 1_000);
const fmt = (n: number) => n.toLocaleString('en-US');

function sizeFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1 (got "${raw}")`);
  return n;
}

interface State {
  houseId: number;
  templateId: number;
  /** The session the app invoices, and the one whose lines the COPY floor writes. */
  subjectCatalog: number;
  floorCatalog: number;
  floorGroup: number;
  /** The floor group's invoice lines as COPY text, exactly as the builder wrote them. */
  floorLines: string;
  lineColumns: string;
  /** The floor group's invoices as COPY text, for the second floor (invoices and lines). */
  floorInvoices: string;
  invoiceColumns: string;
}

/**
 * Invoicing a generated group of 5,000 sold lots won by 1,000 bidders: InvoiceBuilder.build (the
 * creation job's whole work: reads, arithmetic, invoice numbers, invoices and lines in one
 * transaction) against PostgreSQL COPYing the same 5,000 invoice_line rows into the same table
 * (same indexes, foreign keys and unique lot), the floor of writing them at all.
 */
export default defineBenchmark<State>({
  name: 'invoicing',
  title: `invoice a group of ${fmt(LOTS)} lots / ${fmt(BIDDERS)} bidders`,
  description: `InvoiceBuilder.build of a ${fmt(LOTS)}-lot, ${fmt(BIDDERS)}-bidder group against COPY of the same ${fmt(LOTS)} invoice_line rows`,
  async setup(ctx) {
    const { houseId } = ctx.user;
    const db = ctx.db;
    const tpl = await db.query<{ id: number }>('select id from invoice_template where house_id = $1 order by id limit 1', [houseId]);
    if (!tpl.rows[0]) throw new BenchSkipped('the demo house has no invoice template');
    const addr = await db.query<{ id: number }>('select id from house_address where house_id = $1 and "primary" order by id limit 1', [
      houseId,
    ]);
    const tag = randomBytes(4).toString('hex').toUpperCase();
    const sale = async (label: string) => {
      const g = await db.query<{ id: number }>(
        `insert into auction_group (house_id, group_name, live_fee_rate) values ($1, $2, 3000) returning id`,
        [houseId, `Bench ${label} ${tag}`],
      );
      const groupId = g.rows[0].id;
      await db.query(
        `insert into buyers_premium_step (group_id, from_cents, to_cents, rate) values ($1, 0, 100000, 25000), ($1, 100000, null, 20000)`,
        [groupId],
      );
      // 1,000 bidders: mostly US (four states), some Canadian and British; every channel.
      await db.query(
        `insert into member (house_id, member_ref, first_name, last_name, email, city, country_code, state_code, platform, company_id)
         select $1, $2 || lpad(g::text, 5, '0'), 'Bidder', 'No. ' || g, 'bench.' || $2 || g || '@example.com', 'City',
                (array['US','US','US','US','CA','UK'])[1 + g % 6], (array['NY','CA','TX','IL','ON','LND'])[1 + g % 6],
                p, case p when 'PL' then 3 when 'AZ' then 4 when 'Floor' then 9 end
           from generate_series(1, $3::int) g, lateral (select (array['INV','INV','PL','AZ','Floor'])[1 + g % 5] as p) x`,
        [houseId, `MB${tag}${label[0]}`, BIDDERS],
      );
      await db.query(
        `insert into approval (house_id, group_id, member_id, paddle_number, channel)
         select $1, $2, m.id, 100 + row_number() over (order by m.id), m.platform from member m where m.house_id = $1 and m.member_ref like $3`,
        [houseId, groupId, `MB${tag}${label[0]}%`],
      );
      const c = await db.query<{ id: number }>(
        `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date, time_zone, address_id, currency_code, published)
         values ($1, $2, $3, $4, 'live', now() - interval '10 days', 'America/New_York', $5, 'USD', true) returning id`,
        [houseId, groupId, `CB${tag}${label[0]}`, `Bench ${label} session`, addr.rows[0]?.id ?? null],
      );
      const catalogId = c.rows[0].id;
      // 5,000 lots, each bidder winning five, hammers from $5 to about $5,000 (some on step boundaries).
      await db.query(
        `with a as (select id, channel, row_number() over (order by id) - 1 as n from approval where group_id = $2)
         insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, hammer_cents, winning_approval_id, result_channel, sold_at)
         select $1, $3, $4 || lpad(g::text, 5, '0'), g::text, 'Bench lot ' || g, 'Generated for the invoicing benchmark',
                case when g % 97 = 0 then 100000 else 500 + (g * 7919) % 500000 end, a.id, a.channel, now()
           from generate_series(1, $5::int) g join a on a.n = g % $6`,
        [houseId, groupId, catalogId, `LB${tag}${label[0]}`, LOTS, BIDDERS],
      );
      return catalogId;
    };
    const subjectCatalog = await sale('subject');
    const floorCatalog = await sale('floor');
    await db.query('analyze member; analyze approval; analyze lot; analyze catalog');

    // The floor's rows: build the floor session's group once with the app, keep its lines as COPY text.
    const floorGroup = await newGroup(db, houseId, tpl.rows[0].id, floorCatalog, 'floor');
    const built = await build(ctx, houseId, floorGroup);
    if (built.lines !== LOTS || built.invoices !== BIDDERS)
      throw new Error(`the floor group built ${built.invoices} invoices / ${built.lines} lines`);
    const cols = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'invoice_line' and column_name <> 'id' order by ordinal_position`,
    );
    const lineColumns = cols.rows.map((r) => `"${r.column_name}"`).join(', ');
    const floorLines = await copyOut(
      db,
      `COPY (select ${lineColumns} from invoice_line where invoice_id in (select id from invoice where group_id = ${floorGroup}) order by id) TO STDOUT`,
    );
    const invCols = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'invoice' order by ordinal_position`,
    );
    const invoiceColumns = invCols.rows.map((r) => `"${r.column_name}"`).join(', ');
    const floorInvoices = await copyOut(
      db,
      `COPY (select ${invoiceColumns} from invoice where group_id = ${floorGroup} order by id) TO STDOUT`,
    );
    return {
      houseId,
      templateId: tpl.rows[0].id,
      subjectCatalog,
      floorCatalog,
      floorGroup,
      floorLines,
      lineColumns,
      floorInvoices,
      invoiceColumns,
    };
  },

  run(ctx, s) {
    let group: number | null = null;
    const iterations = Math.max(3, ctx.shape.rounds * 3);
    return {
      subject: ctx.sequential(
        `InvoiceBuilder.build: ${fmt(BIDDERS)} invoices, ${fmt(LOTS)} lines (app, in-process)`,
        'op/s',
        {
          iterations,
          warmup: 1,
          // Untimed: drop the previous group (its lots are uninvoiced again) and make a new one.
          beforeEach: async () => {
            if (group !== null) await ctx.db.query('delete from invoice_group where id = $1', [group]);
            await vacuumWritten(ctx.db);
            group = await newGroup(ctx.db, s.houseId, s.templateId, s.subjectCatalog, 'subject');
          },
        },
        async () => {
          const r = await build(ctx, s.houseId, group!);
          if (r.invoices !== BIDDERS || r.lines !== LOTS) throw new Error(`built ${r.invoices} invoices / ${r.lines} lines`);
        },
      ),
      floors: [
        ctx.sequential(
          `bare pg: COPY the same ${fmt(LOTS)} invoice_line rows`,
          'op/s',
          {
            iterations,
            warmup: 1,
            beforeEach: async () => {
              await ctx.db.query('delete from invoice_line where invoice_id in (select id from invoice where group_id = $1)', [
                s.floorGroup,
              ]);
              await vacuumWritten(ctx.db);
            },
          },
          () => copyIn(ctx.db, `COPY invoice_line (${s.lineColumns}) FROM STDIN`, s.floorLines),
        ),
        // Not the floor: what PostgreSQL alone must do for the rows the spec requires
        // (the invoices too, whose foreign keys and indexes the lines-only floor leaves out).
        ctx.sequential(
          `bare pg: COPY the same ${fmt(BIDDERS)} invoice rows, then the ${fmt(LOTS)} lines, one transaction`,
          'op/s',
          {
            iterations,
            warmup: 1,
            // Untimed: the floor group's invoices go (their lines with them) and come back timed.
            beforeEach: async () => {
              await ctx.db.query('delete from invoice where group_id = $1', [s.floorGroup]);
              await vacuumWritten(ctx.db);
            },
          },
          () =>
            copyInTransaction(ctx.db, [
              [`COPY invoice (${s.invoiceColumns}) FROM STDIN`, s.floorInvoices],
              [`COPY invoice_line (${s.lineColumns}) FROM STDIN`, s.floorLines],
            ]),
        ),
      ],
      notes: [
        `${BIDDERS} bidders (US NY/CA/TX/IL, Ontario, London; INV/PL/AZ/Floor), ${LOTS} sold lots in one session, a template with a tax row and a fee row, processor p (US state sales tax)`,
        'the subject is the whole creation job minus the queue: reads of lots, bidders, template and charging, every line and total computed, numbers reserved, invoices and lines inserted, in one transaction',
        'the floor COPYs the rows the app wrote for an identical session into the same table (indexes, foreign keys, unique lot), after deleting them untimed',
        "the second floor COPYs that session's invoices and then its lines in one transaction: the rows the spec requires, without reads or arithmetic",
      ],
    };
  },
});

/**
 * Untimed, before every timed write: the rows the previous iteration deleted are vacuumed away, as
 * autovacuum would in production. This machine's PostgreSQL runs with autovacuum off (its CI
 * config), and without this the dead index entries of 5,000 lines deleted and written again per
 * iteration made a line COPY up to 10x slower by the end of a run, for the app and the floors alike.
 */
async function vacuumWritten(db: Pool): Promise<void> {
  await db.query('vacuum invoice_line, invoice, invoice_group');
}

async function newGroup(db: Pool, houseId: number, templateId: number, catalogId: number, label: string): Promise<number> {
  const g = await db.query<{ id: number }>(
    `insert into invoice_group (house_id, title, template_id, currency_code) values ($1, $2, $3, 'USD') returning id`,
    [houseId, `Bench ${label}`, templateId],
  );
  await db.query(`insert into invoice_group_catalog (group_id, catalog_id, session_date) values ($1, $2, current_date)`, [
    g.rows[0].id,
    catalogId,
  ]);
  return g.rows[0].id;
}

function build(ctx: BenchContext, houseId: number, groupId: number): Promise<BuildResult> {
  return RequestContext.create(ctx.app.get(MikroORM).em, () => ctx.app.get(InvoiceBuilder).build(houseId, groupId));
}

async function copyOut(db: Pool, sql: string): Promise<string> {
  const client = await db.connect();
  try {
    const chunks: Buffer[] = [];
    await pipeline(
      client.query(copyTo(sql)),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          done();
        },
      }),
    );
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    client.release();
  }
}

async function copyIn(db: Pool, sql: string, text: string): Promise<void> {
  const client = await db.connect();
  try {
    await pipeline(Readable.from([text]), client.query(copyFrom(sql)));
  } finally {
    client.release();
  }
}

async function copyInTransaction(db: Pool, copies: readonly [sql: string, text: string][]): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('begin');
    for (const [sql, text] of copies) await pipeline(Readable.from([text]), client.query(copyFrom(sql)));
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}
