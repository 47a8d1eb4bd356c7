import { Body, Controller, Delete, Get, Headers, Post, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { CreateInvoiceGroupDto } from './dto/create-invoice-group.dto';
import { idempotencyKey, groupNotFound } from './invoice-group-rules';
import { GROUP_SORTABLE, InvoiceGroupsService } from './invoice-groups.service';

/**
 * `/api/invoice-groups` for react-admin (ra-data-simple-rest) and API consumers: the same service
 * methods and rules as the documented calls.
 */
@ApiTags('invoice groups')
@Controller('api/invoice-groups')
export class InvoiceGroupsResourceController {
  constructor(private readonly groups: InvoiceGroupsService) {}

  @RequireAccess('accessInvoices')
  @Get()
  @ApiOperation({
    summary:
      'List: ?sort=["createdAt","DESC"]&range=[0,9]&filter={"q":"...","id":[..],"invoiceCreated":true,"invoiceGroupSettingsID":1,"startDate":"MM/DD/YYYY","endDate":"MM/DD/YYYY"}; total in Content-Range',
  })
  async list(@CurrentPrincipal() p: Principal, @Query() query: RaListQueryDto, @Res({ passthrough: true }) res: Response) {
    const q = parseRaListQuery(query, { sortable: GROUP_SORTABLE, defaultSort: { field: 'createdAt', order: 'DESC' }, defaultLimit: 10 });
    const { records, total } = await this.groups.list(p.houseId, q);
    res.setHeader('Content-Range', contentRange('invoice-groups', q.offset, records.length, total));
    return records;
  }

  @RequireAccess('accessInvoices')
  @Get(':id')
  async getOne(@CurrentPrincipal() p: Principal, @IdParam('id', groupNotFound) id: number) {
    return this.groups.get(p.houseId, id);
  }

  @RequireAccess('accessInvoices')
  @Post()
  @ApiOperation({
    summary: 'Creates a group from { catalogRefs, groupTitle, invoiceSettingsID } (as POST invoiceGroup) and enqueues its invoices',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key answers the group it created' })
  async create(@CurrentPrincipal() p: Principal, @Body() body: CreateInvoiceGroupDto, @Headers('idempotency-key') key?: string) {
    const created = await this.groups.create(p.houseId, p.userId, body, idempotencyKey(key));
    return this.groups.get(p.houseId, created.invoiceGroupID);
  }

  @RequireAccess('accessInvoices')
  @Post(':id/retry')
  @ApiOperation({ summary: 'Enqueues the creation of the invoices again (after a failure); 409 once they exist' })
  async retry(@CurrentPrincipal() p: Principal, @IdParam('id', groupNotFound) id: number) {
    return this.groups.retryCreation(p.houseId, id);
  }

  @RequireAccess('accessInvoices')
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a group and its invoices while none was sent or paid; answers the deleted record' })
  async remove(@CurrentPrincipal() p: Principal, @IdParam('id', groupNotFound) id: number) {
    return this.groups.remove(p.houseId, id);
  }
}
