import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { RaListQuery, raFilterIds } from '../../../core/http/ra-list-query';
import { CatalogsService } from '../../catalogs/catalogs.service';
import { validateTerms, type CommissionTerms } from '../math/commission';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { CommissionPlan } from './commission-plan.entity';
import type { CommissionPlanDto } from './dto/commission-plan.dto';

export const PLAN_SORTABLE = ['id', 'name', 'createdAt'] as const;
const FILTERS = new Set(['id', 'isHouseDefault', 'auctionGroupId']);

export type CommissionPlanView = Omit<CommissionPlan, 'houseId'>;
const view = ({ houseId: _h, ...rest }: CommissionPlan): CommissionPlanView => rest;

export function termsOf(p: CommissionPlan): CommissionTerms {
  return {
    tiers: p.tiers,
    minimumCommissionCents: p.minimumCommissionCents,
    buyInFeeCents: p.buyInFeeCents,
    buyInRate: p.buyInRate,
    photographyFeeCents: p.photographyFeeCents,
    insuranceFeeCents: p.insuranceFeeCents,
    lottingFeeCents: p.lottingFeeCents,
    commissionTaxRate: p.commissionTaxRate,
  };
}

/** Commission plans of a house: the house default, sales' plans and consignors' plans. */
@Injectable()
export class CommissionPlansService {
  constructor(
    private readonly em: EntityManager,
    private readonly catalogs: CatalogsService,
  ) {}

  async page(houseId: number, q: RaListQuery): Promise<{ rows: CommissionPlanView[]; total: number }> {
    const where: Record<string, unknown> = { houseId };
    for (const [key, value] of Object.entries(q.filter)) {
      if (!FILTERS.has(key)) throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter by ${key}.`);
      if (value === undefined || value === null || value === '') continue;
      if (key === 'id') where.id = { $in: raFilterIds(value) ?? [] };
      else if (key === 'isHouseDefault') where.isHouseDefault = value === true || value === 'true';
      else if (key === 'auctionGroupId') where.auctionGroupId = Number(value) || 0;
    }
    const sort = q.sort ?? { field: 'id', order: 'ASC' };
    const [rows, total] = await this.em.findAndCount(CommissionPlan, where, {
      orderBy: [{ [sort.field]: sort.order }, { id: 'ASC' }],
      limit: q.limit,
      offset: q.offset,
    });
    return { rows: rows.map(view), total };
  }

  async get(houseId: number, id: number): Promise<CommissionPlanView> {
    const p = await this.em.findOne(CommissionPlan, { id, houseId });
    if (!p) throw new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.planNotFound);
    return view(p);
  }

  async save(houseId: number, id: number | null, dto: CommissionPlanDto): Promise<CommissionPlanView> {
    const fields = await this.fields(houseId, dto);
    try {
      let plan: CommissionPlan;
      if (id === null) plan = this.em.create(CommissionPlan, { houseId, ...fields });
      else {
        const found = await this.em.findOne(CommissionPlan, { id, houseId });
        if (!found) throw new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.planNotFound);
        if (dto.version != null && dto.version !== found.version)
          throw new SettlementsError(SettlementsErrorCode.STALE_VERSION, SETTLEMENT_TEXT.stale);
        plan = this.em.assign(found, { ...fields, version: found.version + 1 });
      }
      await this.em.flush();
      return view(plan);
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) {
        const text = String(e.message).includes('house_default') ? SETTLEMENT_TEXT.defaultPlanExists : SETTLEMENT_TEXT.salePlanExists;
        throw new SettlementsError(SettlementsErrorCode.VALIDATION_FAILED, text, {
          [text === SETTLEMENT_TEXT.defaultPlanExists ? 'isHouseDefault' : 'auctionGroupId']: text,
        });
      }
      throw e;
    }
  }

  private async fields(houseId: number, dto: CommissionPlanDto) {
    const name = dto.name.trim();
    if (!name) throw DomainError.validation({ name: 'Name is required.' });
    const isHouseDefault = dto.isHouseDefault ?? false;
    const auctionGroupId = dto.auctionGroupId ?? null;
    if (isHouseDefault && auctionGroupId) throw DomainError.validation({ auctionGroupId: SETTLEMENT_TEXT.planScope });
    if (auctionGroupId && !(await this.catalogs.sessions(houseId)).some((s) => s.groupId === auctionGroupId))
      throw DomainError.validation({ auctionGroupId: SETTLEMENT_TEXT.saleNotFound });
    const terms: CommissionTerms = {
      tiers: dto.tiers.map((t) => ({ fromCents: t.fromCents, toCents: t.toCents ?? null, rate: t.rate })),
      minimumCommissionCents: dto.minimumCommissionCents ?? 0,
      buyInFeeCents: dto.buyInFeeCents ?? 0,
      buyInRate: dto.buyInRate ?? 0,
      photographyFeeCents: dto.photographyFeeCents ?? 0,
      insuranceFeeCents: dto.insuranceFeeCents ?? 0,
      lottingFeeCents: dto.lottingFeeCents ?? 0,
      commissionTaxRate: dto.commissionTaxRate ?? 0,
    };
    validateTerms(terms);
    return { name, isHouseDefault, auctionGroupId, settlementBasis: dto.settlementBasis ?? 'paid', ...terms, tiers: [...terms.tiers] };
  }
}
