import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { placeholders } from '../../../core/validation/sql-text';
import { CatalogsService, type SessionRow } from '../../catalogs/catalogs.service';
import { LotCollectionService } from '../../invoicing/collection/lot-collection.service';
import { LotsService, type ConsignedLot } from '../../lots/lots.service';
import { Consignor } from '../consignors/consignor.entity';
import { settlementLine, settlementTotals, type LineState } from '../math/commission';
import { decideLot, type SettlementBasis } from '../math/settlement-basis';
import { CommissionPlan, LotCommissionOverride } from '../plans/commission-plan.entity';
import { termsOf } from '../plans/commission-plans.service';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { Settlement, SettlementAdjustment, SettlementLine } from './settlement.entities';

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
          await em.execute(
            `select sl.lot_id from settlement_line sl join settlement s on s.id = sl.settlement_id
              where sl.house_id = ? and sl.state <> 'held' and (s.status <> 'draft' or not (${targetSql}))
                and sl.lot_id in (${placeholders(lotIds)})`,
            [houseId, ...targetParams, ...lotIds],
          )
        ).map((r) => r.lot_id as number),
      );
      const open = lots.filter((l) => !settled.has(l.lotId));
      const collected = await this.collection.ofLots(
        houseId,
        open.filter((l) => l.sold).map((l) => l.lotId),
      );
      const overrides = new Map(
        (await em.find(LotCommissionOverride, { houseId, lotId: { $in: open.map((l) => l.lotId) } })).map((o) => [o.lotId, o]),
      );
      const consignorIds = [...new Set(open.map((l) => l.consignorId))];
      const consignors = await em.find(Consignor, { houseId, id: { $in: consignorIds } }, { orderBy: { name: 'ASC', id: 'ASC' } });
      const plans = new Map((await em.find(CommissionPlan, { houseId })).map((p) => [p.id, p]));
      // A range spans sales: only a single sale's own plan applies as "the sale's plan".
      const saleIds = new Set(sessions.map((s) => s.groupId));
      const salePlan =
        saleIds.size === 1 ? [...plans.values()].find((p) => p.auctionGroupId != null && saleIds.has(p.auctionGroupId)) : undefined;
      const housePlan = [...plans.values()].find((p) => p.isHouseDefault);

      // Set-based: every draft and adjustment read at once, the old lines deleted at once, then two
      // flushes (settlements, then lines). Flushing per consignor made the unit of work diff every
      // entity so far on each flush: 300 consignors of 5,000 lots took minutes (bench settle-sale).
      const drafts = new Map(
        (await em.find(Settlement, { houseId, consignorId: { $in: consignorIds }, status: 'draft', ...target })).map((d) => [
          d.consignorId,
          d,
        ]),
      );
      const draftIds = [...drafts.values()].map((d) => d.id);
      const adjustmentsOf = new Map<number, SettlementAdjustment[]>();
      for (const a of draftIds.length ? await em.find(SettlementAdjustment, { settlementId: { $in: draftIds } }) : [])
        adjustmentsOf.set(a.settlementId, [...(adjustmentsOf.get(a.settlementId) ?? []), a]);
      if (!dryRun && draftIds.length) await em.nativeDelete(SettlementLine, { settlementId: { $in: draftIds } });

      const runs: {
        consignor: Consignor;
        draft: Settlement | null;
        lines: ReturnType<SettlementRunsService['line']>[];
        totals: ReturnType<typeof settlementTotals>;
      }[] = [];
      await onProgress?.(0, consignors.length);
      for (const consignor of consignors) {
        const plan = (consignor.commissionPlanId != null ? plans.get(consignor.commissionPlanId) : undefined) ?? salePlan ?? housePlan;
        if (!plan) throw new SettlementsError(SettlementsErrorCode.NO_COMMISSION_PLAN, SETTLEMENT_TEXT.noPlan(consignor.name));
        const terms = termsOf(plan);
        const lines = open
          .filter((l) => l.consignorId === consignor.id)
          .map((l) => this.line(l, plan.settlementBasis, terms, collected, overrides, sessionHeld));
        let draft = drafts.get(consignor.id) ?? null;
        const totals = settlementTotals(lines, draft ? (adjustmentsOf.get(draft.id) ?? []) : []);
        if (!dryRun) {
          draft ??= em.create(Settlement, {
            houseId,
            consignorId: consignor.id,
            ...target,
            currencyCode,
            settlementBasis: plan.settlementBasis,
            createdByUserId: userId,
          });
          em.assign(draft, {
            ...totals,
            commissionPlanId: plan.id,
            settlementBasis: plan.settlementBasis,
            currencyCode,
            version: draft.version + (draft.id ? 1 : 0),
          });
        }
        runs.push({ consignor, draft, lines, totals });
        await onProgress?.(runs.length, consignors.length, consignor.name);
      }
      if (!dryRun) {
        await em.flush();
        for (const r of runs) for (const l of r.lines) em.create(SettlementLine, { houseId, settlementId: r.draft!.id, ...l });
        await em.flush();
      }

      const out: RunSettlement[] = runs.map(({ consignor, draft, totals }) => {
        const {
          lotCount,
          heldCount,
          hammerCents,
          commissionCents,
          buyInFeeCents,
          feesCents,
          taxCents,
          expensesCents,
          advancesCents,
          netDueCents,
        } = totals;
        return {
          id: draft?.id ?? null,
          consignorId: consignor.id,
          consignorName: consignor.name,
          status: 'draft',
          lotCount,
          heldCount,
          hammerCents,
          commissionCents,
          buyInFeeCents,
          feesCents,
          taxCents,
          expensesCents,
          advancesCents,
          netDueCents,
        };
      });
      return { currencyCode, dryRun, settlements: out, alreadySettled: settled.size };
    };
    // A dry run reads what a run would read, under the same lock, and writes nothing.
    return outer ? run(outer) : this.em.transactional(run);
  }

  private line(
    l: ConsignedLot,
    basis: string,
    terms: ReturnType<typeof termsOf>,
    collected: Awaited<ReturnType<LotCollectionService['ofLots']>>,
    overrides: Map<number, LotCommissionOverride>,
    sessionHeld: Map<number, boolean>,
  ) {
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
