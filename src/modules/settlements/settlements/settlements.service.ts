import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { formatCents } from '../../../core/money/money';
import { RaListQuery, raFilterIds } from '../../../core/http/ra-list-query';
import { settlementTotals } from '../math/commission';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import type { PayoutMethod } from '../consignors/consignor.entity';
import {
  Settlement,
  SettlementAdjustment,
  SettlementLine,
  SettlementPayout,
  type AdjustmentKind,
  type PayoutKind,
} from './settlement.entities';
import { LotCommissionOverride } from '../plans/commission-plan.entity';
import { SettlementAudit } from './settlement-audit.entity';
import { toSettlementView, type SettlementDetailView, type SettlementView } from './settlement-view';

export const SETTLEMENT_SORTABLE = ['id', 'consignorName', 'saleName', 'status', 'netDueCents', 'createdAt'] as const;
const SORT_COLUMN: Record<(typeof SETTLEMENT_SORTABLE)[number], string> = {
  id: 's.id',
  consignorName: 'c.name',
  saleName: 'g.group_name',
  status: 's.status',
  netDueCents: 's.net_due_cents',
  createdAt: 's.created_at',
};
const STATUSES = ['draft', 'ready', 'paid'];

const SELECT = `select s.*, c.name as consignor_name, g.group_name as sale_name
  from settlement s join consignor c on c.id = s.consignor_id left join auction_group g on g.id = s.auction_group_id`;

const err = (code: SettlementsErrorCode, text: string) => new SettlementsError(code, text);
const notFound = () => err(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.settlementNotFound);

export interface SettlementTotals {
  currencyCode: string;
  count: number;
  hammerCents: number;
  commissionCents: number;
  netDueCents: number;
  paidCents: number;
  balanceCents: number;
}

export interface PayoutInput {
  kind: PayoutKind;
  method: PayoutMethod;
  reference?: string | null;
  paidDate: string;
  amountCents: number;
  note?: string | null;
}

/**
 * Reading settlements and changing them: expenses and advances (draft only), ready, and the payout
 * ledger. Every change locks the settlement row first, so two clerks paying at once cannot pay
 * twice: the second sees the first's payout and is refused.
 */
@Injectable()
export class SettlementsService {
  constructor(private readonly em: EntityManager) {}

  async page(houseId: number, q: RaListQuery): Promise<{ rows: SettlementView[]; total: number }> {
    const { where, params } = this.where(houseId, q);
    const sort = q.sort ?? { field: 'id', order: 'DESC' };
    const column = SORT_COLUMN[sort.field as keyof typeof SORT_COLUMN];
    const conn = this.em.getConnection();
    const [rows, counted] = await Promise.all([
      conn.execute(`${SELECT} where ${where} order by ${column} ${sort.order}, s.id asc limit ? offset ?`, [...params, q.limit, q.offset]),
      conn.execute(`select count(*)::int as n from settlement s where ${where}`, params),
    ]);
    return { rows: rows.map(toSettlementView), total: counted[0].n };
  }

  /** Sums over every settlement the filter matches (not one page), per currency: amounts of two currencies never add up. */
  async totals(houseId: number, q: RaListQuery): Promise<SettlementTotals[]> {
    const { where, params } = this.where(houseId, q);
    const rows = await this.em.getConnection().execute(
      `select s.currency_code, count(*)::int as n, sum(s.hammer_cents) as hammer, sum(s.commission_cents) as commission,
              sum(s.net_due_cents) as net_due, sum(s.paid_cents) as paid
         from settlement s where ${where} group by s.currency_code order by count(*) desc, s.currency_code`,
      params,
    );
    return rows.map((r) => ({
      currencyCode: String(r.currency_code),
      count: Number(r.n),
      hammerCents: Number(r.hammer),
      commissionCents: Number(r.commission),
      netDueCents: Number(r.net_due),
      paidCents: Number(r.paid),
      balanceCents: Number(r.net_due) - Number(r.paid),
    }));
  }

