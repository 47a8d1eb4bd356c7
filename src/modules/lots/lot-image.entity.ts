import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { Lot } from './lot.entity';

/**
 * An image of a lot (spec 001 "Lot images: map from sequence number to URL"). The lowest sequence
 * is the lot's primary image. The bulk image upload (images/) writes these; the summary, preview and
 * cover read them. One image per lot and sequence: a re-upload of the same name replaces it.
 */
@Entity({ tableName: 'lot_image' })
@Unique({ properties: ['lot', 'sequence'] })
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

  /** The display size (or an outside URL for images not made by the upload pipeline). */
  @Property({ length: 1000 })
  url!: string;

  @Property({ length: 1000, nullable: true })
  thumbUrl?: string;

  /** Storage keys of the uploaded original and its two renditions (null for outside URLs). */
  /** Indexed: the upload sweep asks whether a slot's key is some image's original. */
  @Property({ length: 512, nullable: true })
  @Index()
  originalKey?: string;

  @Property({ length: 512, nullable: true })
  displayKey?: string;

  @Property({ length: 512, nullable: true })
  thumbKey?: string;

  /** Of the original, after EXIF orientation. */
  @Property({ nullable: true })
  width?: number;

  @Property({ nullable: true })
  height?: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
