import { Entity, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/** One row per task and time slot: whichever instance inserts it first runs the task. */
@Entity({ tableName: 'schedule_slot' })
export class ScheduleSlot {
  @PrimaryKey({ length: 100 })
  task!: string;

  @PrimaryKey({ type: 'timestamptz' })
  slot!: Date;

  @Property({ length: 100 })
  claimedBy!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  claimedAt: Date & Opt = new Date();
}
