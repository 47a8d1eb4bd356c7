import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { boundQuery } from '../../../core/database/bound-query';
import { intArray } from '../../../core/validation/sql-text';
import { CatalogsService, type SessionRow } from '../../catalogs/catalogs.service';
import { LotCollectionService } from '../../invoicing/collection/lot-collection.service';
import { LotsService, type ConsignedLot } from '../../lots/lots.service';
import { Consignor } from '../consignors/consignor.entity';
import {
  settlementLine,
  settlementTotals,
  type Adjustment,
  type LineAmounts,
  type LineState,
  type SettlementTotals,
} from '../math/commission';
import { decideLot, type SettlementBasis } from '../math/settlement-basis';
import { CommissionPlan } from '../plans/commission-plan.entity';
import { termsOf } from '../plans/commission-plans.service';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import type { Settlement } from './settlement.entities';

/** The sessions of a date range: each session's own calendar day within `from`..`to`. */
const inRange = (sessions: SessionRow[], from: string, to: string) =>
  sessions.filter((s) => {
    const day = sessionDay(s.eventDate, s.timeZone);
    return day >= from && day <= to;
  });

/** Reports a run's progress: consignors done of total (the job shows it). */
export type RunProgress = (done: number, total: number, consignorName?: string) => Promise<void>;

/** A sale's run (every consignor, or only `consignorId`: one draft rebuilt) or one consignor's date range. */
type RunScope =
  | { kind: 'sale'; saleId: number; lockKey: number; consignorId?: number }
  | { kind: 'range'; consignorId: number; from: string; to: string; lockKey: number };

/** A session's calendar day (YYYY-MM-DD) in its own time zone (UTC when it has none or an unknown one). */
export function sessionDay(eventDate: Date, timeZone?: string | null): string {
  try {
    return eventDate.toLocaleDateString('en-CA', { timeZone: timeZone || 'UTC' });
  } catch {
    return eventDate.toISOString().slice(0, 10);
  }
}

/** A settlement's totals as written by a run, with their SQL types (jsonb_to_recordset). */
const TOTAL_COLUMNS =
  'commission_plan_id, settlement_basis, lot_count, held_count, hammer_cents, commission_cents, buy_in_fee_cents, fees_cents, tax_cents, expenses_cents, advances_cents, net_due_cents';
const TOTAL_TYPES =
  'n int, consignor_id int, commission_plan_id int, settlement_basis text, lot_count int, held_count int, hammer_cents bigint, commission_cents bigint, buy_in_fee_cents bigint, fees_cents bigint, tax_cents bigint, expenses_cents bigint, advances_cents bigint, net_due_cents bigint';
const LINE_COLUMNS =
  'lot_id, catalog_id, lot_number, lot_ext, title, state, held_reason, hammer_cents, commission_cents, buy_in_fee_cents, photography_fee_cents, insurance_fee_cents, lotting_fee_cents, fees_cents, tax_cents, net_cents';
const LINE_TYPES =
  'n int, lot_id int, catalog_id int, lot_number text, lot_ext text, title text, state text, held_reason text, hammer_cents bigint, commission_cents bigint, buy_in_fee_cents bigint, photography_fee_cents bigint, insurance_fee_cents bigint, lotting_fee_cents bigint, fees_cents bigint, tax_cents bigint, net_cents bigint';
const LINE_UPDATE = LINE_COLUMNS.split(', ')
  .map((c) => `${c} = v.${c}`)
  .join(', ');
/** A stored row holds these values (bigint columns come back as text). */
const sameValues = (row: Record<string, unknown>, values: Record<string, unknown>) =>
  Object.entries(values).every(([k, v]) => (row[k] == null ? null : String(row[k])) === (v == null ? null : String(v)));
/** Lines per insert statement (a sale of 5,000 lots: two). */
const LINE_BATCH = 2_500;

/** One line of a run, as computed (a settlement_line row without its settlement). */
type SettlementLineValues = LineAmounts & {
  lotId: number;
  catalogId: number;
  lotNumber: string | null;
  lotExt: string | null;
  title: string;
  state: LineState;
  heldReason: string | null;
};

