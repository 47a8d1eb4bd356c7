import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { IdParam } from '../../../../core/http/id-param';
import { invoiceGroupNotFound } from '../../invoices/invoices.errors';
import { FieldErrors, INPUT_TEXT, invalid, isRecord, type Rec } from '../core/edit-input';
import { sentFields } from '../core/edit-input.validators';
import { DeliveryModeService } from './delivery-mode.service';
import { EDIT_VARIANTS, GroupDetailEditDto } from './group-detail-edit.dto';
import { parseDeliveryEntry, type DeliveryEntry } from './delivery-mode.rules';
import { LineVisibilityService } from './line-visibility.service';
import { parseVisibilityEntry, type VisibilityEntry } from './line-visibility.rules';
import { NotesService } from './notes.service';
import { parseNoteEntry, type NoteEntry } from './notes.rules';

export const VARIANTS = EDIT_VARIANTS;
export type VariantName = (typeof VARIANTS)[number];

/** Entries in one request (Bulk add note on a whole group). */
export const MAX_ENTRIES = 2000;

export const VARIANT_TEXT = {
  which: 'Send one of invoiceDetails, invoiceDetailPrice, invoiceNotes or invoiceItemDeliveryModes.',
  one: 'Send only one of invoiceDetails, invoiceDetailPrice, invoiceNotes or invoiceItemDeliveryModes.',
  entries: `Send one entry or a list of 1 to ${MAX_ENTRIES} entries.`,
} as const;

export type GroupDetailEdit =
  | { variant: 'visibility'; entries: VisibilityEntry[] }
  | { variant: 'notes'; entries: NoteEntry[] }
  | { variant: 'delivery'; entries: DeliveryEntry[] };

const KIND: Record<VariantName, GroupDetailEdit['variant']> = {
  invoiceDetails: 'visibility',
  invoiceDetailPrice: 'visibility',
  invoiceNotes: 'notes',
  invoiceItemDeliveryModes: 'delivery',
};

/**
 * Which variant a body is, and its entries. Wrapped: `{ invoiceNotes: entry | entry[] }` (the key
 * names the variant; a list changes several invoices, all or none). Flat: the entry itself, told
 * apart by its keys — `notes` is a note, `deliveryMode` a delivery mode, `suppress` or
 * `invoiceDetailID` a hide/show.
 */
export function parseGroupDetailEdit(body: unknown): GroupDetailEdit {
  if (!isRecord(body)) throw invalid({ body: INPUT_TEXT.body });
  const named = VARIANTS.filter((v) => Object.hasOwn(body, v));
  let variant: VariantName;
  let raw: unknown;
  let prefix: string;
  if (named.length > 1) throw invalid({ [named[1]]: VARIANT_TEXT.one });
  if (named.length === 1) {
    variant = named[0];
    const extra = Object.keys(body).filter((k) => k !== variant);
    if (extra.length) throw invalid({ [extra[0]]: INPUT_TEXT.unknown });
    raw = body[variant];
    prefix = variant;
  } else if (Object.hasOwn(body, 'notes')) [variant, raw, prefix] = ['invoiceNotes', body, ''];
  else if (Object.hasOwn(body, 'deliveryMode')) [variant, raw, prefix] = ['invoiceItemDeliveryModes', body, ''];
  else if (Object.hasOwn(body, 'suppress') || Object.hasOwn(body, 'invoiceDetailID')) [variant, raw, prefix] = ['invoiceDetails', body, ''];
  else throw invalid({ body: VARIANT_TEXT.which });

  const list = Array.isArray(raw) ? raw : [raw];
  if (!list.length || list.length > MAX_ENTRIES) throw invalid({ [prefix || 'body']: VARIANT_TEXT.entries });
  const e = new FieldErrors();
  const parse = KIND[variant] === 'notes' ? parseNoteEntry : KIND[variant] === 'delivery' ? parseDeliveryEntry : parseVisibilityEntry;
  const entries: unknown[] = [];
  list.forEach((item, i) => {
    const fe = prefix ? e.at(Array.isArray(raw) ? `${prefix}[${i}].` : `${prefix}.`) : e;
    if (!isRecord(item)) return fe.add('body', INPUT_TEXT.body);
    const entry = parse(item as Rec, fe);
    if (entry) entries.push(entry);
  });
  e.throwIfAny();
  return { variant: KIND[variant], entries } as GroupDetailEdit;
}

/** `POST /app/house/{houseRef}/invoiceGroup/{id}/groupDetailInfo` variants (spec 000 section 7). */
@ApiTags('invoice editing')
@Controller('app/house/:houseRef/invoiceGroup/:id')
export class GroupDetailEditsController {
  constructor(
    private readonly visibility: LineVisibilityService,
    private readonly notes: NotesService,
    private readonly delivery: DeliveryModeService,
  ) {}

  @RequireAccess('accessInvoices')
  @Post('groupDetailInfo')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Edits of the group's invoices, by variant: invoiceDetails / invoiceDetailPrice { invoiceID, invoiceDetailID, suppress, additionalCharge?, version? } (hide/show a lot, " +
      'or its additional charge); invoiceNotes { invoiceID, notes, version? }; invoiceItemDeliveryModes { invoiceID, deliveryMode: pickup|shipping, version? }. ' +
      'Wrapped ({ invoiceNotes: [..] }, a list is all-or-nothing) or flat (told apart by its keys). Answers { data: { success, invoiceID?, version?, invoice?, invoices } }.',
  })
  @ApiBody({ schema: { example: { invoiceNotes: [{ invoiceID: 101, notes: 'Collect Tuesday', version: 4 }] } } })
  async edit(@CurrentPrincipal() p: Principal, @IdParam('id', invoiceGroupNotFound) groupId: number, @Body() body: GroupDetailEditDto) {
    const edit = parseGroupDetailEdit(sentFields(body));
    switch (edit.variant) {
      case 'visibility':
        return { data: await this.visibility.setVisibility(p, groupId, edit.entries) };
      case 'notes':
        return { data: await this.notes.saveNotes(p, groupId, edit.entries) };
      case 'delivery':
        return { data: await this.delivery.setDeliveryModes(p, groupId, edit.entries) };
    }
  }
}
