import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { InvoiceDetailsService } from './invoice-details.service';
import { criteriaFromRa, DEFAULT_SORT, INVOICE_SORTABLE } from './invoice-list-query';
import { invoiceNotFound } from './invoices.errors';
import { InvoiceView } from './invoice.view';

export type InvoiceRecordView = InvoiceView & { id: number };

const record = (v: InvoiceView): InvoiceRecordView => ({ id: v.invoiceID, ...v });

/**
 * `/api/invoices` for react-admin (ra-data-simple-rest) and API consumers: the documented Invoice
 * shape plus `id`. Filtering, searching, sorting and paging happen in the database.
 */
@ApiTags('invoices')
@Controller('api/invoices')
export class InvoicesController {
  constructor(private readonly details: InvoiceDetailsService) {}

  @RequireAccess('accessInvoices')
  @Get()
  @ApiOperation({
    summary:
      'List: ?sort=["invoiceNumber","ASC"]&range=[0,49]&filter={"invoiceGroupId":1,"status":"UNPAID","q":"smith","id":[..]}; ' +
      `sort by ${INVOICE_SORTABLE.join(', ')}; total in Content-Range; records without invoiceDetails`,
  })
  async list(@CurrentPrincipal() p: Principal, @Query() query: RaListQueryDto, @Res({ passthrough: true }) res: Response) {
    const q = parseRaListQuery(query, { sortable: INVOICE_SORTABLE, defaultSort: DEFAULT_SORT, defaultLimit: 50 });
    const { records, total } = await this.details.list(p.houseId, criteriaFromRa(q));
    res.setHeader('Content-Range', contentRange('invoices', q.offset, records.length, total));
    return records.map(record);
  }

  @RequireAccess('accessInvoices')
  @Get(':id')
  @ApiOperation({ summary: 'One invoice with every line (invoiceDetails, hidden lines flagged suppress)' })
  async getOne(@CurrentPrincipal() p: Principal, @IdParam('id', invoiceNotFound) id: number) {
    return record(await this.details.getOne(p.houseId, id));
  }
}