  /** The list's filter as SQL over `settlement s` (shared by the page and its totals). */
  private where(houseId: number, q: RaListQuery): { where: string; params: unknown[] } {
    const where: string[] = ['s.house_id = ?'];
    const params: unknown[] = [houseId];
    for (const [key, value] of Object.entries(q.filter)) {
      if (value === undefined || value === null || value === '') continue;
      if (key === 'id') {
        const ids = raFilterIds(value) ?? [];
        where.push(ids.length ? `s.id in (${ids.map(() => '?').join(', ')})` : 'false');
        params.push(...ids);
      } else if (key === 'saleId' || key === 'consignorId') {
        where.push(key === 'saleId' ? 's.auction_group_id = ?' : 's.consignor_id = ?');
        params.push(Number.isSafeInteger(Number(value)) ? Number(value) : 0);
      } else if (key === 'status') {
        if (!STATUSES.includes(String(value))) throw new DomainError('bad_request', 'BAD_QUERY', 'Status must be draft, ready or paid.');
        where.push('s.status = ?');
        params.push(String(value));
      } else throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter by ${key}.`);
    }
    return { where: where.join(' and '), params };
  }

  /** The house's sales that have consigned lots, newest first: the screens' sale pickers (settlement users may lack reports access). */
  async sales(houseId: number): Promise<{ id: number; name: string }[]> {
    const rows = await this.em.getConnection().execute(
      `select g.id, g.group_name as name from auction_group g
        where g.house_id = ? and exists (
          select 1 from catalog c join lot l on l.catalog_id = c.id
           where c.group_id = g.id and l.house_id = g.house_id and l.consignor_id is not null)
        order by g.id desc`,
      [houseId],
    );
    return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
  }

  async get(houseId: number, id: number, em: EntityManager = this.em): Promise<SettlementDetailView> {
    const [row] = await em
      .getConnection()
      .execute(`${SELECT} where s.house_id = ? and s.id = ?`, [houseId, id], 'all', em.getTransactionContext());
    if (!row) throw notFound();
    // One after the other: the writes answer through here inside their transaction (one pg client).
    const lines = await em.find(SettlementLine, { settlementId: id }, { orderBy: { id: 'ASC' } });
    const adjustments = await em.find(SettlementAdjustment, { settlementId: id }, { orderBy: { id: 'ASC' } });
    const payouts = await em.find(SettlementPayout, { settlementId: id }, { orderBy: { id: 'ASC' } });
    const audit = await em.find(SettlementAudit, { settlementId: id }, { orderBy: { id: 'ASC' } });
    const overrides = new Map(
      (await em.find(LotCommissionOverride, { houseId, lotId: { $in: lines.map((l) => l.lotId) } })).map((o) => [
        o.lotId,
        { rate: o.rate ?? null, commissionCents: o.commissionCents ?? null },
      ]),
    );
    const names = await this.userNames(
      em,
      houseId,
      [...adjustments, ...payouts].map((r) => r.createdByUserId),
    );
    const by = (userId?: number | null) => (userId == null ? null : (names.get(userId) ?? null));
    const lotLabel = new Map(lines.map((l) => [l.lotId, `${l.lotNumber ?? ''}${l.lotExt ?? ''}`]));
    return {
      ...toSettlementView(row),
      lines: lines.map(({ houseId: _h, settlementId: _s, ...l }) => ({
        ...l,
        lotNumber: l.lotNumber ?? null,
        lotExt: l.lotExt ?? null,
        heldReason: l.heldReason ?? null,
        override: overrides.get(l.lotId) ?? null,
      })),
      adjustments: adjustments.map((a) => ({
        id: a.id,
        kind: a.kind,
        amountCents: a.amountCents,
        note: a.note,
        createdByUserId: a.createdByUserId ?? null,
        createdByName: by(a.createdByUserId),
        createdAt: a.createdAt.toISOString(),
      })),
      payouts: payouts.map((p) => ({
        id: p.id,
        kind: p.kind,
        method: p.method,
        reference: p.reference ?? null,
        paidDate: p.paidDate,
        amountCents: p.amountCents,
        note: p.note ?? null,
        createdByUserId: p.createdByUserId ?? null,
        createdByName: by(p.createdByUserId),
        createdAt: p.createdAt.toISOString(),
      })),
      history: audit.map((h) => ({
        id: h.id,
        action: h.action,
        lotId: h.lotId ?? null,
        lotLabel: h.lotId == null ? null : (lotLabel.get(h.lotId) ?? null),
        before: h.before ?? null,
        after: h.after ?? null,
        note: h.note ?? null,
        userName: h.userName,
        createdAt: h.createdAt.toISOString(),
      })),
    };
  }

  /** The house's staff user names of ledger rows (who recorded them): the audit trail shown with each row. */
  private async userNames(em: EntityManager, houseId: number, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((i): i is number => i != null))];
    if (!wanted.length) return new Map();
    const rows = await em
      .getConnection()
      .execute(
        `select id, user_name from staff_user where house_id = ? and id in (${wanted.map(() => '?').join(', ')})`,
        [houseId, ...wanted],
        'all',
        em.getTransactionContext(),
      );
    return new Map(rows.map((r) => [Number(r.id), String(r.user_name)]));
  }

  /** An expense (charged to the consignor) or an advance (already paid to them), on a draft. */
  async addAdjustment(houseId: number, id: number, userId: number, a: { kind: AdjustmentKind; amountCents: number; note: string }) {
    return this.change(houseId, id, async (s, em) => {
      if (s.status !== 'draft') throw err(SettlementsErrorCode.NOT_DRAFT, SETTLEMENT_TEXT.notDraft);
      em.create(SettlementAdjustment, {
        houseId,
        settlementId: id,
        kind: a.kind,
        amountCents: a.amountCents,
        note: a.note.trim(),
        createdByUserId: userId,
      });
      await em.flush();
      const [lines, adjustments] = await Promise.all([
        em.find(SettlementLine, { settlementId: id }),
        em.find(SettlementAdjustment, { settlementId: id }),
      ]);
      em.assign(s, settlementTotals(lines, adjustments));
    });
  }

  async markReady(houseId: number, id: number) {
    return this.change(houseId, id, async (s) => {
      if (s.status !== 'draft') throw err(SettlementsErrorCode.NOT_DRAFT, SETTLEMENT_TEXT.notDraft);
      s.status = 'ready';
      s.readyAt = new Date();
    });
  }

  /**
   * A payout ledger row. A payout pays part or all of the balance (never more); a correction is a
   * signed amount with a note (a bounced check, a typo) that keeps the amount paid between 0 and the
   * net due. The settlement is paid exactly when the amount paid reaches the net due.
   */
  async addPayout(houseId: number, id: number, userId: number, p: PayoutInput) {
    return this.change(houseId, id, async (s, em) => {
      if (s.status === 'draft') throw err(SettlementsErrorCode.NOT_READY, SETTLEMENT_TEXT.notReady);
      const balance = s.netDueCents - s.paidCents;
      if (p.kind === 'payout') {
        if (s.status === 'paid') throw err(SettlementsErrorCode.ALREADY_PAID, SETTLEMENT_TEXT.alreadyPaid);
        if (balance < 0) throw err(SettlementsErrorCode.NOTHING_TO_PAY, SETTLEMENT_TEXT.nothingToPay);
        if (p.amountCents <= 0) throw DomainError.validation({ amountCents: 'A payout must be more than 0.00.' });
        if (p.amountCents > balance) throw err(SettlementsErrorCode.OVERPAID, SETTLEMENT_TEXT.overpaid(formatCents(balance)));
      } else {
        if (p.amountCents === 0) throw DomainError.validation({ amountCents: 'A correction cannot be 0.00.' });
        if (!p.note?.trim()) throw DomainError.validation({ note: 'A correction needs a note saying why.' });
        const after = s.paidCents + p.amountCents;
        if (after < 0) throw err(SettlementsErrorCode.OVERPAID, SETTLEMENT_TEXT.belowZero);
        if (after > Math.max(s.netDueCents, 0)) throw err(SettlementsErrorCode.OVERPAID, SETTLEMENT_TEXT.overpaid(formatCents(balance)));
      }
      this.record(em, s, houseId, userId, p);
    });
  }

  /** Pays what is left of the net due in one ledger row; a settlement is never paid twice. */
  async markPaid(houseId: number, id: number, userId: number, p: Omit<PayoutInput, 'kind' | 'amountCents'>) {
    return this.change(houseId, id, async (s, em) => {
      if (s.status === 'draft') throw err(SettlementsErrorCode.NOT_READY, SETTLEMENT_TEXT.notReady);
      if (s.status === 'paid') throw err(SettlementsErrorCode.ALREADY_PAID, SETTLEMENT_TEXT.alreadyPaid);
      const balance = s.netDueCents - s.paidCents;
      if (balance < 0) throw err(SettlementsErrorCode.NOTHING_TO_PAY, SETTLEMENT_TEXT.nothingToPay);
      this.record(em, s, houseId, userId, { ...p, kind: 'payout', amountCents: balance });
    });
  }

  private record(em: EntityManager, s: Settlement, houseId: number, userId: number, p: PayoutInput): void {
    em.create(SettlementPayout, {
      houseId,
      settlementId: s.id,
      kind: p.kind,
      method: p.method,
      reference: p.reference?.trim() || null,
      paidDate: p.paidDate,
      amountCents: p.amountCents,
      note: p.note?.trim() || null,
      createdByUserId: userId,
    });
    s.paidCents += p.amountCents;
    const paid = s.paidCents === s.netDueCents && s.netDueCents >= 0;
    s.status = paid ? 'paid' : 'ready';
    s.paidAt = paid ? new Date() : null;
  }

  /** Runs a change on the locked settlement row of the house, bumps its version, answers the detail. */
  private async change(
    houseId: number,
    id: number,
    fn: (s: Settlement, em: EntityManager) => Promise<void>,
  ): Promise<SettlementDetailView> {
    return this.em.transactional(async (em) => {
      const s = await em.findOne(Settlement, { id, houseId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!s) throw notFound();
      await fn(s, em);
      s.version += 1;
      await em.flush();
      return this.get(houseId, id, em);
    });
  }
}
