import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../house.entity';
import { StaffUser } from '../staff-user.entity';

/** Server-side session, shared by every instance. The id is the SHA-256 of the cookie value. */
@Entity({ tableName: 'staff_session' })
export class StaffSession {
  @PrimaryKey({ length: 64 })
  id!: string;

  @ManyToOne({ entity: () => StaffUser, deleteRule: 'cascade' })
  @Index()
  user!: Rel<StaffUser>;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ length: 64 })
  csrfToken!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz' })
  @Index()
  expiresAt!: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  lastSeenAt: Date & Opt = new Date();

  @Property({ length: 64, nullable: true })
  ip?: string;

  @Property({ length: 300, nullable: true })
  userAgent?: string;
}
