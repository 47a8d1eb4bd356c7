import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { CALENDAR_MAX_PAGE_SIZE, CALENDAR_PAGE_SIZE } from '@ar/rules';
import { answersAs } from '../../../../core/errors/validation-exception.factory';
import { CalendarErrorCode } from '../calendar.errors';

const BAD_QUERY = answersAs(CalendarErrorCode.BAD_QUERY);

export const CALENDAR_QUERY_TEXT = {
  upcoming: 'Query parameter upcoming must be true or false.',
  page: 'Query parameter page must be a whole number from 1.',
  size: `Query parameter size must be a whole number from 1 to ${CALENDAR_MAX_PAGE_SIZE}.`,
} as const;

/** Up to nine digits as a number; absent or blank as absent; anything else NaN (refused). */
const wholeNumber = Transform(({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
});

const Whole = (message: string, max?: number) =>
  applyDecorators(
    wholeNumber,
    IsOptional(),
    IsInt({ message, ...BAD_QUERY }),
    Min(1, { message, ...BAD_QUERY }),
    ...(max === undefined ? [] : [Max(max, { message, ...BAD_QUERY })]),
  );

/** `GET auction-calendar?upcoming=true|false[&page=1&size=10]`: page and size are ours (docs/decisions/sales-calendar.md). */
export class AuctionCalendarQueryDto {
  @ApiProperty({ enum: ['true', 'false'], description: 'true: the Upcoming tab; false: Past' })
  @IsIn(['true', 'false'], { message: CALENDAR_QUERY_TEXT.upcoming, ...BAD_QUERY })
  upcoming!: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: '1-based, default 1' })
  @Whole(CALENDAR_QUERY_TEXT.page)
  page?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: CALENDAR_MAX_PAGE_SIZE,
    description: `sales per page, default ${CALENDAR_PAGE_SIZE}`,
  })
  @Whole(CALENDAR_QUERY_TEXT.size, CALENDAR_MAX_PAGE_SIZE)
  size?: number;
}
