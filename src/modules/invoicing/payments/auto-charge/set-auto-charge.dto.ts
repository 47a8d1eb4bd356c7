import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, ValidateIf } from 'class-validator';
import { AUTO_CHARGE_TEXT } from '@ar/rules';
import { idFromInput } from '../../../../core/validation/int4';
import { IsId } from '../../../../core/validation/is-id';
import { MAX_IDS, QUERY_TEXT } from '../../invoices/invoice-list-query';

/** The body of `POST /app/invoice/setAutoCharge` (the window itself is the service's rule). */
export class SetAutoChargeDto {
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'YYYY-MM-DD or MM/DD/YYYY, two to seven days after today in the house time zone; null removes the date.',
  })
  @ValidateIf((o: SetAutoChargeDto) => o.autoChargeDate !== null)
  @IsString({ message: AUTO_CHARGE_TEXT.invalidDate })
  autoChargeDate!: string | null;

  @ApiProperty({ type: 'array', items: { type: 'integer' }, maxItems: MAX_IDS })
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v: unknown) => idFromInput(v) ?? v) : value))
  @IsArray({ message: QUERY_TEXT.ids })
  @ArrayMinSize(1, { message: QUERY_TEXT.ids })
  @ArrayMaxSize(MAX_IDS, { message: QUERY_TEXT.ids })
  @IsId({ each: true, message: QUERY_TEXT.ids })
  invoiceIDs!: number[];
}
