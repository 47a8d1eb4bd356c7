import { Entity, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../house.entity';
import { StaffUser } from '../staff-user.entity';

/** A per-house API token acting as one staff user; only its SHA-256 is stored. */
@Entity({ tableName: 'api_token' })
export class ApiToken {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => StaffUser, deleteRule: 'cascade' })
  user!: Rel<StaffUser>;

  @Property({ length: 100 })
  name!: string;

  @Property({ length: 64, hidden: true })
  @Unique()
  tokenHash!: string;

  /** First characters of the token, to recognise it in lists. */
  @Property({ length: 12 })
  tokenPrefix!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date;
}
