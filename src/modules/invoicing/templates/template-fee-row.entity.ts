import { Check, Entity, Index } from '@mikro-orm/core';
import { TemplateChargeRow } from './template-charge-row.base';

/** A fee of a template (not a tax): carried in the line's Other, labelled by its name. */
@Entity({ tableName: 'template_fee_row' })
@Check({ name: 'template_fee_row_rate_check', expression: 'rate >= 0 and rate <= 100000' })
@Index({ properties: ['template', 'sequence'] })
export class TemplateFeeRow extends TemplateChargeRow {}
