import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateBy } from 'class-validator';
import { SALES_TAX_FIRST_YEAR, SALES_TAX_MAX_PAGE_SIZE, SALES_TAX_SORTS, SALES_TAX_TEXT, type SalesTaxSort } from '@ar/rules';
import { ValidationSummary } from '../../../../core/http/validation-summary';

/** Digits to a number (spaces around allowed); blank is "not given"; anything else as sent, to be refused. */
function wholeNumber({ value }: { value: unknown }): unknown {
  if (value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) return value;
  return Number(value.trim());
}
const upper = ({ value }: { value: unknown }) =>
  value === '' ? undefined : typeof value === 'string' ? value.trim().toUpperCase() : value;

/** Not after the current year (UTC): the filter offers 2023 up to now. */
const NotAfterThisYear = () =>
  ValidateBy({
    name: 'notAfterThisYear',
    validator: {
      validate: (v: unknown) => typeof v === 'number' && v <= new Date().getUTCFullYear(),
      defaultMessage: () => SALES_TAX_TEXT.year(new Date().getUTCFullYear()),
    },
  });

/**
 * GET /app/house/{houseRef}/salesTaxReport's query (spec 001 section 7: optional year, month 1-12,
 * state), plus the table's paging and sorting (ours: page, size, sort, order).
 */
@ValidationSummary(SALES_TAX_TEXT.invalidQuery)
export class SalesTaxReportQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: SALES_TAX_FIRST_YEAR, description: 'From 2023 to the current year; absent: All years' })
  @Transform(wholeNumber)
  @IsOptional()
  @IsInt({ message: () => SALES_TAX_TEXT.year(new Date().getUTCFullYear()) })
  @Min(SALES_TAX_FIRST_YEAR, { message: () => SALES_TAX_TEXT.year(new Date().getUTCFullYear()) })
  @NotAfterThisYear()
  year?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 12, description: '1-12; absent: All months' })
  @Transform(wholeNumber)
  @IsOptional()
  @IsInt({ message: SALES_TAX_TEXT.month })
  @Min(1, { message: SALES_TAX_TEXT.month })
  @Max(12, { message: SALES_TAX_TEXT.month })
  month?: number;

  @ApiPropertyOptional({ description: 'US state code from GET /app/states?country=US (any case); absent: every state' })
  @Transform(upper)
  @IsOptional()
  @IsString({ message: SALES_TAX_TEXT.state })
  state?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @Transform(wholeNumber)
  @IsOptional()
  @IsInt({ message: SALES_TAX_TEXT.page })
  @Min(1, { message: SALES_TAX_TEXT.page })
  page?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: SALES_TAX_MAX_PAGE_SIZE,
    default: 50,
    description: 'The screen uses 50, 100 or 200',
  })
  @Transform(wholeNumber)
  @IsOptional()
  @IsInt({ message: SALES_TAX_TEXT.size })
  @Min(1, { message: SALES_TAX_TEXT.size })
  @Max(SALES_TAX_MAX_PAGE_SIZE, { message: SALES_TAX_TEXT.size })
  size?: number;

  @ApiPropertyOptional({ enum: SALES_TAX_SORTS, default: 'startDate' })
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsOptional()
  @IsIn(SALES_TAX_SORTS, { message: SALES_TAX_TEXT.sort })
  sort?: SalesTaxSort;

  @ApiPropertyOptional({ enum: ['ASC', 'DESC'], description: 'Default DESC for startDate, ASC otherwise' })
  @Transform(upper)
  @IsOptional()
  @IsIn(['ASC', 'DESC'], { message: SALES_TAX_TEXT.order })
  order?: 'ASC' | 'DESC';
}
