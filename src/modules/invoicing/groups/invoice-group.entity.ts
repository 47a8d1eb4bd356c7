import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { HouseAddress } from '../../houses/locations/house-address.entity';
import { InvoiceTemplate } from '../templates/invoice-template.entity';
import { ELLIPSIS, GROUP_NAME_MAX } from '../math/statuses';

/** 50 characters and '...'. */
export const GROUP_TITLE_COLUMN = GROUP_NAME_MAX + ELLIPSIS.length;

/**
 * A batch of invoices built from one or more sessions that share a sale location (sales tax).
 * `invoiceCreated` stays false while the creation job runs; the list then shows the in-progress text.
 */
@Entity({ tableName: 'invoice_group' })
@Index({ properties: ['house', 'createdAt'] })
@Unique({ properties: ['house', 'idempotencyKey'] })
export class InvoiceGroup {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  /**
   * invoiceGroupTitle. The spec: 'Group name max 50 characters; longer text is cut with '...'
   * appended', so a stored title is at most 50 characters plus the three dots.
   */
  @Property({ length: GROUP_TITLE_COLUMN })
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

  /** The `Idempotency-Key` the creating request carried: the same key answers this group again. */
  @Property({ length: 100, nullable: true })
  idempotencyKey?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
