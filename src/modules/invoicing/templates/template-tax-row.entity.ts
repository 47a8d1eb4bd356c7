import { Check, Entity, Index } from '@mikro-orm/core';
import { TemplateChargeRow } from './template-charge-row.base';

/** A tax of a template. */
@Entity({ tableName: 'template_tax_row' })
@Check({ name: 'template_tax_row_rate_check', expression: 'rate >= 0 and rate <= 100000' })
@Index({ properties: ['template', 'sequence'] })
export class TemplateTaxRow extends TemplateChargeRow {}
