import { ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { InvoiceTemplate } from './invoice-template.entity';
import { TEMPLATE_LIMITS } from '@ar/rules';

/**
 * What a tax row and a fee row of a template share: they apply to bidders of a country (or ALL)
 * and state (or ALL), on the components they tick. Two tables, because the spec keeps taxes and fees
 * in separate sections with separate rules; one shape.
 */
export abstract class TemplateChargeRow {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => InvoiceTemplate, deleteRule: 'cascade' })
  template!: Rel<InvoiceTemplate>;

  /** Position in the template's list (0-based). */
  @Property()
  sequence!: number;

  /** The charge's name ("Sales Tax", "VAT", "Handling"). */
  @Property({ length: TEMPLATE_LIMITS.chargeName })
  name!: string;

  /** Thousandths of a percent (6.125 % = 6125), never a float. */
  @Property()
  rate!: number;

  /** A country code or ALL. */
  @Property({ length: 3 })
  countryCode!: string;

  /** A state code, ALL, or null where the country has no states. */
  @Property({ length: 10, nullable: true })
  stateCode?: string | null;

  @Property()
  onHammer!: boolean;

  @Property()
  onLiveFee!: boolean;

  @Property()
  onPremium!: boolean;
}
