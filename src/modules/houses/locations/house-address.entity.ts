import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../house.entity';

/** A house location (sale location, invoice address). Limits follow the spec's Location form. */
@Entity({ tableName: 'house_address' })
@Index({ properties: ['house'] })
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

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
