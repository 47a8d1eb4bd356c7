/**
 * Builds every invoice of an invoice group (the creation job's work), set-based.
 *
 * Reads (before the transaction, side by side, each as soon as what it needs has arrived): the
 * group with its sessions, the sold lots of those sessions (LotsService.soldLots) minus the lots
 * already on an invoice line, the sessions' winning approvals with their members
 * (BiddersService.sessionWinners, read beside the lots rather than after them), the template
 * charging (one round trip), the sales' charging (CatalogsService) and the house's processor.
 * Orders the invoices and their lots in memory. Writes, in ONE transaction: the group row locked
 * (`for update`) and re-checked, the invoice numbers of the whole group and their invoice ids
 * reserved in one statement, then a batch of invoices at a time (a small first one, so
 * PostgreSQL starts storing early): its lines computed with
 * `computeLotLine` and its totals with `invoiceTotals`, the invoices and then their lines sent with
 * COPY on the transaction's connection, while the next batch is computed; last, the group marked
 * created. A crash anywhere leaves nothing behind; a re-run of a created group is a no-op; two
 * runs of one group at once take turns on the row lock and the second finds it created. The unique
 * lot on invoice_line and unique (group, approval) on invoice make a double build impossible even
 * if those checks were bypassed.
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import type { ApprovalWithMember } from '../../bidders/bidders.service';
import { BiddersService } from '../../bidders/bidders.service';
import { CatalogsService, type GroupCharging as SaleCharging } from '../../catalogs/catalogs.service';
import { HousesService } from '../../houses/houses.service';
import type { SoldLot } from '../../lots/lots.service';
import { LotsService } from '../../lots/lots.service';
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

export interface PlanInput {
  /** Sold lots not yet invoiced. */
  lots: readonly SoldLot[];
  approvals: ReadonlyMap<number, ApprovalWithMember>;
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
  const byApproval = new Map<number, SoldLot[]>();
  for (const lot of input.lots) {
    const list = byApproval.get(lot.approvalId);
    if (list) list.push(lot);
    else byApproval.set(lot.approvalId, [lot]);
  }
  const sessionTime = (catalogId: number) => input.sessions.get(catalogId)?.eventDate.getTime() ?? 0;
  const order = new Map(input.lots.map((l, i) => [l.lotId, i]));
  const invoices: OrderedInvoice[] = [];
  for (const [approvalId, lots] of byApproval) {
    const approval = input.approvals.get(approvalId);
    if (!approval) throw new Error(`The winning registration ${approvalId} of lot ${lots[0].lotId} was not found.`);
    lots.sort((a, b) => sessionTime(a.catalogId) - sessionTime(b.catalogId) || order.get(a.lotId)! - order.get(b.lotId)!);
    for (const lot of lots) chargingOf(input, lot);
    invoices.push({ approval, lots });
  }
  invoices.sort(
    (a, b) =>
      byName.compare(a.approval.lastName, b.approval.lastName) ||
      byName.compare(a.approval.firstName, b.approval.firstName) ||
      a.approval.paddleNumber - b.approval.paddleNumber ||
      a.approval.approvalId - b.approval.approvalId,
  );
  return invoices;
}

/**
 * The charge rows a lot of this sale is charged with: a buy-now sale's own Taxes & Fees when saved
 * (bin step 1, docs/decisions/bin-wizard.md), else the invoice group's template's. The charging
 * variant (per lot or per invoice) stays the template's.
 */
export function saleTemplate<T extends PlanInput['template']>(template: T, sale: Pick<SaleCharging, 'chargeRows'>): T {
  return sale.chargeRows ? { ...template, taxRows: sale.chargeRows.taxRows, feeRows: sale.chargeRows.feeRows } : template;
}

function chargingOf(input: PlanInput, lot: SoldLot): SaleCharging {
  const session = input.sessions.get(lot.catalogId);
  const charging = session && input.charging.get(session.auctionGroupId);
  if (!charging) throw new Error(`No sale charging found for session ${lot.catalogId} of lot ${lot.lotId}.`);
  return charging;
}

