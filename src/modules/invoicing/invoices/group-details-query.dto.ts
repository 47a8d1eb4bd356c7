import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_PAGE_SIZE } from '../../../core/http/ra-list-query';
import { ValidationSummary } from '../../../core/http/validation-summary';
import { INVOICE_STATUS_FILTERS, type InvoiceStatusFilter, MAX_SEARCH, QUERY_TEXT } from './invoice-list-query';
import { INVOICES_TEXT } from './invoices.errors';

/** A whole number of at least 1 from its digits (spaces around allowed, no sign or leading zero); anything else as sent, to be refused. */
function wholeNumber({ value }: { value: unknown }): unknown {
  if (value === '') return undefined; // `?page=`: not given
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value.trim())) return value;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) ? n : value;
}

/**
 * groupDetailInfo's optional query (docs/decisions/invoice-details.md): `status`, `search`, `page`
 * and `size`, normalised here (status upper-cased, search trimmed, numbers read) and refused with
 * the documented message per parameter under 'The request is not valid.'. Without `size` every
 * matching invoice is answered; `groupDetailsCriteria` turns it into the read's criteria.
 */
@ValidationSummary(INVOICES_TEXT.invalidQuery)
export class GroupDetailsQueryDto {
  @ApiPropertyOptional({ enum: INVOICE_STATUS_FILTERS, description: 'Any case; blank or absent: ALL' })
  @Transform(({ value }) => (value === '' ? undefined : typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsOptional()
  @IsIn(INVOICE_STATUS_FILTERS, { message: QUERY_TEXT.status })
  status?: InvoiceStatusFilter;

  @ApiPropertyOptional({ maxLength: MAX_SEARCH, description: 'Bidder name, company or invoice number (contains); trimmed, blank: none' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsOptional()
  @IsString({ message: QUERY_TEXT.search })
  @MaxLength(MAX_SEARCH, { message: QUERY_TEXT.search })
  search?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'From 1 (with size)' })
  @Transform(wholeNumber)
  @IsOptional()
  @IsInt({ message: QUERY_TEXT.page })
  @Min(1, { message: QUERY_TEXT.page })
  page?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    description: `Invoices per page, 1 to ${MAX_PAGE_SIZE} (the screen uses 50, 100 or 200); absent: every matching invoice`,
  })
  @Transform(wholeNumber)
  @IsOptional()
  @IsInt({ message: QUERY_TEXT.size })
  @Min(1, { message: QUERY_TEXT.size })
  @Max(MAX_PAGE_SIZE, { message: QUERY_TEXT.size })
  size?: number;
}
