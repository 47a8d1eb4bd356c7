import { Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { CreateInvoiceGroupDto } from './dto/create-invoice-group.dto';
import { InvoiceGroupsQueryDto, UninvoicedSessionsQueryDto } from './dto/group-list-query.dto';
import { dateRange, EXISTING_PAGE_SIZE, idempotencyKey, paging, groupNotFound, UNINVOICED_PAGE_SIZE } from './invoice-group-rules';
import { InvoiceGroupsService } from './invoice-groups.service';

/** The Manage All Invoices calls (spec 000 §7), in their documented shapes. */
@ApiTags('invoice groups')
@Controller('app/house/:houseRef')
export class InvoiceGroupsController {
  constructor(private readonly groups: InvoiceGroupsService) {}

  @RequireAccess('accessInvoices')
  @Get('invoiceCatalogs')
  @ApiOperation({
    summary:
      'Uninvoiced sessions grouped by sale: data.auctionGroups [{ groupID, groupName, catalogs }], data.totalRecords (sales); 25 sales a page',
  })
  async invoiceCatalogs(@CurrentPrincipal() p: Principal, @Query() query: UninvoicedSessionsQueryDto) {
    const pg = paging(query, UNINVOICED_PAGE_SIZE);
    const { auctionGroups, totalRecords } = await this.groups.uninvoicedSessions(p.houseId, pg);
    return { data: { auctionGroups, totalRecords, page: pg.page, size: pg.size } };
  }

  @RequireAccess('accessInvoices')
  @Post('invoiceGroup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Creates an invoice group and enqueues the creation of its invoices: data.invoiceGroupID' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key answers the group it created' })
  async create(@CurrentPrincipal() p: Principal, @Body() body: CreateInvoiceGroupDto, @Headers('idempotency-key') key?: string) {
    const created = await this.groups.create(p.houseId, p.userId, body, idempotencyKey(key));
    return { data: { invoiceGroupID: created.invoiceGroupID, creationJobID: created.creationJobID } };
  }

  @RequireAccess('accessInvoices')
  @Get('invoiceGroups')
  @ApiOperation({ summary: 'Existing invoice groups, newest first: data.invoices, data.totalRecords' })
  async invoiceGroups(@CurrentPrincipal() p: Principal, @Query() query: InvoiceGroupsQueryDto) {
    const pg = paging(query, EXISTING_PAGE_SIZE);
    const range = dateRange(query.startDate, query.endDate);
    const { invoices, totalRecords } = await this.groups.page(p.houseId, pg, range);
    return { data: { invoices, totalRecords } };
  }

  @RequireAccess('accessInvoices')
  @Get('invoiceGroup/:id/applyCostPerLot')
  @ApiOperation({ summary: 'data.applyCostPerLot: false for per-lot charges (per-lot editor), true for invoice-level charges' })
  async applyCostPerLot(@CurrentPrincipal() p: Principal, @IdParam('id', groupNotFound) id: number) {
    return { data: { applyCostPerLot: await this.groups.applyCostPerLot(p.houseId, id) } };
  }
}