const lineColumns = (l: SettlementLineValues) => ({
  lot_id: l.lotId,
  catalog_id: l.catalogId,
  lot_number: l.lotNumber,
  lot_ext: l.lotExt,
  title: l.title,
  state: l.state,
  held_reason: l.heldReason,
  hammer_cents: l.hammerCents,
  commission_cents: l.commissionCents,
  buy_in_fee_cents: l.buyInFeeCents,
  photography_fee_cents: l.photographyFeeCents,
  insurance_fee_cents: l.insuranceFeeCents,
  lotting_fee_cents: l.lottingFeeCents,
  fees_cents: l.feesCents,
  tax_cents: l.taxCents,
  net_cents: l.netCents,
});

/** Namespace of the per-sale advisory lock that serialises settlement runs ('STL'). */
const RUN_LOCK_NS = 0x53544c;

export interface RunSettlement {
  /** null in a dry run for a settlement not yet written. */
  id: number | null;
  consignorId: number;
  consignorName: string;
  status: 'draft';
  lotCount: number;
  heldCount: number;
  hammerCents: number;
  commissionCents: number;
  buyInFeeCents: number;
  feesCents: number;
  taxCents: number;
  expensesCents: number;
  advancesCents: number;
  netDueCents: number;
}

export interface SettlementRun {
  /** A sale's run; null for a consignor's date range (periodFrom..periodTo). */
  saleId: number | null;
  saleName: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  currencyCode: string;
  dryRun: boolean;
  settlements: RunSettlement[];
  /** Consigned lots already on a ready or paid settlement (not settled again). */
  alreadySettled: number;
}

/**
 * Creates the settlements of a sale, one per consignor, at once. Re-running is safe: a consignor's
 * draft for the sale is rebuilt in place (its expenses and advances kept), lots already on a ready
 * or paid settlement are left alone (a lot is settled once: partial unique index), and lots held
 * back before are picked up again once their money is collected.
 */
@Injectable()
export class SettlementRunsService {
  constructor(
    private readonly em: EntityManager,
    private readonly catalogs: CatalogsService,
    private readonly lots: LotsService,
    private readonly collection: LotCollectionService,
  ) {}

  /** The house of a sale, for the CLI (null: no such sale). */
  async houseOfSale(saleId: number): Promise<number | null> {
    const rows = await this.em.getConnection().execute('select house_id from auction_group where id = ?', [saleId]);
    return rows[0]?.house_id ?? null;
  }

