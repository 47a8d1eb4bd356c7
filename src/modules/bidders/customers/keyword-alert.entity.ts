import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { Member } from '../member.entity';

/** A keyword a customer asked to be alerted about when the house lists a matching lot. */
@Entity({ tableName: 'keyword_alert' })
@Index({ properties: ['house', 'createdAt'] })
export class KeywordAlert {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Member, deleteRule: 'cascade' })
  member!: Rel<Member>;

  @Property({ length: 100 })
  keyword!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
