import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';

export type PayoutMethod = 'check' | 'bank_transfer' | 'cash' | 'other';
export const PAYOUT_METHODS: readonly PayoutMethod[] = ['check', 'bank_transfer', 'cash', 'other'];

/** Someone who consigns lots to the house; settled per sale. Per house (tenancy), never deleted (settlements name it). */
@Entity({ tableName: 'consignor' })
@Index({ properties: ['houseId', 'name'] })
export class Consignor {
  @PrimaryKey() id!: number;
  @ManyToOne({ entity: 'House', fieldName: 'house_id', mapToPk: true, deleteRule: 'cascade' }) houseId!: number;
  @Property({ length: 120 }) name!: string;
  @Property({ length: 120, nullable: true }) company?: string | null;
  @Property({ length: 100, nullable: true }) street1?: string | null;
  @Property({ length: 100, nullable: true }) street2?: string | null;
  @Property({ length: 60, nullable: true }) city?: string | null;
  @Property({ length: 60, nullable: true }) state?: string | null;
  @Property({ length: 32, nullable: true }) postalCode?: string | null;
  @Property({ length: 2, nullable: true }) countryCode?: string | null;
  @Property({ length: 120, nullable: true }) email?: string | null;
  @Property({ length: 40, nullable: true }) phone?: string | null;
  @Property({ length: 40, nullable: true }) taxId?: string | null;
  @Property({ length: 16 }) payoutMethod: PayoutMethod & Opt = 'check';
  /** The consignor's own plan; null: the sale's plan, else the house default. */
  @ManyToOne({ entity: 'CommissionPlan', fieldName: 'commission_plan_id', mapToPk: true, deleteRule: 'set null', nullable: true })
  commissionPlanId?: number | null;
  @Property() version: number & Opt = 1;
  @Property({ type: 'timestamptz', defaultRaw: 'now()' }) createdAt: Date & Opt = new Date();
  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date & Opt = new Date();
}
