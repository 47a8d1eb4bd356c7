import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import type { Principal } from '../../../core/auth/principal';
import { LotCommissionOverride } from '../plans/commission-plan.entity';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { SettlementAudit } from './settlement-audit.entity';
import { Settlement, SettlementLine } from './settlement.entities';
import { SettlementRunsService } from './settlement-runs.service';
import type { SettlementDetailView } from './settlement-view';
import { SettlementsService } from './settlements.service';

export interface OverrideInput {
  rate?: number | null;
  commissionCents?: number | null;
  note?: string | null;
}

export type OverrideActor = Pick<Principal, 'userId' | 'userName'>;
export type OverrideValue = { rate: number | null; commissionCents: number | null } | null;
type Actor = OverrideActor;

export const OVERRIDE_TEXT = {
  oneOf: 'Give a commission rate or a fixed commission.',
  notBoth: 'Give a commission rate or a fixed commission, not both.',
} as const;

/** The override an input asks for: a rate or a fixed commission, exactly one (400 by field otherwise). */
export function readOverride(input: OverrideInput): { rate: number | null; commissionCents: number | null } {
  const rate = input.rate ?? null;
  const commissionCents = input.commissionCents ?? null;
  if (rate == null && commissionCents == null) throw DomainError.validation({ rate: OVERRIDE_TEXT.oneOf });
  if (rate != null && commissionCents != null) throw DomainError.validation({ rate: OVERRIDE_TEXT.notBoth });
  return { rate, commissionCents };
}

const valueOf = (o: LotCommissionOverride | null): OverrideValue =>
  o ? { rate: o.rate ?? null, commissionCents: o.commissionCents ?? null } : null;

/**
 * A lot's commission override, changed from its draft settlement: the override is the lot's (the
 * next run uses it too), the draft is rebuilt at once so its lines and totals show it, and the
 * change is audited (who, when, before, after, note). Ready and paid settlements are frozen: 409.
 */
@Injectable()
export class LotOverridesService {
  constructor(
    private readonly em: EntityManager,
    private readonly runs: SettlementRunsService,
    private readonly settlements: SettlementsService,
  ) {}

  async set(houseId: number, settlementId: number, lotId: number, actor: Actor, input: OverrideInput): Promise<SettlementDetailView> {
    return this.change(houseId, settlementId, lotId, actor, input.note, readOverride(input));
  }

  clear(houseId: number, settlementId: number, lotId: number, actor: Actor, note?: string | null): Promise<SettlementDetailView> {
    return this.change(houseId, settlementId, lotId, actor, note, null);
  }

  private async change(
    houseId: number,
    settlementId: number,
    lotId: number,
    actor: Actor,
    note: string | null | undefined,
    next: OverrideValue,
  ): Promise<SettlementDetailView> {
    return this.em.transactional(async (em) => {
      const found = await em.findOne(Settlement, { id: settlementId, houseId });
      if (!found) throw new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.settlementNotFound);
      // The run's lock before the row's, in the order a run takes them (no deadlock with a run).
      await this.runs.lockRun(em, found);
      const s = await em.findOneOrFail(Settlement, { id: settlementId, houseId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (s.status !== 'draft') throw new SettlementsError(SettlementsErrorCode.NOT_DRAFT, SETTLEMENT_TEXT.notDraft);
      if (!(await em.count(SettlementLine, { settlementId, lotId })))
        throw new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.lotNotFound);
      if (await this.record(em, houseId, lotId, settlementId, actor, note, next)) {
        await this.runs.rebuildDraft(houseId, s, em);
        await em.flush();
      }
      return this.settlements.get(houseId, settlementId, em);
    });
  }

  /**
   * Writes the lot's override and its audit row in the caller's transaction (the caller holds the
   * locks and rebuilds the draft, if any). Setting the same value again writes nothing: false.
   */
  async record(
    em: EntityManager,
    houseId: number,
    lotId: number,
    settlementId: number | null,
    actor: Actor,
    note: string | null | undefined,
    next: OverrideValue,
  ): Promise<boolean> {
    const current = await em.findOne(LotCommissionOverride, { houseId, lotId });
    const before = valueOf(current);
    if (JSON.stringify(before) === JSON.stringify(next)) return false;
    if (current && !next) em.remove(current);
    else if (current && next) em.assign(current, next);
    else if (next) em.create(LotCommissionOverride, { houseId, lotId, ...next });
    em.create(SettlementAudit, {
      houseId,
      settlementId,
      lotId,
      userId: actor.userId,
      userName: actor.userName,
      action: next ? 'override.set' : 'override.clear',
      before,
      after: next,
      note: note?.trim() || null,
    });
    await em.flush();
    return true;
  }
}
