import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/**
 * The house's tax settings as `PUT /api/house-tax` takes them. Only the type is checked here; the
 * rule and its texts live in `@ar/rules` (`vatRateError`) so the form and the server answer alike.
 */
export class HouseTaxDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'VAT rate in percent as text, 0-100 with up to three decimals ("17.5"); blank or null: no VAT',
  })
  @IsOptional()
  @IsString()
  vatRate?: string | null;

  @ApiPropertyOptional({ description: 'Ignored (the record answered by GET may be sent back whole)' })
  @IsOptional()
  @IsString()
  id?: string;
}
