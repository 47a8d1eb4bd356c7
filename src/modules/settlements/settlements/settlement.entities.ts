import { BigIntType, Check, Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import type { LineState } from '../math/commission';
import type { PayoutMethod } from '../consignors/consignor.entity';

const money = () => new BigIntType('number');

export type SettlementStatus = 'draft' | 'ready' | 'paid';

/**
 * What the house owes one consignor for a sale (or a date range). Totals are sums of its rounded
 * lines and adjustments, stored when the lines are written; `paidCents` is the sum of its payout
 * ledger rows. Optimistic `version`; every change runs under the row lock.
 */
@Entity({ tableName: 'settlement' })
@Index({ properties: ['houseId', 'auctionGroupId'] })
export class Settlement {
  @PrimaryKey() id!: number;
  @ManyToOne({ entity: 'House', fieldName: 'house_id', mapToPk: true, deleteRule: 'cascade' }) houseId!: number;
  @ManyToOne({ entity: 'Consignor', fieldName: 'consignor_id', mapToPk: true, deleteRule: 'restrict' }) consignorId!: number;
  @ManyToOne({ entity: 'AuctionGroup', fieldName: 'auction_group_id', mapToPk: true, deleteRule: 'restrict', nullable: true })
  auctionGroupId?: number | null;
  @Property({ type: 'date', nullable: true }) periodFrom?: string | null;
  @Property({ type: 'date', nullable: true }) periodTo?: string | null;
  @Property({ length: 8 }) status: SettlementStatus & Opt = 'draft';
  @Property({ length: 3 }) currencyCode!: string;
  @Property({ type: 'integer', nullable: true }) commissionPlanId?: number | null;
  @Property({ length: 8 }) settlementBasis!: string;
  @Property() lotCount: number & Opt = 0;
  @Property() heldCount: number & Opt = 0;
  @Property({ type: money() }) hammerCents: number & Opt = 0;
  @Property({ type: money() }) commissionCents: number & Opt = 0;
  @Property({ type: money() }) buyInFeeCents: number & Opt = 0;
  @Property({ type: money() }) feesCents: number & Opt = 0;
  @Property({ type: money() }) taxCents: number & Opt = 0;
  @Property({ type: money() }) expensesCents: number & Opt = 0;
  @Property({ type: money() }) advancesCents: number & Opt = 0;
  @Property({ type: money() }) netDueCents: number & Opt = 0;
  @Property({ type: money() }) paidCents: number & Opt = 0;
  @Property() version: number & Opt = 1;
  @Property({ type: 'integer', nullable: true }) createdByUserId?: number | null;
  @Property({ type: 'timestamptz', defaultRaw: 'now()' }) createdAt: Date & Opt = new Date();
  @Property({ type: 'timestamptz', nullable: true }) readyAt?: Date | null;
  @Property({ type: 'timestamptz', nullable: true }) paidAt?: Date | null;
  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date & Opt = new Date();
}

/** One consigned lot on a settlement. A lot is settled (state other than held) at most once: partial unique index. */
@Entity({ tableName: 'settlement_line' })
@Index({ properties: ['settlementId'] })
@Index({
  name: 'settlement_line_settled_lot_unique',
  expression: `create unique index "settlement_line_settled_lot_unique" on "settlement_line" ("lot_id") where state <> 'held'`,
})
export class SettlementLine {
  @PrimaryKey() id!: number;
  @Property() houseId!: number;
  @ManyToOne({ entity: 'Settlement', fieldName: 'settlement_id', mapToPk: true, deleteRule: 'cascade' }) settlementId!: number;
  @ManyToOne({ entity: 'Lot', fieldName: 'lot_id', mapToPk: true, deleteRule: 'restrict' }) lotId!: number;
  @Property({ type: 'integer' }) catalogId!: number;
  @Property({ length: 8, nullable: true }) lotNumber?: string | null;
  @Property({ length: 1, nullable: true }) lotExt?: string | null;
  @Property({ length: 250 }) title!: string;
  @Property({ length: 8 }) state!: LineState;
  @Property({ length: 250, nullable: true }) heldReason?: string | null;
  @Property({ type: money() }) hammerCents!: number;
  @Property({ type: money() }) commissionCents!: number;
  @Property({ type: money() }) buyInFeeCents!: number;
  @Property({ type: money() }) photographyFeeCents!: number;
  @Property({ type: money() }) insuranceFeeCents!: number;
  @Property({ type: money() }) lottingFeeCents!: number;
  @Property({ type: money() }) feesCents!: number;
  @Property({ type: money() }) taxCents!: number;
  @Property({ type: money() }) netCents!: number;
}

export type AdjustmentKind = 'expense' | 'advance';

/** An expense charged to the consignor or an advance already paid to them, with its note. */
@Entity({ tableName: 'settlement_adjustment' })
@Check({ name: 'settlement_adjustment_amount_check', expression: 'amount_cents >= 0' })
export class SettlementAdjustment {
  @PrimaryKey() id!: number;
  @Property() houseId!: number;
  @ManyToOne({ entity: 'Settlement', fieldName: 'settlement_id', mapToPk: true, deleteRule: 'cascade' }) @Index() settlementId!: number;
  @Property({ length: 8 }) kind!: AdjustmentKind;
  @Property({ type: money() }) amountCents!: number;
  @Property({ length: 250 }) note!: string;
  @Property({ type: 'integer', nullable: true }) createdByUserId?: number | null;
  @Property({ type: 'timestamptz', defaultRaw: 'now()' }) createdAt: Date & Opt = new Date();
}

export type PayoutKind = 'payout' | 'correction';

/**
 * The payout ledger: money paid to the consignor (check number or bank reference, date, amount).
 * Rows are never changed or deleted; a mistake is a correction row (signed, with a note), so the
 * ledger is its own audit trail (who, when).
 */
@Entity({ tableName: 'settlement_payout' })
export class SettlementPayout {
  @PrimaryKey() id!: number;
  @Property() houseId!: number;
  @ManyToOne({ entity: 'Settlement', fieldName: 'settlement_id', mapToPk: true, deleteRule: 'restrict' }) @Index() settlementId!: number;
  @Property({ length: 12 }) kind!: PayoutKind;
  @Property({ length: 16 }) method!: PayoutMethod;
  @Property({ length: 60, nullable: true }) reference?: string | null;
  @Property({ type: 'date' }) paidDate!: string;
  @Property({ type: money() }) amountCents!: number;
  @Property({ length: 250, nullable: true }) note?: string | null;
  @Property({ type: 'integer', nullable: true }) createdByUserId?: number | null;
  @Property({ type: 'timestamptz', defaultRaw: 'now()' }) createdAt: Date & Opt = new Date();
}
