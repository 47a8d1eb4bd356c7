import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { HouseAddress } from '../../houses/locations/house-address.entity';
import { HouseContact } from '../../houses/staff/house-contact.entity';
import { Catalog } from '../catalog.entity';

/** The category tree sessions are listed under: groups (no parent) and their subcategories. Seeded by its migration. */
@Entity({ tableName: 'category' })
export class Category {
  @PrimaryKey({ autoincrement: false })
  id!: number;

  @ManyToOne({ entity: () => Category, nullable: true, deleteRule: 'cascade' })
  parent?: Rel<Category>;

  @Property({ length: 80 })
  name!: string;

  @Property({ type: 'smallint' })
  sortOrder!: number;
}

/** A session's categories (1 to 8 subcategories). */
@Entity({ tableName: 'catalog_category' })
@Unique({ properties: ['catalog', 'category'] })
export class CatalogCategory {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => Catalog, deleteRule: 'cascade' })
  catalog!: Rel<Catalog>;

  @ManyToOne({ entity: () => Category, deleteRule: 'cascade' })
  @Index()
  category!: Rel<Category>;
}

/** A session's post-sale state on one channel (0 not available, 1 view only, 2 available). */
@Entity({ tableName: 'catalog_channel' })
@Unique({ properties: ['catalog', 'channelId'] })
export class CatalogChannel {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => Catalog, deleteRule: 'cascade' })
  catalog!: Rel<Catalog>;

  @Property({ type: 'smallint' })
  channelId!: number;

  @Property({ type: 'smallint' })
  value!: number;
}

/** Contacts and viewing notes saved as defaults for new sessions at one house address. */
@Entity({ tableName: 'address_session_defaults' })
export class AddressSessionDefaults {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => HouseAddress, deleteRule: 'cascade', unique: true })
  address!: Rel<HouseAddress>;

  @ManyToOne({ entity: () => HouseContact, nullable: true, deleteRule: 'set null' })
  consignContact?: Rel<HouseContact> | null;

  @ManyToOne({ entity: () => HouseContact, nullable: true, deleteRule: 'set null' })
  saleAdmin?: Rel<HouseContact> | null;

  @ManyToOne({ entity: () => HouseContact, nullable: true, deleteRule: 'set null' })
  expertContact?: Rel<HouseContact> | null;

  @Property({ length: 2500, nullable: true })
  viewNotes?: string | null;
}

export const SESSION_WIZARD_ENTITIES = [Category, CatalogCategory, CatalogChannel, AddressSessionDefaults];
