import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PREVIEW_SEARCH_MAX, SUMMARY_PAGE_SIZES } from '@ar/rules';
import { answersAs } from '../../../../core/errors/validation-exception.factory';

const BAD_QUERY = answersAs('BAD_QUERY');

export const PREVIEW_QUERY_TEXT = {
  page: 'Query parameter page must be a whole number from 1.',
  size: `Query parameter size must be one of ${SUMMARY_PAGE_SIZES.join(', ')}.`,
  search: `Query parameter search must be ${PREVIEW_SEARCH_MAX} characters or less.`,
} as const;

/** Up to nine digits as a number; absent or blank as absent; anything else NaN (refused). */
const wholeNumber = Transform(({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
});

/** `GET .../preview[?search=&page=1&size=50]`: the grid a page at a time (docs/decisions/summary-publish.md). */
export class PreviewQueryDto {
  @ApiPropertyOptional({ description: 'Matches lot number (with extension), inventory number or title' })
  @IsOptional()
  @IsString({ message: PREVIEW_QUERY_TEXT.search, ...BAD_QUERY })
  @MaxLength(PREVIEW_SEARCH_MAX, { message: PREVIEW_QUERY_TEXT.search, ...BAD_QUERY })
  search?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: '1-based, default 1' })
  @wholeNumber
  @IsOptional()
  @IsInt({ message: PREVIEW_QUERY_TEXT.page, ...BAD_QUERY })
  @Min(1, { message: PREVIEW_QUERY_TEXT.page, ...BAD_QUERY })
  page?: number;

  @ApiPropertyOptional({ enum: SUMMARY_PAGE_SIZES, description: 'lots per page, default 50' })
  @wholeNumber
  @IsOptional()
  @IsIn([...SUMMARY_PAGE_SIZES], { message: PREVIEW_QUERY_TEXT.size, ...BAD_QUERY })
  size?: number;
}
