/**
 * Builds every invoice of an invoice group (the creation job's work), set-based.
 *
 * Reads (before the transaction, one query each): the group and its sessions, the sold lots of
 * those sessions (LotsService.soldLots) minus the lots already on an invoice line, the winning
 * approvals with their members (BiddersService), the template snapshot, the sales' charging
 * (CatalogsService) and the house's processor. Computes every line with `computeLotLine` and every
 * invoice total with `invoiceTotals` in memory. Writes, in ONE transaction: the group row locked
 * (`for update`) and re-checked, the invoice numbers of the whole group reserved with one upsert,
 * all invoices in one INSERT ... SELECT FROM json_to_recordset, all lines in another, the group
 * marked created. A crash anywhere leaves nothing behind; a re-run of a created group is a no-op;
 * two runs of one group at once take turns on the row lock and the second finds it created. The
 * unique lot on invoice_line and unique (group, approval) on invoice make a double build impossible
 * even if those checks were bypassed.
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
import { reserveInvoiceNumbers } from './invoice-numbers';

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

/**
 * One invoice per winning bidder (approval), one line per won lot, in a stable order: invoices by
 * last name, first name, paddle, approval; lines by session date, then the lots' own order
 * (lot number). Pure: everything it needs is in `input`.
 */
export function planGroupInvoices(input: PlanInput): PlannedInvoice[] {
  const byApproval = new Map<number, SoldLot[]>();
  for (const lot of input.lots) {
    const list = byApproval.get(lot.approvalId);
    if (list) list.push(lot);
    else byApproval.set(lot.approvalId, [lot]);
  }
  const sessionTime = (catalogId: number) => input.sessions.get(catalogId)?.eventDate.getTime() ?? 0;
  const order = new Map(input.lots.map((l, i) => [l.lotId, i]));
  const invoices: PlannedInvoice[] = [];
  for (const [approvalId, lots] of byApproval) {
    const approval = input.approvals.get(approvalId);
    if (!approval) throw new Error(`The winning registration ${approvalId} of lot ${lots[0].lotId} was not found.`);
    const bidder = { countryCode: approval.countryCode, stateCode: approval.stateCode, province: approval.province };
    lots.sort((a, b) => sessionTime(a.catalogId) - sessionTime(b.catalogId) || order.get(a.lotId)! - order.get(b.lotId)!);
    const lines = lots.map((lot): PlannedLine => {
      const session = input.sessions.get(lot.catalogId);
      const charging = session && input.charging.get(session.auctionGroupId);
      if (!charging) throw new Error(`No sale charging found for session ${lot.catalogId} of lot ${lot.lotId}.`);
      const line = computeLotLine({
        hammer: lot.hammerCents,
        // The channel the lot was won through; the registration's when the result has none.
        channel: lot.channel ?? approval.channel,
        bidder,
        group: { premiumSteps: charging.premiumSteps, liveFeeRate: charging.liveFeeRate },
        template: input.template,
        processorType: input.processorType,
        taxRates: input.taxRates,
      });
      return { lot, line };
    });
    const totals = invoiceTotals({ lines: lines.map(({ line }) => ({ amounts: line, hidden: false })) });
    invoices.push({ approval, lines, totals, taxCalculationError: lines.some((l) => l.line.taxCalculationError) });
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

/** Test seam: lets a test fail the transaction between the invoices and the lines. */
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
    const groups: { template_id: number; invoice_created: boolean }[] = await conn.execute(
      'select template_id, invoice_created from invoice_group where id = ? and house_id = ?',
      [groupId, houseId],
    );
    if (!groups[0]) return result({ missing: true });
    if (groups[0].invoice_created) return result({ alreadyCreated: true });

    await progress(0, STEPS, 'Reading the results of the sessions');
    const catalogIds = (
      (await conn.execute('select catalog_id from invoice_group_catalog where group_id = ? order by catalog_id', [groupId])) as {
        catalog_id: number;
      }[]
    ).map((r) => r.catalog_id);
    // Raw reads run side by side; the two ORM reads (template, house) share the context's entity
    // manager, so they run one after the other, beside the raw ones.
    const [sessionRows, sold, invoicedRows, [template, house]] = await Promise.all([
      this.catalogs.sessions(houseId, catalogIds),
      this.lots.soldLots(houseId, catalogIds),
      catalogIds.length
        ? (conn.execute(`select lot_id from invoice_line where house_id = ? and catalog_id in (${catalogIds.map(() => '?').join(', ')})`, [
            houseId,
            ...catalogIds,
          ]) as Promise<{ lot_id: number }[]>)
        : Promise.resolve([] as { lot_id: number }[]),
      this.templates.snapshot(houseId, groups[0].template_id).then(async (t) => [t, await this.houses.getById(houseId)] as const),
    ]);
    const invoiced = new Set(invoicedRows.map((r) => r.lot_id));
    const lots = sold.filter((l) => !invoiced.has(l.lotId));
    const sessions = new Map(sessionRows.map((s) => [s.catalogId, { auctionGroupId: s.groupId, eventDate: s.eventDate }]));
    const [approvals, charging] = await Promise.all([
      this.bidders.approvalsWithMembers(
        houseId,
        lots.map((l) => l.approvalId),
      ),
      this.catalogs.charging(houseId, [...new Set(sessionRows.map((s) => s.groupId))]),
    ]);

    const plan = planGroupInvoices({
      lots,
      approvals,
      sessions,
      charging,
      template,
      processorType: house.processorType ?? null,
      taxRates: this.taxRates,
    });
    const lineCount = plan.reduce((n, i) => n + i.lines.length, 0);
    await progress(1, STEPS, `Writing ${plan.length} invoices with ${lineCount} lots`);
    const applyCostPerLot = applyCostPerLotOf(template);

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

      const numbers = await reserveInvoiceNumbers(trx, houseId, plan.length);
      const invoiceRows = plan.map((inv, i) => invoiceRow(inv, houseId, groupId, numbers!.first + i, row.currency_code, applyCostPerLot));
      const inserted = (await insertJsonRows(trx, 'invoice', INVOICE_COLUMNS, invoiceRows, 'id, approval_id')) as {
        id: number;
        approval_id: number;
      }[];
      await progress(2, STEPS, `Wrote ${plan.length} invoices`);
      await this.hooks.afterInvoicesInserted?.({ groupId, invoices: inserted.length });

      const invoiceIdOf = new Map(inserted.map((r) => [r.approval_id, r.id]));
      const lineRows = plan.flatMap((inv) =>
        inv.lines.map((l) => lineRow(l, houseId, invoiceIdOf.get(inv.approval.approvalId)!, inv.approval.channel)),
      );
      await insertJsonRows(trx, 'invoice_line', LINE_COLUMNS, lineRows);
      await progress(3, STEPS, `Wrote ${lineRows.length} invoice lines`);

      await trx.raw(
        'update invoice_group set invoice_created = true, creation_error = null, updated_at = now() where id = ? and house_id = ?',
        [groupId, houseId],
      );
      return result({
        invoices: plan.length,
        lines: lineCount,
        firstInvoiceNumber: numbers?.first ?? null,
        lastInvoiceNumber: numbers?.last ?? null,
      });
    });
  }
}

