import { Injectable } from '@nestjs/common';
import { TemplateUsage } from './template-ports';

/**
 * No invoice, invoice-group or session table refers to templates yet, so nothing uses one.
 * TODO(invoice groups issue: "Invoice groups from uninvoiced sessions"): answer from the invoice
 * groups and invoices built from the template, and from sessions whose invoiceGroupSettingsID
 * names it, through the invoice-groups service.
 */
@Injectable()
export class NoInvoicesYetUsage implements TemplateUsage {
  async hasInvoices(_templateId: number): Promise<boolean> {
    return false;
  }

  async isInUse(_templateId: number): Promise<boolean> {
    return false;
  }
}

/**
 * A card-processor template's taxes are fixed once invoices exist for a sale using it (spec 000 §5).
 * Ordinary templates never ask.
 */
export async function taxesLocked(template: { id: number; payrixTemplate: boolean } | null, usage: TemplateUsage): Promise<boolean> {
  if (!template || !template.payrixTemplate) return false;
  return usage.hasInvoices(template.id);
}
