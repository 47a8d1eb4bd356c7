import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../house.entity';

/**
 * A house location (sale location, invoice address). Limits follow the spec's Location form.
 * Rows are soft-deleted (`deletedAt`) so invoices and templates printed earlier keep their address.
 * At most one live primary per house (partial unique index); `version` guards concurrent edits.
 */
@Entity({ tableName: 'house_address' })
@Index({ properties: ['house'] })
@Index({
  name: 'house_address_one_primary',
  expression: 'create unique index "house_address_one_primary" on "house_address" ("house_id") where "primary" and "deleted_at" is null',
})
export class HouseAddress {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ length: 75, nullable: true })
  facilityName?: string;

  @Property({ length: 50 })
  addressStreet1!: string;

  @Property({ length: 50, nullable: true })
  addressStreet2?: string;

  @Property({ length: 50 })
  addressCity!: string;

  /** The location list's spelling: 'UK' for the United Kingdom (see geo/country-codes.ts). */
  @Property({ length: 2 })
  countryCode!: string;

  /** State code for countries with a state list (US, CA, AU, UK). */
  @Property({ length: 10, nullable: true })
  stateCode?: string;

  /** Free-text state or province for other countries. */
  @Property({ length: 50, nullable: true })
  province?: string;

  @Property({ length: 32 })
  postalCode!: string;

  @Property({ length: 40, nullable: true })
  addressPhone?: string;

  @Property({ length: 40, nullable: true })
  addressFax?: string;

  @Property({ length: 60, nullable: true })
  email?: string;

  @Property({ length: 64, nullable: true })
  timeZoneId?: string;

  @Property()
  primary: boolean & Opt = false;

  @Property({ version: true, type: 'integer' })
  version!: number & Opt;

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
