import { BigIntType, Check, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { CommissionTier } from '../math/commission';
import type { SettlementBasis } from '../math/settlement-basis';

const money = () => new BigIntType('number');

/**
 * What the house charges a consignor. A plan is the house default (one per house), a sale's plan
 * (one per sale), or a consignor's (named by consignor.commission_plan_id). Which applies to a lot:
 * the consignor's, else the sale's, else the house default (docs/settlements.md).
 */
@Entity({ tableName: 'commission_plan' })
@Index({ properties: ['houseId'] })
// One house default per house, one plan per sale.
@Index({
  name: 'commission_plan_house_default_unique',
  expression: 'create unique index "commission_plan_house_default_unique" on "commission_plan" ("house_id") where is_house_default',
})
@Index({
  name: 'commission_plan_sale_unique',
  expression:
    'create unique index "commission_plan_sale_unique" on "commission_plan" ("auction_group_id") where auction_group_id is not null',
})
export class CommissionPlan {
  @PrimaryKey() id!: number;
  @ManyToOne({ entity: 'House', fieldName: 'house_id', mapToPk: true, deleteRule: 'cascade' }) houseId!: number;
  @Property({ length: 120 }) name!: string;
  @Property() isHouseDefault: boolean & Opt = false;
  /** A sale's plan: the auction group it applies to. */
  @ManyToOne({ entity: 'AuctionGroup', fieldName: 'auction_group_id', mapToPk: true, deleteRule: 'cascade', nullable: true })
  auctionGroupId?: number | null;
  /** Marginal tiers; a flat rate is one open tier from 0. Rates in thousandths of a percent. */
  @Property({ type: 'jsonb' }) tiers!: CommissionTier[];
  @Property({ type: money() }) minimumCommissionCents: number & Opt = 0;
  @Property({ type: money() }) buyInFeeCents: number & Opt = 0;
  @Property() buyInRate: number & Opt = 0;
  @Property({ type: money() }) photographyFeeCents: number & Opt = 0;
  @Property({ type: money() }) insuranceFeeCents: number & Opt = 0;
  @Property({ type: money() }) lottingFeeCents: number & Opt = 0;
  @Property() commissionTaxRate: number & Opt = 0;
  @Property({ length: 8 }) settlementBasis: SettlementBasis & Opt = 'paid';
  @Property() version: number & Opt = 1;
  @Property({ type: 'timestamptz', defaultRaw: 'now()' }) createdAt: Date & Opt = new Date();
  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date & Opt = new Date();
}

/** A per-lot override of the commission: a rate of the hammer or a fixed amount (one of them). */
@Entity({ tableName: 'lot_commission_override' })
@Check({ name: 'lot_commission_override_one_check', expression: '(rate is null) <> (commission_cents is null)' })
export class LotCommissionOverride {
  @PrimaryKey() id!: number;
  @Property() houseId!: number;
  @ManyToOne({ entity: 'Lot', fieldName: 'lot_id', mapToPk: true, deleteRule: 'cascade' })
  @Unique()
  lotId!: number;
  @Property({ type: 'integer', nullable: true }) rate?: number | null;
  @Property({ type: money(), nullable: true }) commissionCents?: number | null;
  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date & Opt = new Date();
}
