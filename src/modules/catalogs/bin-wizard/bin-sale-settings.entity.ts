import { Entity, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { BinTaxSetting, BinTerm } from '@ar/rules';
import { House } from '../../houses/house.entity';
import { AuctionGroup } from '../auction-group.entity';

/**
 * A buy-now sale's step 1 settings (spec 001 "Bin step 1"), one row per bin group: accepted cards,
 * excluded ship-to countries, the six terms, and the invoice email settings with their tax list.
 * Lists are small and always read whole, so they are JSON (docs/decisions/bin-wizard.md).
 */
@Entity({ tableName: 'bin_sale_settings' })
export class BinSaleSettings {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => AuctionGroup, deleteRule: 'cascade', unique: true })
  group!: Rel<AuctionGroup>;

  @Property({ type: 'json', nullable: true })
  paymentMethodIds?: number[] | null;

  /** Country codes (spec spelling, UK for GB) buyers may not ship to. */
  @Property({ type: 'json', nullable: true })
  shipToExcluded?: string[] | null;

  @Property({ type: 'json', nullable: true })
  terms?: BinTerm[] | null;

  @Property({ length: 150, nullable: true })
  subject?: string | null;

  @Property({ length: 150, nullable: true })
  fromName?: string | null;

  @Property({ length: 150, nullable: true })
  fromEmail?: string | null;

  @Property({ length: 150, nullable: true })
  bccEmail?: string | null;

  @Property({ type: 'json', nullable: true })
  taxSettings?: BinTaxSetting[] | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