/** The arithmetic of one ordered invoice: every line with `computeLotLine`, the totals with `invoiceTotals`. */
export function planInvoice(input: PlanInput, { approval, lots }: OrderedInvoice): PlannedInvoice {
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

    await progress(0, STEPS, 'Reading the results of the sessions');
    const { input, applyCostPerLot } = await this.read(houseId, groups[0].catalog_ids, groups[0].template_id);
    const ordered = orderGroupInvoices(input);
    await progress(1, STEPS, `Writing ${ordered.length} invoices with ${input.lots.length} lots`);

    // Reads stay outside the transaction: a transaction waiting on pooled connections could starve the pool.
    return this.em.transactional(async (tx) => {
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

      const numbers = await reserveInvoiceNumbers(trx, houseId, ordered.length);
      if (numbers) {
        await this.write(trx, input, ordered, numbers.ids, {
          houseId,
          groupId,
          firstNumber: numbers.first,
          currencyCode: row.currency_code,
          applyCostPerLot,
        });
        await progress(3, STEPS, `Wrote ${ordered.length} invoices with ${input.lots.length} lines`);
      }
      await trx.raw(
        'update invoice_group set invoice_created = true, creation_error = null, updated_at = now() where id = ? and house_id = ?',
        [groupId, houseId],
      );
      return result({
        invoices: ordered.length,
        lines: input.lots.length,
        firstInvoiceNumber: numbers?.first ?? null,
        lastInvoiceNumber: numbers?.last ?? null,
      });
    });
  }

  /**
   * Everything the plan needs, read side by side on pooled connections (outside the transaction),
   * each read as soon as what it needs has arrived: the lots, the winners and the template in one
   * round trip each; the sessions then their sales' charging.
   */
  private async read(
    houseId: number,
    catalogIds: readonly number[],
    templateId: number,
  ): Promise<{ input: PlanInput; applyCostPerLot: boolean }> {
    const sessionsRead = this.catalogs.sessions(houseId, catalogIds);
    const [sessionRows, charging, lots, approvals, template, house] = await Promise.all([
      sessionsRead,
      sessionsRead.then((rows) => this.catalogs.charging(houseId, [...new Set(rows.map((s) => s.groupId))])),
      Promise.all([this.lots.soldLots(houseId, catalogIds), this.invoicedLots(houseId, catalogIds)]).then(([sold, invoiced]) =>
        sold.filter((l) => !invoiced.has(l.lotId)),
      ),
      this.bidders.sessionWinners(houseId, catalogIds),
      this.templates.charging(houseId, templateId),
      this.houses.getById(houseId),
    ]);
    const input: PlanInput = {
      lots,
      approvals,
      sessions: new Map(sessionRows.map((s) => [s.catalogId, { auctionGroupId: s.groupId, eventDate: s.eventDate }])),
      charging,
      template,
      processorType: house.processorType ?? null,
      taxRates: this.taxRates,
    };
    return { input, applyCostPerLot: applyCostPerLotOf(template) };
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
   * Computes and writes the invoices and their lines, a batch of invoices at a time, with COPY on
   * the transaction's own connection. Each batch's invoices, then its lines, join the
   * connection's queue without waiting, so PostgreSQL stores one batch while the next is computed.
   * The invoices' ids are taken from their sequence up front, so the lines need no RETURNING.
   */
  private async write(
    trx: Knex.Transaction,
    input: PlanInput,
    ordered: readonly OrderedInvoice[],
    ids: readonly number[],
    at: WriteTarget,
  ): Promise<void> {
    const copies = new CopyQueue(await transactionClient(trx));
    let hook = this.hooks.afterInvoicesInserted;
    try {
      for (let first = 0; first < ordered.length && !copies.failed;) {
        let invoices = '';
        let lines = '';
        let lineCount = 0;
        let next = first;
        for (let sinceTurn = 0; next < ordered.length && lineCount < (first === 0 ? FIRST_BATCH_LINES : BATCH_LINES); next++) {
          const invoice = planInvoice(input, ordered[next]);
          invoices += copyLine(invoiceRow(invoice, ids[next], at, at.firstNumber + next));
          for (const line of invoice.lines) lines += copyLine(lineRow(line, at.houseId, ids[next], invoice.approval.channel));
          lineCount += invoice.lines.length;
          sinceTurn += invoice.lines.length;
          if (sinceTurn >= TURN_LINES) {
            sinceTurn = 0;
            await nextTurn();
          }
        }
        const written = copies.send('invoice', INVOICE_COLUMNS, invoices);
        if (hook) {
          await written;
          if (!copies.failed) await hook({ groupId: at.groupId, invoices: next - first });
          hook = undefined;
        }
        void copies.send('invoice_line', LINE_COLUMNS, lines);
        first = next;
        await nextTurn();
      }
    } finally {
      // Never leave a COPY running on the connection when the transaction ends, even after a throw.
      await copies.done().catch(() => undefined);
    }
    await copies.done();
  }
}

/** Where a build writes: the house, the group, its first invoice number, its currency and charging variant. */
interface WriteTarget {
  houseId: number;
  groupId: number;
  firstNumber: number;
  currencyCode: string;
  applyCostPerLot: boolean;
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
