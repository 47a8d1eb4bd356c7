import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';

/** Where a bidder came from: main marketplace, private label/connect, partner marketplace or the floor. */
export type Platform = 'INV' | 'PL' | 'AZ' | 'Floor';

/** Company id codes of the spec: 3 private label, 4 partner marketplace, 9 floor bidder. */
export const COMPANY_ID_OF: Record<Platform, number | null> = { INV: null, PL: 3, AZ: 4, Floor: 9 };

/** A bidder known to a house (a customer). */
@Entity({ tableName: 'member' })
@Index({ properties: ['house', 'email'] })
export class Member {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ length: 32 })
  @Unique()
  memberRef!: string;

  @Property({ length: 60 })
  firstName!: string;

  @Property({ length: 60 })
  lastName!: string;

  @Property({ length: 120, nullable: true })
  email?: string;

  @Property({ length: 40, nullable: true })
  phone?: string;

  @Property({ length: 40, nullable: true })
  mobilePhone?: string;

  @Property({ length: 120, nullable: true })
  companyName?: string;

  @Property({ length: 100, nullable: true })
  street1?: string;

  @Property({ length: 100, nullable: true })
  street2?: string;

  @Property({ length: 60, nullable: true })
  city?: string;

  @Property({ length: 10, nullable: true })
  stateCode?: string;

  @Property({ length: 60, nullable: true })
  province?: string;

  @Property({ length: 32, nullable: true })
  postalCode?: string;

  @Property({ length: 2, nullable: true })
  countryCode?: string;

  @Property({ length: 5 })
  platform!: Platform;

  @Property({ nullable: true })
  companyId?: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
