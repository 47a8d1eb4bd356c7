import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { Lot } from './lot.entity';

/**
 * An image of a lot (spec 001 "Lot images: map from sequence number to URL"). The lowest sequence
 * is the lot's primary image. The uploads issue writes these; the summary, preview and cover read them.
 */
@Entity({ tableName: 'lot_image' })
export class LotImage {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Lot, deleteRule: 'cascade' })
  @Index()
  lot!: Rel<Lot>;

  @Property({ type: 'smallint' })
  sequence!: number;

  @Property({ length: 1000 })
  url!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
