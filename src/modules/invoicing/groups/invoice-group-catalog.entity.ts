import { Entity, Index, ManyToOne, PrimaryKeyProp, type Rel } from '@mikro-orm/core';
import { Catalog } from '../../catalogs/catalog.entity';
import { InvoiceGroup } from './invoice-group.entity';

/** The sessions of an invoice group. A session can be in several groups as later results arrive. */
@Entity({ tableName: 'invoice_group_catalog' })
@Index({ properties: ['catalog'] })
export class InvoiceGroupCatalog {
  @ManyToOne({ entity: () => InvoiceGroup, primary: true, deleteRule: 'cascade' })
  group!: Rel<InvoiceGroup>;

  @ManyToOne({ entity: () => Catalog, primary: true, deleteRule: 'cascade' })
  catalog!: Rel<Catalog>;

  [PrimaryKeyProp]?: ['group', 'catalog'];
}
