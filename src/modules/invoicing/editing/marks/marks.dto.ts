import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsOptional, ValidateIf, ValidateNested } from 'class-validator';
import { IsId } from '../../../../core/validation/is-id';
import { MARK_TEXT, MAX_BATCH_MARKS } from './marks.rules';

/*
 * The bodies of the four mark calls (spec 000 §7): the single form, or the batch form
 * `{ paidInvoices: [...] }` (the spec's name for all four calls). Types and the per-field checks
 * are declared here with the spec's messages; marks.rules.ts (`parseMarkRequest`) keeps the rules
 * that depend on other fields (a date and a method only when marking, invoiceDetailID by call,
 * dates not after today, duplicates in a batch, batch or single).
 */

/** Given and not blank ('' and null count as absent in the legacy forms). */
const given = (key: string) => (o: object) => !['', null, undefined].includes((o as Record<string, unknown>)[key] as never);
/** The single form: no batch list. */
const single = (o: object) => (o as { paidInvoices?: unknown }).paidInvoices === undefined;
const ID = { oneOf: [{ type: 'integer' }, { type: 'string' }] };

class MarkFieldsDto {
  @ApiPropertyOptional({ ...ID, description: 'The invoice (its invoiceID). Required in the single form.' })
  @ValidateIf(single)
  @IsId({ message: MARK_TEXT.invoiceID })
  invoiceID?: number | string;

  @ApiPropertyOptional({
    ...ID,
    description: 'The lot line (invoiceDetailID): required by the ByDetail calls, refused by the others (0 or null mean none).',
  })
  @Allow()
  invoiceDetailID?: number | string | null;

  @ApiPropertyOptional({
    ...ID,
    description: 'Paid marks: the payment method (GET invoiceGroup/{id}/payment-methods); required to mark paid. Ignored on shipped marks.',
  })
  @Allow()
  paymentMethodID?: number | string | null;

  @ApiPropertyOptional({
    type: 'integer',
    description: "The invoice's version as last read; a stale one answers 409 STALE_VERSION. Omitted: not checked.",
  })
  @ValidateIf(given('version'))
  @IsId({ message: MARK_TEXT.version })
  version?: number | string | null;
}

class PaidFieldsDto extends MarkFieldsDto {
  @ApiPropertyOptional({ description: 'true: mark paid; false: mark not paid (voids the offline payments the marks recorded).' })
  // Missing: the rules answer the same text (an unknown field alone then still answers UNKNOWN_FIELDS).
  @ValidateIf((o: PaidFieldsDto) => single(o) && given('paid')(o))
  @IsBoolean({ message: MARK_TEXT.flag('paid') })
  paid?: boolean;

  @ApiPropertyOptional({ example: '11/20/26', description: 'MM/DD/YY (MM/DD/YYYY accepted), not after today; required to mark paid.' })
  @Allow()
  paidDate?: string | null;
}

class ShippedFieldsDto extends MarkFieldsDto {
  @ApiPropertyOptional({ description: 'true: mark shipped (Picked Up on a pickup invoice); false: undo.' })
  @ValidateIf((o: ShippedFieldsDto) => single(o) && given('shipped')(o))
  @IsBoolean({ message: MARK_TEXT.flag('shipped') })
  shipped?: boolean;

  @ApiPropertyOptional({ example: '11/20/26', description: 'MM/DD/YY (MM/DD/YYYY accepted), not after today; required to mark shipped.' })
  @Allow()
  shippedDate?: string | null;
}

/** One mark of a batch: the single form's fields, each mark checked on its own. */
export class PaidMarkItemDto extends PaidFieldsDto {}
export class ShippedMarkItemDto extends ShippedFieldsDto {}

const BATCH = { description: `The batch form: a list of single-form marks, applied all or nothing (1 to ${MAX_BATCH_MARKS}).` };

export class PaidMarkDto extends PaidFieldsDto {
  @ApiPropertyOptional({ type: [PaidMarkItemDto], ...BATCH })
  @IsOptional()
  @IsArray({ message: MARK_TEXT.batchList })
  @ArrayMinSize(1, { message: MARK_TEXT.batchList })
  @ArrayMaxSize(MAX_BATCH_MARKS, { message: MARK_TEXT.batchList })
  @ValidateNested({ each: true })
  @Type(() => PaidMarkItemDto)
  paidInvoices?: PaidMarkItemDto[];
}

export class ShippedMarkDto extends ShippedFieldsDto {
  @ApiPropertyOptional({ type: [ShippedMarkItemDto], ...BATCH })
  @IsOptional()
  @IsArray({ message: MARK_TEXT.batchList })
  @ArrayMinSize(1, { message: MARK_TEXT.batchList })
  @ArrayMaxSize(MAX_BATCH_MARKS, { message: MARK_TEXT.batchList })
  @ValidateNested({ each: true })
  @Type(() => ShippedMarkItemDto)
  paidInvoices?: ShippedMarkItemDto[];
}
