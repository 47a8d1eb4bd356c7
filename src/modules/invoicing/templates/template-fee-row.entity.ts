import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { InvoiceTemplate } from './invoice-template.entity';
import { TEMPLATE_LIMITS } from './template-texts';

/** A fee of a template (not a tax): applies to bidders of a country (or ALL) and state (or ALL), on the components it ticks. */
@Entity({ tableName: 'template_fee_row' })
@Check({ name: 'template_fee_row_rate_check', expression: 'rate >= 0 and rate <= 100000' })
@Index({ properties: ['template', 'sequence'] })
export class TemplateFeeRow {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => InvoiceTemplate, deleteRule: 'cascade' })
  template!: Rel<InvoiceTemplate>;

  /** Position in the template's list (0-based). */
  @Property()
  sequence!: number;

  /** The fee's name ("Handling", "Card fee"). */
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
