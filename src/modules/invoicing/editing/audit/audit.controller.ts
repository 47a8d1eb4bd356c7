import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { IdParam } from '../../../../core/http/id-param';
import { invoiceNotFound } from '../../invoices/invoices.errors';
import { FieldErrors } from '../core/edit-input';
import { AUDIT_DEFAULT_SIZE, AUDIT_MAX_SIZE, AuditService } from './audit.service';

export const AUDIT_TEXT = {
  page: 'Page must be a whole number from 1 to 10000.',
  size: `Page size must be a whole number from 1 to ${AUDIT_MAX_SIZE}.`,
} as const;

/** `GET /app/house/{houseRef}/invoice/{id}/audit`: the invoice's changes, newest first (who, when, what, before and after). */
@ApiTags('invoice editing')
@Controller('app/house/:houseRef/invoice')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @RequireAccess('accessInvoices')
  @Get(':id/audit')
  @ApiOperation({
    summary:
      'The audit trail: { data: { invoiceID, entries: [{ id, createdAt, userName, action, actionText, lineId, lotNumber, before, after, changes }], totalRecords, page, size } }',
  })
  @ApiQuery({ name: 'page', required: false, description: 'From 1' })
  @ApiQuery({ name: 'size', required: false, description: `Entries per page, 1 to ${AUDIT_MAX_SIZE} (default ${AUDIT_DEFAULT_SIZE})` })
  async trail(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceNotFound) invoiceId: number,
    @Query('page') page?: string,
    @Query('size') size?: string,
  ) {
    const e = new FieldErrors();
    const pageNo = page === undefined ? 1 : wholeNumber(page, 10_000);
    const sizeNo = size === undefined ? AUDIT_DEFAULT_SIZE : wholeNumber(size, AUDIT_MAX_SIZE);
    if (pageNo === null) e.add('page', AUDIT_TEXT.page);
    if (sizeNo === null) e.add('size', AUDIT_TEXT.size);
    e.throwIfAny();
    return { data: await this.audit.trail(p.houseId, invoiceId, pageNo as number, sizeNo as number) };
  }
}

/** 1 to max, from a query parameter's text. */
function wholeNumber(raw: unknown, max: number): number | null {
  if (typeof raw !== 'string' || !/^\s*\d{1,6}\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}