  /** 404 unless the sale is the house's. */
  async assertSale(houseId: number, saleId: number): Promise<void> {
    if (!(await this.catalogs.sessions(houseId)).some((s) => s.groupId === saleId))
      throw new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.saleNotFound);
  }

  async createForSale(
    houseId: number,
    saleId: number,
    userId: number | null,
    dryRun = false,
    now = new Date(),
    onProgress?: RunProgress,
  ): Promise<SettlementRun> {
    const sessions = (await this.catalogs.sessions(houseId)).filter((s) => s.groupId === saleId);
    if (!sessions.length) throw new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.saleNotFound);
    const run = await this.settle(
      houseId,
      { kind: 'sale', saleId, lockKey: saleId },
      sessions,
      userId,
      dryRun,
      now,
      onProgress,
      SETTLEMENT_TEXT.noConsignedLots,
    );
    return { saleId, saleName: sessions[0].groupName, periodFrom: null, periodTo: null, ...run };
  }

  /**
   * One consignor's settlement over a date range (`from`..`to`, inclusive, by each session's date in
   * its own time zone), across every sale in it. Rebuilds that consignor's draft for the same range;
   * lots already on another settlement (a sale's, another range's) are left to it.
   */
  async createForConsignor(
    houseId: number,
    consignorId: number,
    from: string,
    to: string,
    userId: number | null,
    dryRun = false,
    now = new Date(),
  ): Promise<SettlementRun> {
    if (from > to) throw DomainError.validation({ to: SETTLEMENT_TEXT.rangeOrder });
    const consignor = await this.em.findOne(Consignor, { id: consignorId, houseId });
    if (!consignor) throw new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.consignorNotFound);
    const sessions = inRange(await this.catalogs.sessions(houseId), from, to);
    if (!sessions.length) throw new SettlementsError(SettlementsErrorCode.NO_CONSIGNED_LOTS, SETTLEMENT_TEXT.noLotsInRange);
    if (new Set(sessions.map((s) => s.currencyCode)).size > 1) throw DomainError.validation({ from: SETTLEMENT_TEXT.mixedCurrencies });
    const run = await this.settle(
      houseId,
      { kind: 'range', consignorId, from, to, lockKey: -consignorId },
      sessions,
      userId,
      dryRun,
      now,
      undefined,
      SETTLEMENT_TEXT.noLotsInRange,
    );
    return { saleId: null, saleName: null, periodFrom: from, periodTo: to, ...run };
  }

  /**
   * Rebuilds one draft in the caller's transaction (a lot's commission override changed): its sale's
   * run for that consignor only, or its range's run. Takes the run's advisory lock first, so call it
   * before locking the settlement row (a run takes the lock, then writes the row).
   */
  async lockRun(em: EntityManager, s: Pick<Settlement, 'auctionGroupId' | 'consignorId'>): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(?, ?)', [RUN_LOCK_NS, s.auctionGroupId ?? -s.consignorId]);
  }

  async rebuildDraft(houseId: number, s: Settlement, em: EntityManager, now = new Date()): Promise<void> {
    const all = await this.catalogs.sessions(houseId);
    if (s.auctionGroupId != null) {
      const scope = { kind: 'sale' as const, saleId: s.auctionGroupId, lockKey: s.auctionGroupId, consignorId: s.consignorId };
      const sessions = all.filter((x) => x.groupId === s.auctionGroupId);
      await this.settle(houseId, scope, sessions, null, false, now, undefined, SETTLEMENT_TEXT.noConsignedLots, em);
    } else {
      const [from, to] = [s.periodFrom!, s.periodTo!];
      const scope = { kind: 'range' as const, consignorId: s.consignorId, from, to, lockKey: -s.consignorId };
      await this.settle(houseId, scope, inRange(all, from, to), null, false, now, undefined, SETTLEMENT_TEXT.noLotsInRange, em);
    }
  }

  /**
   * The shared run: every open consigned lot of the sessions (of the range's consignor only), one
   * draft per consignor, in one transaction under an advisory lock on the sale (or the consignor).
   */
  private async settle(
    houseId: number,
    scope: RunScope,
    sessions: SessionRow[],
    userId: number | null,
    dryRun: boolean,
    now: Date,
    onProgress: RunProgress | undefined,
    noLotsText: string,
    outer?: EntityManager,
  ): Promise<Omit<SettlementRun, 'saleId' | 'saleName' | 'periodFrom' | 'periodTo'>> {
    const sessionHeld = new Map(sessions.map((s) => [s.catalogId, s.eventDate.getTime() <= now.getTime()]));
    const currencyCode = sessions[0].currencyCode;
    // Which drafts this run rebuilds (any other settlement keeps its lots).
    const target =
      scope.kind === 'sale' ? { auctionGroupId: scope.saleId } : { auctionGroupId: null, periodFrom: scope.from, periodTo: scope.to };
    const targetSql =
      scope.kind === 'sale' ? 's.auction_group_id = ?' : 's.auction_group_id is null and s.period_from = ? and s.period_to = ?';
    const targetParams = scope.kind === 'sale' ? [scope.saleId] : [scope.from, scope.to];

    const run = async (em: EntityManager) => {
      await em.execute('select pg_advisory_xact_lock(?, ?)', [RUN_LOCK_NS, scope.lockKey]);
      let lots = await this.lots.consignedLots(houseId, [...sessionHeld.keys()], em);
      const only = scope.consignorId;
      if (only != null) lots = lots.filter((l) => l.consignorId === only);
      if (!lots.length) throw new SettlementsError(SettlementsErrorCode.NO_CONSIGNED_LOTS, noLotsText);
      const lotIds = lots.map((l) => l.lotId);
      // A lot is settled once: on a ready or paid settlement, or on a draft this run does not rebuild.
      const settled = new Set(
        (
          await boundQuery(
            em,
            `select sl.lot_id from settlement_line sl join settlement s on s.id = sl.settlement_id
              where sl.house_id = ? and sl.state <> 'held' and (s.status <> 'draft' or not (${targetSql}))
                and sl.lot_id = any(?::int[])`,
            [houseId, ...targetParams, intArray(lotIds)],
          )
        ).map((r) => r.lot_id as number),
      );
      const open = lots.filter((l) => !settled.has(l.lotId));
      const openIds = intArray(open.map((l) => l.lotId));
      const consignorIds = intArray([...new Set(open.map((l) => l.consignorId))]);
      // Plain rows, not entities: a run of 5,000 lots spent most of its time hydrating and diffing.
      // One after the other: they share the transaction's connection.
      const collected = await this.collection.ofLots(
        houseId,
        open.filter((l) => l.sold).map((l) => l.lotId),
        em,
      );
      const overrideRows = await boundQuery<{ lot_id: number; rate: number | null; commission_cents: string | null }>(
        em,
        'select lot_id, rate, commission_cents from lot_commission_override where house_id = ? and lot_id = any(?::int[])',
        [houseId, openIds],
      );
      const consignors = await boundQuery<{ id: number; name: string; commission_plan_id: number | null }>(
        em,
        'select id, name, commission_plan_id from consignor where house_id = ? and id = any(?::int[]) order by name, id',
        [houseId, consignorIds],
      );
      const planList = await em.find(CommissionPlan, { houseId });
      const draftRows = await boundQuery<{ id: number; consignor_id: number }>(
        em,
        `select s.id, s.consignor_id from settlement s
          where s.house_id = ? and s.consignor_id = any(?::int[]) and s.status = 'draft' and ${targetSql}`,
        [houseId, consignorIds, ...targetParams],
      );
      const overrides = new Map(
        overrideRows.map((o) => [
          o.lot_id,
          { rate: o.rate, commissionCents: o.commission_cents == null ? null : Number(o.commission_cents) },
        ]),
      );
      const plans = new Map(planList.map((p) => [p.id, p]));
      // A range spans sales: only a single sale's own plan applies as "the sale's plan".
      const saleIds = new Set(sessions.map((s) => s.groupId));
      const salePlan =
        saleIds.size === 1 ? [...plans.values()].find((p) => p.auctionGroupId != null && saleIds.has(p.auctionGroupId)) : undefined;
      const housePlan = [...plans.values()].find((p) => p.isHouseDefault);

      // Set-based: every draft and adjustment read at once, the old lines deleted in one statement,
      // the drafts written in two (new ones inserted, the others updated) and the lines in one. The
      // unit of work diffed every entity on each flush: 300 consignors of 5,000 lots took minutes
      // per-consignor, then a second through the ORM (bench settle-sale, docs/performance.md).
      const drafts = new Map(draftRows.map((d) => [d.consignor_id, d.id]));
      const draftIds = [...drafts.values()];
      const adjustmentsOf = new Map<number, Adjustment[]>();
      if (draftIds.length) {
        const adjustments = await boundQuery<{ settlement_id: number; kind: Adjustment['kind']; amount_cents: string }>(
          em,
          'select settlement_id, kind, amount_cents from settlement_adjustment where settlement_id = any(?::int[]) order by id',
          [intArray(draftIds)],
        );
        for (const a of adjustments)
          adjustmentsOf.set(a.settlement_id, [
            ...(adjustmentsOf.get(a.settlement_id) ?? []),
            { kind: a.kind, amountCents: Number(a.amount_cents) },
          ]);
      }

      const lotsOf = new Map<number, ConsignedLot[]>();
      for (const l of open) lotsOf.set(l.consignorId, [...(lotsOf.get(l.consignorId) ?? []), l]);
      const runs: {
        consignor: { id: number; name: string };
        draftId: number | null;
        plan: CommissionPlan;
        lines: ReturnType<SettlementRunsService['line']>[];
        totals: ReturnType<typeof settlementTotals>;
      }[] = [];
      await onProgress?.(0, consignors.length);
      for (const consignor of consignors) {
        const plan = (consignor.commission_plan_id != null ? plans.get(consignor.commission_plan_id) : undefined) ?? salePlan ?? housePlan;
        if (!plan) throw new SettlementsError(SettlementsErrorCode.NO_COMMISSION_PLAN, SETTLEMENT_TEXT.noPlan(consignor.name));
        const terms = termsOf(plan);
        const lines = (lotsOf.get(consignor.id) ?? []).map((l) =>
          this.line(l, plan.settlementBasis, terms, collected, overrides, sessionHeld),
        );
        const draftId = drafts.get(consignor.id) ?? null;
        const totals = settlementTotals(lines, draftId ? (adjustmentsOf.get(draftId) ?? []) : []);
        runs.push({ consignor: { id: consignor.id, name: consignor.name }, draftId, plan, lines, totals });
        await onProgress?.(runs.length, consignors.length, consignor.name);
      }
      if (!dryRun) await this.write(em, houseId, target, currencyCode, userId, runs);

      const out: RunSettlement[] = runs.map(({ consignor, draftId, totals }) => ({
        id: draftId,
        consignorId: consignor.id,
        consignorName: consignor.name,
        status: 'draft',
        ...totals,
      }));
      return { currencyCode, dryRun, settlements: out, alreadySettled: settled.size };
    };
    // A dry run reads what a run would read, under the same lock, and writes nothing.
    return outer ? run(outer) : this.em.transactional(run);
  }

  /**
   * Writes a run's drafts and lines in four statements: the new drafts inserted (their ids set on
   * `runs`), the rebuilt drafts' totals updated (version + 1), and every line inserted in run order.
   */
  private async write(
    em: EntityManager,
    houseId: number,
    target: { auctionGroupId: number | null; periodFrom?: string; periodTo?: string },
    currencyCode: string,
    userId: number | null,
    runs: {
      consignor: { id: number };
      draftId: number | null;
      plan: CommissionPlan;
      lines: SettlementLineValues[];
      totals: SettlementTotals;
    }[],
  ): Promise<void> {
    const totalsOf = (r: (typeof runs)[number]) => ({
      consignor_id: r.consignor.id,
      commission_plan_id: r.plan.id,
      settlement_basis: r.plan.settlementBasis,
      lot_count: r.totals.lotCount,
      held_count: r.totals.heldCount,
      hammer_cents: r.totals.hammerCents,
      commission_cents: r.totals.commissionCents,
      buy_in_fee_cents: r.totals.buyInFeeCents,
      fees_cents: r.totals.feesCents,
      tax_cents: r.totals.taxCents,
      expenses_cents: r.totals.expensesCents,
      advances_cents: r.totals.advancesCents,
      net_due_cents: r.totals.netDueCents,
    });
    const fresh = runs.filter((r) => r.draftId == null);
    if (fresh.length) {
      const rows = await boundQuery<{ id: number; consignor_id: number }>(
        em,
        `insert into settlement (house_id, consignor_id, auction_group_id, period_from, period_to, currency_code, created_by_user_id, ${TOTAL_COLUMNS})
         select ?, v.consignor_id, ?, ?::date, ?::date, ?, ?, ${TOTAL_COLUMNS}
           from jsonb_to_recordset(?::jsonb) as v(${TOTAL_TYPES}) order by v.n
         returning id, consignor_id`,
        [
          houseId,
          target.auctionGroupId,
          target.periodFrom ?? null,
          target.periodTo ?? null,
          currencyCode,
          userId,
          JSON.stringify(fresh.map((r, n) => ({ n, ...totalsOf(r) }))),
        ],
      );
      const ids = new Map(rows.map((r) => [r.consignor_id, r.id]));
      for (const r of fresh) r.draftId = ids.get(r.consignor.id)!;
    }
    const rebuilt = runs.filter((r) => !fresh.includes(r));
    if (rebuilt.length)
      await boundQuery(
        em,
        `update settlement s set ${TOTAL_COLUMNS.split(', ')
          .map((c) => `${c} = v.${c}`)
          .join(', ')}, currency_code = ?, version = s.version + 1, updated_at = now()
           from jsonb_to_recordset(?::jsonb) as v(id int, ${TOTAL_TYPES})
          where s.id = v.id and s.house_id = ?`,
        [currencyCode, JSON.stringify(rebuilt.map((r, n) => ({ n, id: r.draftId, ...totalsOf(r) }))), houseId],
      );
    // The lines in place: a rebuilt draft's line for the same lot is rewritten only if a value
    // changed (compared here, so unchanged lines are not even sent), a line whose lot left the draft
    // is deleted, new ones inserted in run order. Rewriting every line cost most of a re-run (index
    // entries and both foreign-key checks per row).
    const existing = new Map<string, Record<string, unknown> & { id: number }>();
    if (rebuilt.length)
      for (const e of await boundQuery<Record<string, unknown> & { id: number; settlement_id: number; lot_id: number }>(
        em,
        `select id, settlement_id, ${LINE_COLUMNS} from settlement_line where settlement_id = any(?::int[])`,
        [intArray(rebuilt.map((r) => r.draftId!))],
      ))
        existing.set(`${e.settlement_id}:${e.lot_id}`, e);
    const changed: Record<string, unknown>[] = [];
    const added: Record<string, unknown>[] = [];
    for (const r of runs)
      for (const l of r.lines) {
        const key = `${r.draftId}:${l.lotId}`;
        const row = existing.get(key);
        const values = lineColumns(l);
        if (!row) added.push({ n: added.length, settlement_id: r.draftId, ...values });
        else {
          if (!sameValues(row, values)) changed.push({ id: row.id, ...values });
          existing.delete(key);
        }
      }
    if (existing.size)
      await boundQuery(em, 'delete from settlement_line where id = any(?::int[])', [intArray([...existing.values()].map((e) => e.id))]);
    for (let i = 0; i < changed.length; i += LINE_BATCH)
      await boundQuery(
        em,
        `update settlement_line sl set ${LINE_UPDATE}
           from jsonb_to_recordset(?::jsonb) as v(id int, ${LINE_TYPES})
          where sl.id = v.id`,
        [JSON.stringify(changed.slice(i, i + LINE_BATCH))],
      );
    for (let i = 0; i < added.length; i += LINE_BATCH)
      await boundQuery(
        em,
        `insert into settlement_line (house_id, settlement_id, ${LINE_COLUMNS})
         select ?, v.settlement_id, ${LINE_COLUMNS} from jsonb_to_recordset(?::jsonb) as v(settlement_id int, ${LINE_TYPES}) order by v.n`,
        [houseId, JSON.stringify(added.slice(i, i + LINE_BATCH))],
      );
  }

  private line(
    l: ConsignedLot,
    basis: string,
    terms: ReturnType<typeof termsOf>,
    collected: Awaited<ReturnType<LotCollectionService['ofLots']>>,
    overrides: Map<number, { rate: number | null; commissionCents: number | null }>,
    sessionHeld: Map<number, boolean>,
  ): SettlementLineValues {
    const decision = decideLot(
      {
        withdrawn: l.withdrawn,
        sold: l.sold,
        hammerCents: l.hammerCents,
        reserveCents: l.reserveCents,
        sessionHeld: sessionHeld.get(l.catalogId) ?? false,
      },
      collected.get(l.lotId) ?? null,
      basis as SettlementBasis,
    );
    const o = overrides.get(l.lotId);
    const amounts = settlementLine(
      {
        state: decision.state,
        hammerCents: decision.hammerCents,
        reserveCents: l.reserveCents,
        override: o ? { rate: o.rate, commissionCents: o.commissionCents } : null,
      },
      terms,
    );
    return {
      lotId: l.lotId,
      catalogId: l.catalogId,
      lotNumber: l.lotNumber,
      lotExt: l.lotExt,
      title: l.title,
      state: decision.state as LineState,
      heldReason: decision.heldReason,
      ...amounts,
    };
  }
}
