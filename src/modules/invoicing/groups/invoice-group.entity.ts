import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { HouseAddress } from '../../houses/locations/house-address.entity';
import { InvoiceTemplate } from '../templates/invoice-template.entity';

/**
 * A batch of invoices built from one or more sessions that share a sale location (sales tax).
 * `invoiceCreated` stays false while the creation job runs; the list then shows the in-progress text.
 */
@Entity({ tableName: 'invoice_group' })
@Index({ properties: ['house', 'createdAt'] })
export class InvoiceGroup {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  /** invoiceGroupTitle: at most 50 characters. */
  @Property({ length: 50 })
  title!: string;

  @ManyToOne({ entity: () => InvoiceTemplate, deleteRule: 'restrict' })
  template!: Rel<InvoiceTemplate>;

  /** The sale location every session of the group shares. */
  @ManyToOne({ entity: () => HouseAddress, nullable: true, deleteRule: 'set null' })
  saleAddress?: Rel<HouseAddress> | null;

  @Property({ length: 3 })
  currencyCode!: string;

  @Property()
  invoiceCreated: boolean & Opt = false;

  /** The job building the invoices (progress at GET /api/jobs/:id). */
  @Property({ type: 'uuid', nullable: true })
  creationJobId?: string | null;

  /** Set when the creation job failed for good; the list then offers a retry. */
  @Property({ type: 'text', nullable: true })
  creationError?: string | null;

  @Property({ type: 'integer', nullable: true })
  createdByUserId?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
