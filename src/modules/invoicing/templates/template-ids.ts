import { DomainError } from '../../../core/errors/domain-error';
import { TEMPLATE_TEXT } from '@ar/rules';
import { InvoiceTemplatesError } from './templates.errors';

const MAX_ID = 2_147_483_647;

/** A positive int4 id from a number or digits, 0 / blank / absent as null, anything else undefined. */
function idOf(raw: unknown): number | null | undefined {
  if (raw === undefined || raw === null || raw === '' || raw === 0 || raw === '0') return null;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= MAX_ID ? n : n === 0 ? null : undefined;
}

/** `?groupSettingsID=`: blank, absent or 0 asks for the new-template defaults. */
export function queryTemplateId(raw: unknown): number | null {
  const id = idOf(raw);
  if (id === undefined) throw new DomainError('bad_request', 'BAD_QUERY', TEMPLATE_TEXT.badTemplateId);
  return id;
}

/** A template id in a path: anything but a positive int4 names no template (404). */
export function pathTemplateId(raw: string): number {
  const id = idOf(raw);
  if (!id) throw InvoiceTemplatesError.notFound();
  return id;
}

/**
 * Which template a documented save edits: groupSettingsID when given, else invoiceGroupID (which
 * the GET answers as the template's id again, 0 for a new template); null creates a template.
 */
export function editedTemplateId(body: { groupSettingsID?: unknown; invoiceGroupID?: unknown }): number | null {
  const settings = idOf(body.groupSettingsID);
  const group = idOf(body.invoiceGroupID);
  if (settings === undefined) throw InvoiceTemplatesError.invalid({ groupSettingsID: TEMPLATE_TEXT.badTemplateId });
  if (group === undefined) throw InvoiceTemplatesError.invalid({ invoiceGroupID: TEMPLATE_TEXT.badTemplateId });
  if (settings && group && settings !== group) throw InvoiceTemplatesError.invalid({ invoiceGroupID: TEMPLATE_TEXT.idsDisagree });
  return settings ?? group ?? null;
}
