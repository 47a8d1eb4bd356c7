import { Entity, Index, ManyToOne, PrimaryKeyProp, Property, type Rel } from '@mikro-orm/core';
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

  /**
   * The session's calendar date (in its own time zone) when the group was created: the Existing
   * Invoices date filter reads it here instead of the catalogs module's table.
   */
  @Property({ type: 'date' })
  sessionDate!: string;

  [PrimaryKeyProp]?: ['group', 'catalog'];
}
