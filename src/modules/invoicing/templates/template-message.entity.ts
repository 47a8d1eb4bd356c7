import { Entity, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { InvoiceTemplate } from './invoice-template.entity';
import { TEMPLATE_LIMITS } from '@ar/rules';

/** A message printed on invoices (header and detail), ordered by a sequence unique in its template. */
@Entity({ tableName: 'template_message' })
@Unique({ properties: ['template', 'sequence'] })
export class TemplateMessage {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => InvoiceTemplate, deleteRule: 'cascade' })
  template!: Rel<InvoiceTemplate>;

  @Property({ length: TEMPLATE_LIMITS.messageHeader })
  header!: string;

  @Property({ type: 'text' })
  detail: string & Opt = '';

  @Property()
  sequence!: number;

  /** One of the two messages every new template starts with ('Payment Option(s)', 'Shipping Notes'). */
  @Property()
  isDefault: boolean & Opt = false;
}
