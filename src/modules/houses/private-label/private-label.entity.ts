import { Entity, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../house.entity';

/**
 * A house's private-label settings (spec 001 "Private Label Settings"): the chosen font style,
 * font colour, button colour and language (ids of the lists in @ar/rules), whether past auctions
 * show, and the storage keys of the two logos. One row per house, written on the first save or upload.
 */
@Entity({ tableName: 'house_private_label' })
@Unique({ properties: ['house'] })
export class HousePrivateLabel {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ type: 'smallint', default: 1 })
  fontStyleId: number & Opt = 1;

  @Property({ type: 'smallint', default: 1 })
  fontColorId: number & Opt = 1;

  @Property({ type: 'smallint', default: 1 })
  buttonColorId: number & Opt = 1;

  @Property({ type: 'smallint', default: 1 })
  languageId: number & Opt = 1;

  @Property({ default: true })
  displayPastAuctions: boolean & Opt = true;

  /** FileStorage key of the console logo (240x65 JPEG), once uploaded. */
  @Property({ length: 200, nullable: true })
  consoleLogoKey?: string;

  @Property({ type: 'timestamptz', nullable: true })
  consoleLogoAt?: Date;

  /** FileStorage key of the site logo (350x100 JPEG), once uploaded. */
  @Property({ length: 200, nullable: true })
  siteLogoKey?: string;

  @Property({ type: 'timestamptz', nullable: true })
  siteLogoAt?: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date & Opt = new Date();
}
