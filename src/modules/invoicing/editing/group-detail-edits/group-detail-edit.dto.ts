import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ValidateIf } from 'class-validator';
import { FieldErrors, type Rec } from '../core/edit-input';
import { ReadsAs, sentFields } from '../core/edit-input.validators';
import { parseDeliveryEntry } from './delivery-mode.rules';
import { parseVisibilityEntry } from './line-visibility.rules';
import { parseNoteEntry } from './notes.rules';

/** The wrapper keys, one per variant (the controller's VARIANTS). */
export const EDIT_VARIANTS = ['invoiceDetails', 'invoiceDetailPrice', 'invoiceNotes', 'invoiceItemDeliveryModes'] as const;

const flat = (o: object) => !EDIT_VARIANTS.some((w) => (o as Rec)[w] !== undefined);

/** A flat body read by its variant's entry reader (told apart by its keys, as parseGroupDetailEdit does). */
function readFlat(dto: Rec, e: FieldErrors): void {
  const o = sentFields(dto);
  if (Object.hasOwn(o, 'notes')) parseNoteEntry(o, e);
  else if (Object.hasOwn(o, 'deliveryMode')) parseDeliveryEntry(o, e);
  else if (Object.hasOwn(o, 'suppress') || Object.hasOwn(o, 'invoiceDetailID')) parseVisibilityEntry(o, e);
}

/** A field of the flat form: its message from the variant's reader (a key of another variant: "Unknown field."). */
const Flat = (): PropertyDecorator => (target, key) => {
  ValidateIf(flat)(target, key);
  ReadsAs((o, _k, e) => readFlat(o, e))(target, key);
};

const ID = { oneOf: [{ type: 'integer' }, { type: 'string' }] };
const ENTRIES = (entry: string) => ({
  description: `Wrapped form: ${entry}, or a list of them (1 to 2,000, all or none). Each entry is checked by the rules, keyed [i].field.`,
  oneOf: [{ type: 'object' }, { type: 'array', items: { type: 'object' } }],
});

/*
 * The body of `POST invoiceGroup/{id}/groupDetailInfo` (spec 000 §7): wrapped (`{ invoiceNotes: entry
 * | entry[] }`, one of four keys) or flat (one entry, its variant told apart by its keys). Declared so
 * the call takes only these keys (anything else is UNKNOWN_FIELDS) and a flat entry is checked by the
 * variant's own reader, word for word. The wrapped entries, the choice of variant and the list's
 * length stay with parseGroupDetailEdit (group-detail-edits.controller.ts), which keys its messages
 * `invoiceNotes[0].notes`.
 */
export class GroupDetailEditDto {
  @ApiPropertyOptional(ENTRIES('{ invoiceID, invoiceDetailID, suppress, additionalCharge?, version? } (hide/show a lot)'))
  @Allow()
  invoiceDetails?: unknown;

  @ApiPropertyOptional(ENTRIES('as invoiceDetails (the additional-charge row)'))
  @Allow()
  invoiceDetailPrice?: unknown;

  @ApiPropertyOptional(ENTRIES('{ invoiceID, notes, version? }'))
  @Allow()
  invoiceNotes?: unknown;

  @ApiPropertyOptional(ENTRIES('{ invoiceID, deliveryMode: pickup|shipping, version? }'))
  @Allow()
  invoiceItemDeliveryModes?: unknown;

  @ApiPropertyOptional({ ...ID, description: 'Flat form: the invoice.' })
  @Flat()
  invoiceID?: number | string;

  @ApiPropertyOptional({ description: 'Flat hide/show: the additional-charge row instead of a lot.' })
  @Flat()
  additionalCharge?: boolean | string | number | null;

  @ApiPropertyOptional({ ...ID, description: 'Flat hide/show: the lot line (not with additionalCharge).' })
  @Flat()
  invoiceDetailID?: number | string | null;

  @ApiPropertyOptional({ type: 'integer', description: "The invoice's version as last read; a stale one answers 409." })
  @Flat()
  version?: number | string | null;

  @ApiPropertyOptional({ description: 'Flat hide/show: true hides.' })
  @Flat()
  suppress?: boolean | string | number | null;

  @ApiPropertyOptional({ description: 'Flat note: the note text.' })
  @Flat()
  notes?: string;

  @ApiPropertyOptional({ enum: ['pickup', 'shipping'], description: 'Flat delivery mode.' })
  @Flat()
  deliveryMode?: string;
}
