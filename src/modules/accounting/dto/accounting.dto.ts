import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { ACCOUNTING_TEXT, EXPORT_FORMATS, type ExportFormat } from '@ar/rules';
import { EXPORT_FILE_KEYS, type ExportFileKey } from '../formats/export-files';

const EXPORT_FILE_TEXT = `File must be one of ${EXPORT_FILE_KEYS.join(', ')}.`;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * `PUT /api/accounting/accounts`. Required and length are checked by the shared rule
 * (accountMappingErrors) so the admin form and the server say the same words; here only the types.
 */
export class AccountMappingDto {
  @ApiProperty() @IsOptional() @IsString() salesAccount!: string;
  @ApiProperty() @IsOptional() @IsString() buyersPremiumAccount!: string;
  @ApiProperty() @IsOptional() @IsString() liveFeeAccount!: string;
  @ApiProperty() @IsOptional() @IsString() taxPayableAccount!: string;
  @ApiProperty() @IsOptional() @IsString() feesAccount!: string;
  @ApiProperty() @IsOptional() @IsString() commissionIncomeAccount!: string;
  @ApiProperty() @IsOptional() @IsString() consignorPayableAccount!: string;
  @ApiProperty() @IsOptional() @IsString() cardClearingAccount!: string;
}

/** A date range, both ends included (YYYY-MM-DD). */
export class DateRangeDto {
  @ApiProperty({ description: 'YYYY-MM-DD, included' }) @Matches(DATE, { message: ACCOUNTING_TEXT.date }) from!: string;
  @ApiProperty({ description: 'YYYY-MM-DD, included' }) @Matches(DATE, { message: ACCOUNTING_TEXT.date }) to!: string;
}

/** `POST /api/accounting/exports`. */
export class CreateExportDto extends DateRangeDto {
  @ApiProperty({ enum: EXPORT_FORMATS.map((f) => f.id) })
  @IsIn(EXPORT_FORMATS.map((f) => f.id), { message: ACCOUNTING_TEXT.format })
  format!: ExportFormat;
  @ApiPropertyOptional({ description: 'Export documents already exported in this format again (default false)' })
  @IsOptional()
  @IsBoolean()
  includeExported?: boolean;
}

/** `GET /api/accounting/exports/:id/download?file=`: which of the export's four files. */
export class ExportFileQueryDto {
  @ApiProperty({ enum: EXPORT_FILE_KEYS })
  @IsIn(EXPORT_FILE_KEYS, { message: EXPORT_FILE_TEXT })
  file!: ExportFileKey;
}
