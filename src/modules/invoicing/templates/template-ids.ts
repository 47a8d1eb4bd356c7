import { idFromInput } from '../../../core/validation/int4';
import { TEMPLATE_TEXT } from '@ar/rules';
import { InvoiceTemplatesError } from './templates.errors';

/**
 * A template id as a request names it: a positive int4 from a number or digits, 0 / blank / absent
 * as null (none: the new-template defaults, or a new template), anything else undefined.
 */
export function templateIdOf(raw: unknown): number | null | undefined {
  if (raw === undefined || raw === null || raw === '' || raw === 0 || raw === '0') return null;
  const id = idFromInput(raw);
  if (id !== null) return id;
  return typeof raw === 'string' && /^\s*0+\s*$/.test(raw) ? null : undefined;
}

/** The answer for a path id that names no template of the house (`@IdParam('id', templateNotFound)`). */
export const templateNotFound = (): InvoiceTemplatesError => InvoiceTemplatesError.notFound();

/**
 * Which template a documented save edits: groupSettingsID when given, else invoiceGroupID (which
 * the GET answers as the template's id again, 0 for a new template); null creates a template.
 */
export function editedTemplateId(body: { groupSettingsID?: unknown; invoiceGroupID?: unknown }): number | null {
  const settings = templateIdOf(body.groupSettingsID);
  const group = templateIdOf(body.invoiceGroupID);
  if (settings === undefined) throw InvoiceTemplatesError.invalid({ groupSettingsID: TEMPLATE_TEXT.badTemplateId });
  if (group === undefined) throw InvoiceTemplatesError.invalid({ invoiceGroupID: TEMPLATE_TEXT.badTemplateId });
  if (settings && group && settings !== group) throw InvoiceTemplatesError.invalid({ invoiceGroupID: TEMPLATE_TEXT.idsDisagree });
  return settings ?? group ?? null;
}
