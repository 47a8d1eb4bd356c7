import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import { answersAs } from '../../../../core/errors/validation-exception.factory';
import { InvoiceGroupsErrorCode } from '../invoice-groups.errors';
import { GROUP_LIST_MAX_SIZE, readFilterDate } from '../invoice-group-rules';
import { GROUP_TEXT } from '../invoice-group-texts';

/*
 * The documented queries of `invoiceCatalogs` and `invoiceGroups` (spec 000 §7, §9). Each check
 * answers as the calls document it: `400 { code, message }` (answersAs), no field map. The field
 * order is the order of the answers (page, then size, then the dates). The range rules spanning
 * both dates (order, not in the future) stay in invoice-group-rules.ts `dateRange`.
 */

const BAD_QUERY = answersAs(InvoiceGroupsErrorCode.BAD_QUERY);

/** Up to nine digits (surrounding spaces allowed) as a number; blank or absent as absent; anything else NaN, which the checks refuse. */
const wholeNumber = Transform(({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  const s = typeof value === 'string' ? value.trim() : '';
  return /^\d{1,9}$/.test(s) ? Number(s) : NaN;
});

const Page = () =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, description: '1-based, default 1' }),
    wholeNumber,
    IsOptional(),
    IsInt({ message: GROUP_TEXT.badPage, ...BAD_QUERY }),
    Min(1, { message: GROUP_TEXT.badPage, ...BAD_QUERY }),
  );

const Size = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: GROUP_LIST_MAX_SIZE, description }),
    wholeNumber,
    IsOptional(),
    IsInt({ message: GROUP_TEXT.badSize, ...BAD_QUERY }),
    Min(1, { message: GROUP_TEXT.badSize, ...BAD_QUERY }),
    Max(GROUP_LIST_MAX_SIZE, { message: GROUP_TEXT.badSize, ...BAD_QUERY }),
  );

const FilterDate = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ example: '03/15/2026', description }),
    ValidateBy(
      { name: 'isFilterDate', validator: { validate: (v: unknown) => readFilterDate(v) !== undefined } },
      { message: GROUP_TEXT.badDate, ...answersAs(InvoiceGroupsErrorCode.BAD_DATE_RANGE) },
    ),
  );

/** `GET invoiceCatalogs[?page=1&size=25]`. */
export class UninvoicedSessionsQueryDto {
  @Page() page?: number;
  @Size(`sales per page, default 25, at most ${GROUP_LIST_MAX_SIZE}`) size?: number;
}

/** `GET invoiceGroups?size=10&page={n}[&startDate=MM/DD/YYYY&endDate=MM/DD/YYYY]`. */
export class InvoiceGroupsQueryDto {
  @Page() page?: number;
  @Size(`default 10, at most ${GROUP_LIST_MAX_SIZE}`) size?: number;
  @FilterDate('MM/DD/YYYY: groups with a session on or after it') startDate?: string;
  @FilterDate('MM/DD/YYYY: groups with a session on or before it') endDate?: string;
}
