import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../../house.entity';
import { StaffUser } from '../../staff-user.entity';

/**
 * One emailed password-reset link. The link itself is never stored: only the SHA-256 of its random
 * `jti`. A link works while it is unexpired, unused and the user's latest (a new request supersedes
 * the older ones; a reset uses one and ends the rest).
 */
@Entity({ tableName: 'password_reset_token' })
export class PasswordResetToken {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => StaffUser, deleteRule: 'cascade' })
  @Index()
  user!: Rel<StaffUser>;

  @Property({ length: 64 })
  @Unique()
  jtiHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date;

  @Property({ type: 'timestamptz', nullable: true })
  supersededAt?: Date;

  /** Who asked for the link (client address), for the record. */
  @Property({ length: 64, nullable: true })
  requestIp?: string;
}
