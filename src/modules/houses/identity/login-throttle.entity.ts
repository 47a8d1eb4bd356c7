import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Failed sign-ins per key (house+user name, or client address) in the current window. */
@Entity({ tableName: 'login_throttle' })
export class LoginThrottle {
  @PrimaryKey({ length: 200 })
  key!: string;

  @Property({ type: 'timestamptz' })
  windowStart!: Date;

  @Property()
  failures!: number;
}
