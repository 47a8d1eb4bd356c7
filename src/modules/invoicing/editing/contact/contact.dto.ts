import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { IsId } from '../../../../core/validation/is-id';
import { INPUT_TEXT } from '../core/edit-input';
import { CONTACT_TEXT, MAX_BULK_INVOICES } from './contact.rules';

/*
 * Bodies of the contact calls. Types and the simple per-field checks are declared here with the
 * spec's messages; contact.rules.ts still cleans the text (one-line subject, trimming) and applies
 * the rules that need it (blank after trimming, lengths in characters). Any other field is refused
 * by the global ValidationPipe.
 */

/** Not blank once control characters become spaces and the ends are trimmed (as contact.rules.ts cleans text). */
const NOT_BLANK = /[^\s\u0000-\u001f\u007f]/;

/** Given and not blank ('' and null count as absent in the legacy forms). */
const given = (key: string) => (o: object) => !['', null, undefined].includes((o as Record<string, unknown>)[key] as never);

const INVOICE_IDS = `Invoices of the group: 1 to ${MAX_BULK_INVOICES} ids.`;

/** Subject and message as both contact calls take them. */
class MessageDto {
  @ApiProperty({ description: 'Required, at most 200 characters (one line)' })
  @IsString({ message: CONTACT_TEXT.subjectRequired })
  @Matches(NOT_BLANK, { message: CONTACT_TEXT.subjectRequired })
  subject?: string;

  @ApiProperty({ description: 'Required, at most 10000 characters' })
  @IsString({ message: CONTACT_TEXT.messageRequired })
  @Matches(NOT_BLANK, { message: CONTACT_TEXT.messageRequired })
  message?: string;
}

export class ContactDto extends MessageDto {
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }], description: "The bidder: the invoice's memberID. Required." })
  @IsId({ message: CONTACT_TEXT.bidderID })
  bidderID?: number | string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    description: "The invoice the message is about (must be the bidder's). Without it: the bidder's latest invoice.",
  })
  @ValidateIf(given('invoiceID'))
  @IsId({ message: CONTACT_TEXT.invoiceID })
  invoiceID?: number | string | null;

  @ApiPropertyOptional({ description: "The sender's userRef (legacy); if sent it must be the signed-in user's." })
  @ValidateIf(given('houseUserRef'))
  @IsString({ message: CONTACT_TEXT.houseUserRef })
  houseUserRef?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    description:
      "The invoice's version as last read (like every invoice write); a stale one answers 409 STALE_VERSION. Omitted: not checked.",
  })
  @IsOptional()
  @IsId({ message: INPUT_TEXT.version })
  version?: number | null;
}

/** A selection of invoices of the group. */
class SelectionDto extends MessageDto {
  @ApiProperty({ type: [Number], description: INVOICE_IDS })
  @IsArray({ message: CONTACT_TEXT.invoiceIDs })
  @ArrayMinSize(1, { message: CONTACT_TEXT.invoiceIDs })
  @ArrayMaxSize(MAX_BULK_INVOICES, { message: CONTACT_TEXT.invoiceIDs })
  @IsId({ each: true, message: CONTACT_TEXT.invoiceIDs })
  invoiceIDs!: (number | string)[];
}

export class BulkContactDto extends SelectionDto {}

export class BulkNoteDto {
  @ApiProperty({ type: [Number], description: INVOICE_IDS })
  @IsArray({ message: CONTACT_TEXT.invoiceIDs })
  @ArrayMinSize(1, { message: CONTACT_TEXT.invoiceIDs })
  @ArrayMaxSize(MAX_BULK_INVOICES, { message: CONTACT_TEXT.invoiceIDs })
  @IsId({ each: true, message: CONTACT_TEXT.invoiceIDs })
  invoiceIDs!: (number | string)[];

  @ApiProperty({ description: 'Required, at most 2000 characters; appended to each internal note' })
  @IsString({ message: CONTACT_TEXT.noteRequired })
  @Matches(NOT_BLANK, { message: CONTACT_TEXT.noteRequired })
  notes?: string;
}
