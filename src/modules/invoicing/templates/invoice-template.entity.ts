import { Collection, Entity, Index, ManyToOne, OneToMany, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { HouseAddress } from '../../houses/locations/house-address.entity';
import { TemplateTaxRow } from './template-tax-row.entity';
import { TemplateFeeRow } from './template-fee-row.entity';
import { TemplateMessage } from './template-message.entity';
import { TEMPLATE_LIMITS } from '@ar/rules';

/**
 * An invoice template (the spec's "invoice group settings"): the email settings, the taxes and
 * fees and the messages every invoice of a group is built from. Its rows are replaced as a whole
 * on every save, in one transaction, and `version` guards against concurrent edits.
 */
@Entity({ tableName: 'invoice_template' })
@Index({ properties: ['house'] })
export class InvoiceTemplate {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ length: TEMPLATE_LIMITS.groupName })
  groupName!: string;

  @Property({ length: TEMPLATE_LIMITS.subject })
  subject!: string;

  /** Reply-to name. */
  @Property({ length: TEMPLATE_LIMITS.fromName })
  fromName!: string;

  /** Reply-to email. */
  @Property({ length: TEMPLATE_LIMITS.fromEmail })
  fromEmail!: string;

  @Property({ length: TEMPLATE_LIMITS.bccEmail, nullable: true })
  bccEmail?: string | null;

  /** The house location printed on invoices. */
  @ManyToOne({ entity: () => HouseAddress, nullable: true, deleteRule: 'set null' })
  houseAddress?: Rel<HouseAddress> | null;

  /** Additional charges per lot (true) or per invoice (false): exclusive, fixed after creation. */
  @Property()
  chargesPerLot: boolean & Opt = false;

  @Property()
  payPal: boolean & Opt = false;

  @Property({ length: TEMPLATE_LIMITS.payPalEmail, nullable: true })
  payPalEmail?: string | null;

  /** Created while the house used the card processor (processor p, enrolled). */
  @Property()
  payrixTemplate: boolean & Opt = false;

  /** An inactive card-processor template is read-only. */
  @Property()
  active: boolean & Opt = true;

  /** Bumped on every save; a save naming an older version is refused (409). */
  @Property()
  version: number & Opt = 1;

  @OneToMany({ entity: () => TemplateTaxRow, mappedBy: 'template', orderBy: { sequence: 'asc' } })
  taxRows = new Collection<TemplateTaxRow>(this);

  @OneToMany({ entity: () => TemplateFeeRow, mappedBy: 'template', orderBy: { sequence: 'asc' } })
  feeRows = new Collection<TemplateFeeRow>(this);

  @OneToMany({ entity: () => TemplateMessage, mappedBy: 'template', orderBy: { sequence: 'asc' } })
  messages = new Collection<TemplateMessage>(this);

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
