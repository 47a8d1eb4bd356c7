/**
 * Builds every invoice of an invoice group (the creation job's work), set-based.
 *
 * Reads, started before the transaction on pooled connections, side by side, each as soon as what
 * it needs has arrived: the group with its sessions; the winners of the sessions' sold, not yet
 * invoiced lots with how many each won (one invoice each) and their approvals with members
 * (BiddersService.sessionWinners); the lots already invoiced; the template snapshot (one round
 * trip); the sales' charging (CatalogsService) and the house's processor. Meanwhile the ONE
 * transaction begins: the group row locked (`for update`) and re-checked. Then the invoices are
 * ordered (by bidder: no lot needed), their numbers and ids reserved in one statement, and they are
 * written a batch of invoices at a time (a small first one, so PostgreSQL starts storing early):
 * the batch's lots read on a pooled connection (LotsService.soldLots of the batch's winners) while
 * the previous batch is stored, its lines computed with `computeLotLine` and its totals with
 * `invoiceTotals`, the invoices and then their lines sent with COPY on the transaction's
 * connection; last, the group marked created. A crash anywhere leaves nothing behind; a re-run of
 * a created group is a no-op; two runs of one group at once take turns on the row lock and the
 * second finds it created. The unique lot on invoice_line and unique (group, approval) on invoice
 * make a double build impossible even if those checks were bypassed.
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import type { ApprovalWithMember } from '../../bidders/bidders.service';
import { BiddersService } from '../../bidders/bidders.service';
import { CatalogsService, type GroupCharging as SaleCharging } from '../../catalogs/catalogs.service';
import { HousesService } from '../../houses/houses.service';
import type { SoldLot } from '../../lots/lots.service';
import { LotsService, SOLD_LOT_SQL } from '../../lots/lots.service';
import {
  computeLotLine,
  invoiceTotals,
  StaticUsStateTaxRates,
  type ChargeRow,
  type InvoiceTotals,
  type LotLine,
  type ProcessorType,
  type TaxRateProvider,
} from '../math';
import { InvoiceTemplatesService } from '../templates/invoice-templates.service';
import { Slots } from './build-slots';
import { copyLine, CopyQueue, transactionClient, type CopyValue } from './copy-rows';
import { reserveInvoiceNumbers } from './invoice-numbers';
import { storedLineAmounts } from './invoice-records';

/** The sales tax rate provider for US bidders under processor `p` (the static state table unless replaced). */
export const TAX_RATE_PROVIDER = Symbol('TAX_RATE_PROVIDER');

// --- The plan: pure ----------------------------------------------------------------------------

export interface PlanSession {
  auctionGroupId: number;
  eventDate: Date;
}

export interface PlanInput extends PlanContext {
  /** Sold lots not yet invoiced. */
  lots: readonly SoldLot[];
  approvals: ReadonlyMap<number, ApprovalWithMember>;
}

/** What the arithmetic of any invoice of the group needs (the plan's input without its lots and bidders). */
export interface PlanContext {
  /** The group's sessions by catalog id. */
  sessions: ReadonlyMap<number, PlanSession>;
  /** Premium steps and live fee by auction group (sale) id. */
  charging: ReadonlyMap<number, SaleCharging>;
  template: { taxRows: readonly ChargeRow[]; feeRows: readonly ChargeRow[]; chargesPerLot: boolean };
  processorType: ProcessorType | null;
  taxRates: TaxRateProvider;
}

export interface PlannedLine {
  lot: SoldLot;
  line: LotLine;
}

export interface PlannedInvoice {
  approval: ApprovalWithMember;
  lines: PlannedLine[];
  totals: InvoiceTotals;
  taxCalculationError: boolean;
}

/**
 * The spec's `applyCostPerLot` (spec 000 §2: the Create and Edit screens show the per-lot-cost
 * variant when it is false, the invoice-level variant otherwise) from the template's charging:
 * a template charging per lot gives false, one charging per invoice gives true. The name reads
 * backwards; the screens' behaviour is its only observable meaning, and this keeps it.
 */
