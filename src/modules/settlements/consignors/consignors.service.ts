import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { RaListQuery, raFilterIds } from '../../../core/http/ra-list-query';
import { likeContains } from '../../../core/validation/sql-text';
import { LotsService } from '../../lots/lots.service';
import { CommissionPlan, LotCommissionOverride } from '../plans/commission-plan.entity';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { Consignor } from './consignor.entity';
import type { ConsignLotsDto, ConsignorDto } from './dto/consignor.dto';

export const CONSIGNOR_SORTABLE = ['id', 'name', 'company', 'email', 'createdAt'] as const;
const FILTERS = new Set(['id', 'q']);

export type ConsignorView = Omit<Consignor, 'houseId'>;

const view = ({ houseId: _h, ...rest }: Consignor): ConsignorView => rest;
const notFound = () => new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.consignorNotFound);

/** Consignors of a house; every method scoped by the caller's house (another house's id: 404). */
@Injectable()
export class ConsignorsService {
  constructor(
    private readonly em: EntityManager,
    private readonly lots: LotsService,
  ) {}

  async page(houseId: number, q: RaListQuery): Promise<{ rows: ConsignorView[]; total: number }> {
    const where: Record<string, unknown> = { houseId };
    for (const [key, value] of Object.entries(q.filter)) {
      if (!FILTERS.has(key)) throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter by ${key}.`);
      if (value === undefined || value === null || value === '') continue;
      if (key === 'id') where.id = { $in: raFilterIds(value) ?? [] };
      if (key === 'q') {
        const like = likeContains(String(value).trim());
        where.$or = [{ name: { $ilike: like } }, { company: { $ilike: like } }, { email: { $ilike: like } }];
      }
    }
    const sort = q.sort ?? { field: 'name', order: 'ASC' };
    const [rows, total] = await this.em.findAndCount(Consignor, where, {
      orderBy: [{ [sort.field]: sort.order }, { id: 'ASC' }],
      limit: q.limit,
      offset: q.offset,
    });
    return { rows: rows.map(view), total };
  }

  async get(houseId: number, id: number): Promise<ConsignorView> {
    return view(await this.find(houseId, id));
  }

  /** The consignor of the house, or 404. */
  async find(houseId: number, id: number, em: EntityManager = this.em): Promise<Consignor> {
    const c = await em.findOne(Consignor, { id, houseId });
    if (!c) throw notFound();
    return c;
  }

  async create(houseId: number, dto: ConsignorDto): Promise<ConsignorView> {
    const fields = await this.fields(houseId, dto);
    const c = this.em.create(Consignor, { houseId, ...fields });
    await this.em.flush();
    return view(c);
  }

  async update(houseId: number, id: number, dto: ConsignorDto): Promise<ConsignorView> {
    const c = await this.find(houseId, id);
    if (dto.version != null && dto.version !== c.version)
      throw new SettlementsError(SettlementsErrorCode.STALE_VERSION, SETTLEMENT_TEXT.stale);
    this.em.assign(c, { ...(await this.fields(houseId, dto)), version: c.version + 1 });
    await this.em.flush();
    return view(c);
  }

  /**
   * Records the consignor of lots of the house, with per-lot commission overrides (a lot without
   * one loses any it had). All lots or none: a lot id that is not the house's answers 404.
   */
  async consignLots(houseId: number, id: number, dto: ConsignLotsDto): Promise<{ consignorId: number; lotIds: number[] }> {
    for (const l of dto.lots) {
      if (l.commissionRate != null && l.commissionCents != null)
        throw DomainError.validation({ lots: 'Give a lot a commission rate or a fixed commission, not both.' });
    }
    return this.em.transactional(async (em) => {
      await this.find(houseId, id, em);
      const ids = [...new Set(dto.lots.map((l) => l.lotId))];
      const changed = await this.lots.setConsignor(houseId, id, ids, em);
      if (changed.length !== ids.length) throw new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.lotNotFound);
      await em.nativeDelete(LotCommissionOverride, { houseId, lotId: { $in: ids } });
      for (const l of dto.lots) {
        if (l.commissionRate == null && l.commissionCents == null) continue;
        em.create(LotCommissionOverride, {
          houseId,
          lotId: l.lotId,
          rate: l.commissionRate ?? null,
          commissionCents: l.commissionCents ?? null,
        });
      }
      await em.flush();
      return { consignorId: id, lotIds: ids };
    });
  }

  private async fields(houseId: number, dto: ConsignorDto) {
    const name = dto.name.trim();
    if (!name) throw DomainError.validation({ name: 'Name is required.' });
    if (dto.commissionPlanId != null && !(await this.em.count(CommissionPlan, { id: dto.commissionPlanId, houseId })))
      throw DomainError.validation({ commissionPlanId: SETTLEMENT_TEXT.planNotFound });
    const opt = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
    return {
      name,
      company: opt(dto.company),
      street1: opt(dto.street1),
      street2: opt(dto.street2),
      city: opt(dto.city),
      state: opt(dto.state),
      postalCode: opt(dto.postalCode),
      countryCode: opt(dto.countryCode)?.toUpperCase() ?? null,
      email: opt(dto.email),
      phone: opt(dto.phone),
      taxId: opt(dto.taxId),
      payoutMethod: dto.payoutMethod ?? 'check',
      commissionPlanId: dto.commissionPlanId ?? null,
    };
  }
}
