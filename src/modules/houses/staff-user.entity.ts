import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { AccessFlag, AccessFlags } from '../../core/auth/access-flags';
import { House } from './house.entity';

/** A member of a house's staff. User names are unique per house, case-insensitively. */
@Entity({ tableName: 'staff_user' })
@Index({
  name: 'staff_user_house_user_name_key',
  expression: 'create unique index "staff_user_house_user_name_key" on "staff_user" ("house_id", lower("user_name"))',
})
export class StaffUser {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ length: 32 })
  @Unique()
  userRef!: string;

  @Property({ length: 64 })
  userName!: string;

  @Property({ length: 120, nullable: true })
  email?: string;

  @Property({ length: 60, nullable: true })
  firstName?: string;

  @Property({ length: 60, nullable: true })
  lastName?: string;

  @Property({ length: 255, hidden: true })
  passwordHash!: string;

  @Property() accessCustomer: boolean & Opt = false;
  @Property() accessBulkbiding: boolean & Opt = false;
  @Property() accessReports: boolean & Opt = false;
  /** Console, calendar and messages are on by default (spec: "Other defaults"). */
  @Property() accessConsole: boolean & Opt = true;
  @Property() accessInvoices: boolean & Opt = false;
  @Property() accessCalendar: boolean & Opt = true;
  @Property() accessSensitive: boolean & Opt = false;
  /** Settlement access: with accessInvoices it grants payments. */
  @Property() accessSettlement: boolean & Opt = false;

  /** Internal staff of the platform, not of the house. */
  @Property()
  isSuperUser: boolean & Opt = false;

  @Property()
  isActive: boolean & Opt = true;

  /** When a house user deactivated this user (Users and Permissions); null while active. */
  @Property({ type: 'timestamptz', nullable: true })
  deactivatedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastLoginAt?: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  flags(): AccessFlags {
    const f = (k: AccessFlag) => this[k];
    return {
      accessCustomer: f('accessCustomer'),
      accessBulkbiding: f('accessBulkbiding'),
      accessReports: f('accessReports'),
      accessConsole: f('accessConsole'),
      accessInvoices: f('accessInvoices'),
      accessCalendar: f('accessCalendar'),
      accessSensitive: f('accessSensitive'),
      accessSettlement: f('accessSettlement'),
    };
  }
}
