import { InvoiceTemplate } from './invoice-template.entity';
import { TemplateFeeRow } from './template-fee-row.entity';
import { TemplateMessage } from './template-message.entity';
import { TemplateTaxRow } from './template-tax-row.entity';

export const TEMPLATE_ENTITIES = [InvoiceTemplate, TemplateTaxRow, TemplateFeeRow, TemplateMessage];
