import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { LOT_TEXT, REALIZED_TEXT } from '@ar/rules';
import { SHEET_MAX_ROWS } from '../../spreadsheets/sheet-reader';

const given = (v: unknown) => v !== null && v !== undefined;

/**
 * A realized-price row (001 section 3): lotNumber, lotExt, realizedPrice, invNumber, plus the
 * legacy changeUserID (accepted, ignored: the signed-in user is recorded). Numbers may come as
 * JSON numbers or text; the shared rules (@ar/rules realized-prices) check the values.
 */
export class RealizedRowDto {
  @ApiPropertyOptional({ description: 'Digits, up to 8; or give invNumber' })
  @ValidateIf((o: RealizedRowDto) => given(o.lotNumber) && typeof o.lotNumber !== 'number')
  @IsString({ message: LOT_TEXT.numberDigits })
  @MaxLength(8, { message: LOT_TEXT.numberTooLong })
  lotNumber?: string | number | null;

  @ApiPropertyOptional({ description: 'One letter A-Z' })
  @IsOptional()
  @IsString({ message: LOT_TEXT.extension })
  @MaxLength(1, { message: LOT_TEXT.extension })
  lotExt?: string | null;

  @ApiPropertyOptional({ description: 'Matches the lot when there is no lot number' })
  @IsOptional()
  @IsString()
  @MaxLength(32, { message: LOT_TEXT.inventoryTooLong })
  invNumber?: string | null;

  @ApiProperty({ description: 'Amount with up to two decimals; 0 = unsold (Passed)', example: '1250.00' })
  @ValidateIf((o: RealizedRowDto) => given(o.realizedPrice) && typeof o.realizedPrice !== 'number')
  @IsString({ message: REALIZED_TEXT.numeric })
  @MaxLength(32, { message: REALIZED_TEXT.numeric })
  realizedPrice?: string | number | null;

  @ApiPropertyOptional({ description: 'Accepted and ignored: the signed-in user is recorded' })
  @IsOptional()
  @IsInt()
  changeUserID?: number;
}

/** `lots/realized`: a bare JSON array of rows (read through @ArrayBody as `lots`). */
export class RealizedRowsDto {
  @IsArray()
  @ArrayMaxSize(SHEET_MAX_ROWS)
  @ValidateNested({ each: true })
  @Type(() => RealizedRowDto)
  lots!: RealizedRowDto[];
}

export class IncludePremiumDto {
  @ApiProperty({ description: "Whether the published prices include the buyer's premium" })
  @IsBoolean()
  includePremium!: boolean;
}

/** The upload's multipart text fields (the file is `fileData`). */
export class RealizedUploadDto {
  @ApiPropertyOptional({ description: 'Accepted: one realized-prices format' })
  @IsOptional()
  @IsString()
  @IsIn(['', 'realized', 'standard', 'Standard'])
  csvType?: string;

  @ApiProperty({ description: 'The session (catalog) id' }) @IsString() catalogID!: string;
  @ApiPropertyOptional({ description: 'Accepted and ignored: packages are not modelled' }) @IsOptional() @IsString() packageID?: string;
}
