import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TemplateUsage } from './template-ports';

/**
 * A template is used once an invoice group is built from it: the group's invoices carry its taxes,
 * fees and messages. Such a template cannot be deleted, and a card-processor template's taxes are
 * fixed (spec 000 §5: 'A tax type cannot be changed or added once invoices exist for a sale').
 * A group counts from the moment it is created, while its invoices are still being built, so
 * nothing can change under the creation job.
 */
@Injectable()
export class InvoiceGroupTemplateUsage implements TemplateUsage {
  constructor(private readonly em: EntityManager) {}

  async hasInvoices(templateId: number): Promise<boolean> {
    return this.groupUses(templateId);
  }

  async isInUse(templateId: number): Promise<boolean> {
    return this.groupUses(templateId);
  }

  private async groupUses(templateId: number): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute('select exists (select 1 from invoice_group where template_id = ?) as used', [templateId]);
    return rows[0]?.used === true;
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