// --- Rows --------------------------------------------------------------------------------------

type Column = readonly [name: string, pgType: string];

const INVOICE_COLUMNS: readonly Column[] = [
  ['house_id', 'int'],
  ['group_id', 'int'],
  ['invoice_number', 'int'],
  ['approval_id', 'int'],
  ['member_id', 'int'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['email', 'text'],
  ['company_name', 'text'],
  ['phone', 'text'],
  ['street1', 'text'],
  ['street2', 'text'],
  ['city', 'text'],
  ['state_code', 'text'],
  ['province', 'text'],
  ['postal_code', 'text'],
  ['country_code', 'text'],
  ['paddle_number', 'int'],
  ['channel', 'text'],
  ['company_id', 'int'],
  ['currency_code', 'text'],
  ['apply_cost_per_lot', 'boolean'],
  ['item_count', 'int'],
  ['hammer_total_cents', 'bigint'],
  ['premium_total_cents', 'bigint'],
  ['live_fee_total_cents', 'bigint'],
  ['tax_total_cents', 'bigint'],
  ['shipping_total_cents', 'bigint'],
  ['insurance_total_cents', 'bigint'],
  ['other_total_cents', 'bigint'],
  ['invoice_total_cents', 'bigint'],
  ['balance_cents', 'bigint'],
  ['tax_calculation_error', 'boolean'],
];

const LINE_COLUMNS: readonly Column[] = [
  ['house_id', 'int'],
  ['invoice_id', 'int'],
  ['lot_id', 'int'],
  ['catalog_id', 'int'],
  ['lot_ref', 'text'],
  ['lot_number', 'text'],
  ['lot_ext', 'text'],
  ['lot_title', 'text'],
  ['restricted', 'boolean'],
  ['hammer_cents', 'bigint'],
  ['premium_cents', 'bigint'],
  ['live_fee_cents', 'bigint'],
  ['tax_cents', 'bigint'],
  ['fees_cents', 'bigint'],
  ['fee_labels', 'jsonb'],
  ['total_cents', 'bigint'],
  ['tax_calculation_error', 'boolean'],
  ['channel', 'text'],
  ['result_hammer_cents', 'bigint'],
];

function invoiceRow(
  inv: PlannedInvoice,
  houseId: number,
  groupId: number,
  invoiceNumber: number,
  currencyCode: string,
  applyCostPerLot: boolean,
): unknown[] {
  const a = inv.approval;
  const t = inv.totals;
  return [
    houseId,
    groupId,
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
    currencyCode,
    applyCostPerLot,
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

function lineRow({ lot, line }: PlannedLine, houseId: number, invoiceId: number, channel: string): unknown[] {
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
    line.hammer,
    line.premium,
    line.liveFee,
    line.tax,
    line.feesTotal,
    line.fees.length ? line.fees : null,
    line.total,
    line.taxCalculationError,
    lot.channel ?? channel,
    lot.hammerCents,
  ];
}

/**
 * Inserts many rows in one statement: the rows travel as ONE jsonb parameter (an array of arrays,
 * positionally matching `columns`) and PostgreSQL unpacks them with jsonb_array_elements, so the
 * statement text stays short and the row count costs no extra round trips or bind parameters.
 * Measured on 5,000 invoice lines: about 1.3x a COPY of the same rows; plain `json` (whose
 * elements are re-parsed on every `->>`) was 3.6x, json_to_recordset 2.6x, unnest of arrays 2.4x.
 */
async function insertJsonRows(
  trx: Knex.Transaction,
  table: string,
  columns: readonly Column[],
  rows: unknown[][],
  returning?: string,
): Promise<Record<string, unknown>[]> {
  if (!rows.length) return [];
  // ->> answers SQL null for a JSON null, and the element's JSON text for an array or object.
  const select = columns.map(([name, type], i) => `(r->>${i})::${type} as "${name}"`).join(', ');
  const sql = `insert into "${table}" (${columns.map(([n]) => `"${n}"`).join(', ')})
    select ${select} from jsonb_array_elements(?::jsonb) as r${returning ? ` returning ${returning}` : ''}`;
  const res = (await trx.raw(sql, [JSON.stringify(rows)])) as { rows: Record<string, unknown>[] };
  return res.rows;
}
