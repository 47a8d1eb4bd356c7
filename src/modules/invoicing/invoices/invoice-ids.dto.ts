import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray } from 'class-validator';
import { idFromInput } from '../../../core/validation/int4';
import { IsId } from '../../../core/validation/is-id';
import { MAX_IDS, QUERY_TEXT } from './invoice-list-query';

/**
 * The body of `groupDetailInfoByInvoice`: the documented bare JSON array of invoice ids, numbers or
 * their digits (`@ArrayBody(InvoiceIdsDto, { field: 'invoiceIDs' })`). Each id becomes a number.
 */
export class InvoiceIdsDto {
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v: unknown) => idFromInput(v) ?? v) : value))
  @IsArray({ message: QUERY_TEXT.ids })
  @ArrayMaxSize(MAX_IDS, { message: QUERY_TEXT.ids })
  @IsId({ each: true, message: QUERY_TEXT.ids })
  invoiceIDs!: number[];
}
