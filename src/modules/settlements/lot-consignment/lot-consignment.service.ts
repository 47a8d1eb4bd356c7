import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { LotsService, type LotConsignor } from '../../lots/lots.service';
import { Consignor } from '../consignors/consignor.entity';
import { LotCommissionOverride } from '../plans/commission-plan.entity';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import {
  LotOverridesService,
  readOverride,
  type OverrideActor,
  type OverrideInput,
  type OverrideValue,
} from '../settlements/lot-overrides.service';
import { SettlementAudit } from '../settlements/settlement-audit.entity';
import { Settlement, type SettlementStatus } from '../settlements/settlement.entities';
import { SettlementRunsService } from '../settlements/settlement-runs.service';

/** A lot's consignor and, for settlement access, its commission override, settlement and trail. */
export interface LotConsignmentView {
  /** The lot. */
  id: number;
  consignorId: number | null;
  consignorName: string | null;
  /** Settlement access only (absent otherwise): the override, null when the plan applies. */
  override?: OverrideValue;
  /** Settlement access only: the settlement the lot is settled on (not a held line), or null. */
  settlement?: { id: number; status: SettlementStatus } | null;
  /** Settlement access only: the lot's override changes, oldest first. */
  history?: {
    id: number;
    action: string;
    before: unknown;
    after: unknown;
    note: string | null;
    userName: string;
    settlementId: number | null;
    createdAt: string;
  }[];
}

const lotNotFound = () => new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.lotNotFound);

/**
 * The Lot page's consignment: the lot's consignor (the same write as `POST /api/consignors/:id/lots`
 * and the lot sheet's Consignor column: lot.consignor_id through LotsService) and its commission
 * override (the same rules, audit and draft rebuild as the settlement screen's). A lot on a ready or
 * paid settlement is frozen: its override and consignor cannot change (409). A lot on a draft takes
 * an override (the draft is rebuilt at once) but keeps its consignor (the draft would keep the lot
 * under the old one). Every read and write is scoped by house: another house's lot is 404.
 */
@Injectable()
export class LotConsignmentService {
  constructor(
    private readonly em: EntityManager,
    private readonly lots: LotsService,
    private readonly overrides: LotOverridesService,
    private readonly runs: SettlementRunsService,
  ) {}

  async get(houseId: number, lotId: number, withSettlement: boolean, em: EntityManager = this.em): Promise<LotConsignmentView> {
    const lot = await this.lots.lotConsignor(houseId, lotId, em);
    if (!lot) throw lotNotFound();
    return this.view(em, houseId, lot, withSettlement);
  }

  /** Sets (or clears, null) the lot's consignor; refused while the lot is on a settlement. */
  async setConsignor(houseId: number, lotId: number, consignorId: number | null, withSettlement: boolean): Promise<LotConsignmentView> {
    return this.em.transactional(async (em) => {
      const lot = await this.lockedLot(em, houseId, lotId);
      if (consignorId != null && !(await em.count(Consignor, { id: consignorId, houseId })))
        throw DomainError.validation({ consignorId: SETTLEMENT_TEXT.consignorNotFound }, SETTLEMENT_TEXT.consignorNotFound);
      if (consignorId !== lot.consignorId) {
        const settled = await this.settledOn(em, houseId, lotId);
        if (settled)
          throw new SettlementsError(SettlementsErrorCode.LOT_SETTLED, SETTLEMENT_TEXT.lotSettledConsignor(settled.id, settled.status));
        await this.lots.setConsignor(houseId, consignorId, [lotId], em);
      }
      return this.get(houseId, lotId, withSettlement, em);
    });
  }

  setOverride(houseId: number, lotId: number, actor: OverrideActor, input: OverrideInput): Promise<LotConsignmentView> {
    return this.changeOverride(houseId, lotId, actor, input.note, readOverride(input));
  }