export function applyCostPerLotOf(template: { chargesPerLot: boolean }): boolean {
  return !template.chargesPerLot;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** One invoice of the group before its arithmetic: the bidder and the lots, in their final order. */
export interface OrderedInvoice {
  approval: ApprovalWithMember;
  lots: SoldLot[];
}

/**
 * One invoice per winning bidder (approval), one line per won lot, in a stable order: invoices by
 * last name, first name, paddle, approval; lines by session date, then the lots' own order
 * (lot number). Checks that every lot has its registration and its sale's charging, so a build
 * fails here, before it writes anything. Pure and cheap: no arithmetic yet (see planInvoice).
 */
export function orderGroupInvoices(input: PlanInput): OrderedInvoice[] {
  const invoices: OrderedInvoice[] = [];
  for (const [approvalId, lots] of lotsByApproval(input.lots, input.sessions)) {
    const approval = input.approvals.get(approvalId);
    if (!approval) throw new Error(`The winning registration ${approvalId} of lot ${lots[0].lotId} was not found.`);
    for (const lot of lots) chargingOf(input, lot);
    invoices.push({ approval, lots });
  }
  return invoices.sort((a, b) => compareInvoiceBidders(a.approval, b.approval));
}

/** The invoices' order: last name, first name, paddle, approval. */
export function compareInvoiceBidders(a: ApprovalWithMember, b: ApprovalWithMember): number {
  return (
    byName.compare(a.lastName, b.lastName) ||
    byName.compare(a.firstName, b.firstName) ||
    a.paddleNumber - b.paddleNumber ||
    a.approvalId - b.approvalId
  );
}

/**
 * Lots (in the sold lots' order, LotsService.soldLots) grouped by winning approval, each invoice's
 * lots sorted by session date, then that order. Any subset of the lots read in that order gives
 * each invoice the same lines in the same order.
 */
export function lotsByApproval(lots: readonly SoldLot[], sessions: PlanContext['sessions']): Map<number, SoldLot[]> {
  const byApproval = new Map<number, SoldLot[]>();
  for (const lot of lots) {
    const list = byApproval.get(lot.approvalId);
    if (list) list.push(lot);
    else byApproval.set(lot.approvalId, [lot]);
  }
  const sessionTime = (catalogId: number) => sessions.get(catalogId)?.eventDate.getTime() ?? 0;
  const order = new Map(lots.map((l, i) => [l.lotId, i]));
  for (const list of byApproval.values())
    list.sort((a, b) => sessionTime(a.catalogId) - sessionTime(b.catalogId) || order.get(a.lotId)! - order.get(b.lotId)!);
  return byApproval;
}

/**
 * The charge rows a lot of this sale is charged with: a buy-now sale's own Taxes & Fees when saved
 * (bin step 1, docs/decisions/bin-wizard.md), else the invoice group's template's. The charging
 * variant (per lot or per invoice) stays the template's.
 */
export function saleTemplate<T extends PlanContext['template']>(template: T, sale: Pick<SaleCharging, 'chargeRows'>): T {
  return sale.chargeRows ? { ...template, taxRows: sale.chargeRows.taxRows, feeRows: sale.chargeRows.feeRows } : template;
}

function chargingOf(input: PlanContext, lot: SoldLot): SaleCharging {
  const session = input.sessions.get(lot.catalogId);
  const charging = session && input.charging.get(session.auctionGroupId);
  if (!charging) throw new Error(`No sale charging found for session ${lot.catalogId} of lot ${lot.lotId}.`);
  return charging;
}

/** The arithmetic of one ordered invoice: every line with `computeLotLine`, the totals with `invoiceTotals`. */
export function planInvoice(input: PlanContext, { approval, lots }: OrderedInvoice): PlannedInvoice {
  const bidder = { countryCode: approval.countryCode, stateCode: approval.stateCode, province: approval.province };
  const lines = lots.map((lot): PlannedLine => {
    const charging = chargingOf(input, lot);
    const line = computeLotLine({
      hammer: lot.hammerCents,
      // The channel the lot was won through; the registration's when the result has none.
      channel: lot.channel ?? approval.channel,
      bidder,
      group: { premiumSteps: charging.premiumSteps, liveFeeRate: charging.liveFeeRate },
      template: saleTemplate(input.template, charging),
      processorType: input.processorType,
      taxRates: input.taxRates,
    });
    return { lot, line };
  });
  const totals = invoiceTotals({ lines: lines.map(({ line }) => ({ amounts: line, hidden: false })) });
  return { approval, lines, totals, taxCalculationError: lines.some((l) => l.line.taxCalculationError) };
}

/** The whole group's invoices, in order (orderGroupInvoices, then planInvoice for each). */
export function planGroupInvoices(input: PlanInput): PlannedInvoice[] {
  return orderGroupInvoices(input).map((ordered) => planInvoice(input, ordered));
}

// --- The build: reads, plan, one transaction ----------------------------------------------------

export interface BuildResult {
  groupId: number;
  /** The group was already created (a re-run): nothing was written. */
  alreadyCreated: boolean;
  /** The group no longer exists (deleted while the job waited): nothing was written. */
  missing?: boolean;
  invoices: number;
  lines: number;
  firstInvoiceNumber: number | null;
  lastInvoiceNumber: number | null;
}

export type BuildProgress = (done: number, total: number, message: string) => Promise<void>;

/**
 * Test seam: lets a test fail or hold the transaction between the invoices and the lines: called
 * once, when the first batch of invoices is written and before any line is sent (a group of up to
 * about a thousand lots is one batch, so `invoices` is then all of them).
 */
export interface BuildHooks {
  afterInvoicesInserted?(info: { groupId: number; invoices: number }): Promise<void>;
}

const STEPS = 4;

/**
 * Build transactions that may wait on pooled connections (their lots are read beside the writes),
 * per process. A transaction holds one connection while it waits for another: were every
 * connection of the pool (10) held so, none would be left to answer and all would wait for the
 * pool's timeout (decision 16 of invoice-editing.md). With at most two such transactions, each
 * with at most one pooled read in flight, eight connections stay for those reads; a third build
 * waits here before it begins, holding no connection (JOB_CONCURRENCY is 2 by default, so
 * normally none waits).
 */
const OVERLAPPING_BUILDS = new Slots(2);

/** One invoice of the group before its lots are read: the bidder, in invoice order, and how many lots it won. */
interface GroupWinner {
  approval: ApprovalWithMember;
  lotCount: number;
}

/** What the build reads before its writes (see InvoiceBuilder.read). */
interface GroupReads {
  context: PlanContext;
  applyCostPerLot: boolean;
  /** The invoices, in their final order, cut into the write's batches (invoiceBatches). */
  batches: GroupWinner[][];
  invoices: number;
  lineCount: number;
  /** Lots of the sessions already on another group's invoice: left out of the batches' reads. */
  invoiced: Set<number>;
}

@Injectable()
export class InvoiceBuilder {
  /** Test-only seam (see BuildHooks); empty in production. */
  hooks: BuildHooks = {};

  constructor(
    private readonly em: EntityManager,
    private readonly lots: LotsService,
    private readonly bidders: BiddersService,
    private readonly catalogs: CatalogsService,
    private readonly templates: InvoiceTemplatesService,
    private readonly houses: HousesService,
    @Optional() @Inject(TAX_RATE_PROVIDER) private readonly taxRates: TaxRateProvider = new StaticUsStateTaxRates(),
  ) {}

  async build(houseId: number, groupId: number, progress: BuildProgress = async () => undefined): Promise<BuildResult> {
    const result = (over: Partial<BuildResult>): BuildResult => ({
      groupId,
      alreadyCreated: false,
      invoices: 0,
      lines: 0,
      firstInvoiceNumber: null,
      lastInvoiceNumber: null,
      ...over,
    });
    const conn = this.em.getConnection();
    const groups: { template_id: number; invoice_created: boolean; catalog_ids: number[] }[] = await conn.execute(
      `select template_id, invoice_created,
              array(select catalog_id from invoice_group_catalog where group_id = g.id order by catalog_id) as catalog_ids
         from invoice_group g where id = ? and house_id = ?`,
      [groupId, houseId],
    );
    if (!groups[0]) return result({ missing: true });
    if (groups[0].invoice_created) return result({ alreadyCreated: true });
    const catalogIds = groups[0].catalog_ids;

    await progress(0, STEPS, 'Reading the results of the sessions');
    // Started before the transaction (so outside it, on pooled connections) and awaited in it:
    // the transaction begins and locks the group while they run. The first batch's lots are read
    // as soon as the invoices are ordered, while the numbers are reserved.
    const reads = this.read(houseId, catalogIds, groups[0].template_id);
    const firstLots = reads.then((g) => this.batchLots(g, houseId, catalogIds, 0));
    // Both awaited below; a lock that fails first must not leave them unhandled.
    reads.catch(() => undefined);
    firstLots.catch(() => undefined);

    return OVERLAPPING_BUILDS.run(() =>
      this.em.transactional(async (tx) => {
        const trx = tx.getTransactionContext<Knex.Transaction>();
        if (!trx) throw new Error('No transaction context');
        const locked = (await trx.raw('select invoice_created, currency_code from invoice_group where id = ? and house_id = ? for update', [
          groupId,
          houseId,
        ])) as {
          rows: { invoice_created: boolean; currency_code: string }[];
        };
        const row = locked.rows[0];
        if (!row) return result({ missing: true });
        if (row.invoice_created) return result({ alreadyCreated: true });

        const group = await reads;
        await progress(1, STEPS, `Writing ${group.invoices} invoices with ${group.lineCount} lots`);
        const numbers = await reserveInvoiceNumbers(trx, houseId, group.invoices);
        if (numbers) {
          await this.write(trx, group, firstLots, numbers.ids, {
            houseId,
            groupId,
            catalogIds,
            firstNumber: numbers.first,
            currencyCode: row.currency_code,
            applyCostPerLot: group.applyCostPerLot,
          });
          await progress(3, STEPS, `Wrote ${group.invoices} invoices with ${group.lineCount} lines`);
        }
        await trx.raw(
          'update invoice_group set invoice_created = true, creation_error = null, updated_at = now() where id = ? and house_id = ?',
          [groupId, houseId],
        );
        return result({
          invoices: group.invoices,
          lines: group.lineCount,
          firstInvoiceNumber: numbers?.first ?? null,
          lastInvoiceNumber: numbers?.last ?? null,
        });
      }),
    );
  }

  /**
   * Everything the build needs before its first lot, read side by side on pooled connections, each
   * read as soon as what it needs has arrived: the winners with how many uninvoiced sold lots each
   * won (so the invoices can be ordered and numbered before any lot is read), their approvals, the
   * lots already invoiced, the template (one round trip), the sessions then their sales' charging.
   */
  private async read(houseId: number, catalogIds: readonly number[], templateId: number): Promise<GroupReads> {
    const sessionsRead = this.catalogs.sessions(houseId, catalogIds);
    // The two ORM reads (template, then house) share the context's entity manager; the house is
    // then in its identity map (the template's snapshot read it), so the second costs no query.
    const [sessionRows, charging, counts, invoiced, approvals, [template, house]] = await Promise.all([
      sessionsRead,
      sessionsRead.then((rows) => this.catalogs.charging(houseId, [...new Set(rows.map((s) => s.groupId))])),
      this.winnerLotCounts(houseId, catalogIds),
      this.invoicedLots(houseId, catalogIds),
      this.bidders.sessionWinners(houseId, catalogIds),
      this.templates.snapshot(houseId, templateId).then(async (t) => [t, await this.houses.getById(houseId)] as const),
    ]);
    const winners = counts.map((c): GroupWinner => {
      const approval = approvals.get(c.approval_id);
      if (!approval) throw new Error(`The winning registration ${c.approval_id} of lot ${c.first_lot_id} was not found.`);
      return { approval, lotCount: c.lots };
    });
    winners.sort((a, b) => compareInvoiceBidders(a.approval, b.approval));
    const batches = invoiceBatches(winners);
    const context: PlanContext = {
      sessions: new Map(sessionRows.map((s) => [s.catalogId, { auctionGroupId: s.groupId, eventDate: s.eventDate }])),
      charging,
      template,
      processorType: house.processorType ?? null,
      taxRates: this.taxRates,
    };
    return {
      context,
      applyCostPerLot: applyCostPerLotOf(template),
      batches,
      invoices: winners.length,
      lineCount: counts.reduce((n, c) => n + c.lots, 0),
      invoiced,
    };
  }

  /** The approvals that won a sold lot of these sessions not yet on any invoice, with how many (one invoice each). */
  private winnerLotCounts(
    houseId: number,
    catalogIds: readonly number[],
  ): Promise<{ approval_id: number; lots: number; first_lot_id: number }[]> {
    if (!catalogIds.length) return Promise.resolve([]);
    return this.em.getConnection().execute(
      `select winning_approval_id as approval_id, count(*)::int as lots, min(id) as first_lot_id
         from lot l
        where house_id = ? and catalog_id in (${catalogIds.map(() => '?').join(', ')}) and ${SOLD_LOT_SQL}
          and not exists (select 1 from invoice_line il where il.lot_id = l.id)
        group by winning_approval_id`,
      [houseId, ...catalogIds],
    );
  }

  /**
   * The lots of these sessions already on an invoice line (of another group): never invoiced twice.
   * From the sessions' lots through the unique lot of invoice_line, so its cost follows the
   * sessions, not the house's whole invoicing history.
   */
  private async invoicedLots(houseId: number, catalogIds: readonly number[]): Promise<Set<number>> {
    if (!catalogIds.length) return new Set();
    const rows: { lot_id: number }[] = await this.em.getConnection().execute(
      `select il.lot_id from lot l join invoice_line il on il.lot_id = l.id
        where l.house_id = ? and l.catalog_id in (${catalogIds.map(() => '?').join(', ')})`,
      [houseId, ...catalogIds],
    );
    return new Set(rows.map((r) => r.lot_id));
  }

  /**
   * One batch's invoices with their lots, read on a pooled connection (not the transaction's, which
   * is busy with the COPYs), in the sessions' lot order. A winner whose lots differ from its count
   * means the results changed since the count (the sale's results lock should prevent it): the
   * build stops, its transaction rolls back, and a re-run starts from fresh reads.
   */
  private async batchLots(group: GroupReads, houseId: number, catalogIds: readonly number[], index: number): Promise<OrderedInvoice[]> {
    const batch = group.batches[index] ?? [];
    const lots = await this.lots.soldLots(
      houseId,
      catalogIds,
      batch.map((w) => w.approval.approvalId),
    );
    const byApproval = lotsByApproval(
      lots.filter((l) => !group.invoiced.has(l.lotId)),
      group.context.sessions,
    );
    return batch.map(({ approval, lotCount }) => {
      const own = byApproval.get(approval.approvalId) ?? [];
      if (own.length !== lotCount)
        throw new Error(
          `The results of the sessions changed while their invoices were being created (registration ${approval.approvalId}).`,
        );
      return { approval, lots: own };
    });
  }

  /**
   * Computes and writes the invoices and their lines, a batch of invoices at a time, with COPY on
   * the transaction's own connection. Each batch's invoices, then its lines, join the
   * connection's queue without waiting, so PostgreSQL stores one batch while the next is read and
   * computed: the next batch's lots are read on a pooled connection (one read in flight at a time)
   * while this one is computed and stored. The invoices' ids are taken from their sequence up
   * front, so the lines need no RETURNING.
   */
  private async write(
    trx: Knex.Transaction,
    group: GroupReads,
    firstLots: Promise<OrderedInvoice[]>,
    ids: readonly number[],
    at: WriteTarget,
  ): Promise<void> {
    const copies = new CopyQueue(await transactionClient(trx));
    const batches = group.batches;
    let hook = this.hooks.afterInvoicesInserted;
    let nextRead: Promise<OrderedInvoice[]> | undefined = firstLots;
    const readBatch = (index: number) => {
      if (index >= batches.length) return undefined;
      const read = this.batchLots(group, at.houseId, at.catalogIds, index);
      read.catch(() => undefined); // awaited in its turn (or in finally); not unhandled meanwhile
      return read;
    };
    try {
      for (let b = 0, first = 0; b < batches.length && !copies.failed; b++) {
        const ordered = await nextRead!;
        nextRead = readBatch(b + 1);
        let invoices = '';
        let lines = '';
        let sinceTurn = 0;
        for (let i = 0; i < ordered.length; i++) {
          const invoice = planInvoice(group.context, ordered[i]);
          invoices += copyLine(invoiceRow(invoice, ids[first + i], at, at.firstNumber + first + i));
          for (const line of invoice.lines) lines += copyLine(lineRow(line, at.houseId, ids[first + i], invoice.approval.channel));
          sinceTurn += invoice.lines.length;
          if (sinceTurn >= TURN_LINES) {
            sinceTurn = 0;
            await nextTurn();
          }
        }
        const written = copies.send('invoice', INVOICE_COLUMNS, invoices);
        if (hook) {
          await written;
          if (!copies.failed) await hook({ groupId: at.groupId, invoices: ordered.length });
          hook = undefined;
        }
        void copies.send('invoice_line', LINE_COLUMNS, lines);
        first += ordered.length;
        await nextTurn();
      }
    } finally {
      // Never leave a COPY running on the connection when the transaction ends, even after a throw;
      // nor a read of lots still running after the build.
      await Promise.all([copies.done().catch(() => undefined), nextRead?.catch(() => undefined)]);
    }
    await copies.done();
  }
}

/** Where a build writes: the house, the group and its sessions, its first invoice number, its currency and charging variant. */
interface WriteTarget {
  houseId: number;
  groupId: number;
  catalogIds: readonly number[];
  firstNumber: number;
  currencyCode: string;
  applyCostPerLot: boolean;
}

/** The invoices (in order) cut into batches of whole invoices of about BATCH_LINES lines, the first smaller. */
function invoiceBatches(winners: readonly GroupWinner[]): GroupWinner[][] {
  const batches: GroupWinner[][] = [];
  for (let next = 0; next < winners.length;) {
    const batch: GroupWinner[] = [];
    for (let lines = 0; next < winners.length && lines < (batches.length ? BATCH_LINES : FIRST_BATCH_LINES); next++) {
      batch.push(winners[next]);
      lines += winners[next].lotCount;
    }
    batches.push(batch);
  }
  return batches;
}

/** Lines per batch of the write (whole invoices): large enough to keep COPY's per-statement cost small. */
const BATCH_LINES = 1_000;
/** The first batch is small: PostgreSQL starts storing sooner, while the rest is computed. */
const FIRST_BATCH_LINES = 200;
/**
 * Lines computed between two turns of the event loop. The queued COPYs only move (the next one
 * sent, PostgreSQL's answer taken, the rows flushed) when the computing lets the loop turn; too
 * long a stretch would leave PostgreSQL idle while the next batch is computed.
 */
const TURN_LINES = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// --- Rows --------------------------------------------------------------------------------------

const INVOICE_COLUMNS: readonly string[] = [
  'id',
  'house_id',
  'group_id',
  'invoice_number',
  'approval_id',
  'member_id',
  'first_name',
  'last_name',
  'email',
  'company_name',
  'phone',
  'street1',
  'street2',
  'city',
  'state_code',
  'province',
  'postal_code',
  'country_code',
  'paddle_number',
  'channel',
  'company_id',
  'currency_code',
  'apply_cost_per_lot',
  'item_count',
  'hammer_total_cents',
  'premium_total_cents',
  'live_fee_total_cents',
  'tax_total_cents',
  'shipping_total_cents',
  'insurance_total_cents',
  'other_total_cents',
  'invoice_total_cents',
  'balance_cents',
  'tax_calculation_error',
];

const LINE_COLUMNS: readonly string[] = [
  'house_id',
  'invoice_id',
  'lot_id',
  'catalog_id',
  'lot_ref',
  'lot_number',
  'lot_ext',
  'lot_title',
  'restricted',
  'hammer_cents',
  'premium_cents',
  'live_fee_cents',
  'tax_cents',
  'fees_cents',
  'fee_labels',
  'total_cents',
  'tax_calculation_error',
  'channel',
  'result_hammer_cents',
];

function invoiceRow(inv: PlannedInvoice, id: number, at: WriteTarget, invoiceNumber: number): CopyValue[] {
  const a = inv.approval;
  const t = inv.totals;
  return [
    id,
    at.houseId,
    at.groupId,
    invoiceNumber,
    a.approvalId,
    a.memberId,
    a.firstName,
    a.lastName,
    a.email,
    a.companyName,
    a.phone,
    a.street1,
    a.street2,
    a.city,
    a.stateCode,
    a.province,
    a.postalCode,
    a.countryCode,
    a.paddleNumber,
    a.channel,
    a.companyId,
    at.currencyCode,
    at.applyCostPerLot,
    t.itemCount,
    t.hammer,
    t.premium,
    t.liveFee,
    t.tax,
    t.shipping,
    t.insurance,
    t.other,
    t.total,
    t.outstandingBalance,
    inv.taxCalculationError,
  ];
}

function lineRow({ lot, line }: PlannedLine, houseId: number, invoiceId: number, channel: string): CopyValue[] {
  return [
    houseId,
    invoiceId,
    lot.lotId,
    lot.catalogId,
    lot.lotRef ?? null,
    lot.lotNumber,
    lot.lotExt,
    lot.title,
    lot.restricted,
    ...storedLineAmounts(line),
    lot.channel ?? channel,
    lot.hammerCents,
  ];
}
