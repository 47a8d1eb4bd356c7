import { Entity, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../house.entity';

/** One of a house's three default positive feedback messages (feedbackID = position 1..3). */
@Entity({ tableName: 'house_feedback_message' })
@Unique({ properties: ['house', 'position'] })
export class HouseFeedbackMessage {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ type: 'smallint' })
  position!: number;

  @Property({ length: 250 })
  message!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date & Opt = new Date();
}