  clearOverride(houseId: number, lotId: number, actor: OverrideActor, note?: string | null): Promise<LotConsignmentView> {
    return this.changeOverride(houseId, lotId, actor, note, null);
  }

  private changeOverride(
    houseId: number,
    lotId: number,
    actor: OverrideActor,
    note: string | null | undefined,
    next: OverrideValue,
  ): Promise<LotConsignmentView> {
    return this.em.transactional(async (em) => {
      const lot = await this.lockedLot(em, houseId, lotId);
      if (lot.consignorId == null) throw new SettlementsError(SettlementsErrorCode.NO_CONSIGNOR, SETTLEMENT_TEXT.noConsignor);
      const settled = await this.settledOn(em, houseId, lotId);
      if (settled && settled.status !== 'draft')
        throw new SettlementsError(SettlementsErrorCode.LOT_SETTLED, SETTLEMENT_TEXT.lotSettledCommission(settled.id, settled.status));
      const draft = settled
        ? await em.findOneOrFail(Settlement, { id: settled.id, houseId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
        : null;
      if ((await this.overrides.record(em, houseId, lotId, draft?.id ?? null, actor, note, next)) && draft) {
        await this.runs.rebuildDraft(houseId, draft, em);
        await em.flush();
      }
      return this.get(houseId, lotId, true, em);
    });
  }

  /**
   * The lot under the locks a settlement run takes (its sale's, then its consignor's range lock), so
   * no run settles it between the check and the write; the settlement row is locked after them, as a
   * run and the settlement screen's override do (no deadlock).
   */
  private async lockedLot(em: EntityManager, houseId: number, lotId: number): Promise<LotConsignor> {
    const lot = await this.lots.lotConsignor(houseId, lotId, em);
    if (!lot) throw lotNotFound();
    await this.runs.lockRun(em, { auctionGroupId: lot.saleId, consignorId: lot.consignorId ?? 0 });
    if (lot.consignorId != null) await this.runs.lockRun(em, { auctionGroupId: null, consignorId: lot.consignorId });
    return (await this.lots.lotConsignor(houseId, lotId, em))!;
  }

  /** The settlement the lot is settled on (a line that is not held: at most one, by the partial unique index). */
  private async settledOn(em: EntityManager, houseId: number, lotId: number): Promise<{ id: number; status: SettlementStatus } | null> {
    const [row] = await em.execute<{ id: number; status: SettlementStatus }[]>(
      `select s.id, s.status from settlement_line sl join settlement s on s.id = sl.settlement_id
        where sl.house_id = ? and sl.lot_id = ? and sl.state <> 'held' limit 1`,
      [houseId, lotId],
    );
    return row ?? null;
  }

  private async view(em: EntityManager, houseId: number, lot: LotConsignor, withSettlement: boolean): Promise<LotConsignmentView> {
    const consignor = lot.consignorId == null ? null : await em.findOne(Consignor, { id: lot.consignorId, houseId });
    const out: LotConsignmentView = { id: lot.lotId, consignorId: consignor?.id ?? null, consignorName: consignor?.name ?? null };
    if (!withSettlement) return out;
    // One after the other: inside a write they share the transaction's connection.
    const o = await em.findOne(LotCommissionOverride, { houseId, lotId: lot.lotId }, { refresh: true });
    const settlement = await this.settledOn(em, houseId, lot.lotId);
    const audit = await em.find(SettlementAudit, { houseId, lotId: lot.lotId }, { orderBy: { id: 'ASC' } });
    return {
      ...out,
      override: o ? { rate: o.rate ?? null, commissionCents: o.commissionCents ?? null } : null,
      settlement,
      history: audit.map((h) => ({
        id: h.id,
        action: h.action,
        before: h.before ?? null,
        after: h.after ?? null,
        note: h.note ?? null,
        userName: h.userName,
        settlementId: h.settlementId ?? null,
        createdAt: h.createdAt.toISOString(),
      })),
    };
  }
}
