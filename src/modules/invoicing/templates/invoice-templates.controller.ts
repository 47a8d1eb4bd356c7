import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { InvoiceTemplateRecordDto } from './dto/group-settings.dto';
import { GroupSettingsView } from './group-settings.view';
import { InvoiceTemplatesService, TEMPLATE_SORTABLE } from './invoice-templates.service';
import { templateNotFound } from './template-ids';

export type InvoiceTemplateRecord = GroupSettingsView & { id: number };

const record = (v: GroupSettingsView): InvoiceTemplateRecord => ({ id: v.groupSettingsID, ...v });

/**
 * `/api/invoice-templates` for react-admin (ra-data-simple-rest) and API consumers. Records carry
 * the documented groupSettings fields plus `id`; the rules are the documented calls' rules.
 */
@ApiTags('invoice templates')
@Controller('api/invoice-templates')
export class InvoiceTemplatesController {
  constructor(private readonly templates: InvoiceTemplatesService) {}

  @RequireAccess('accessInvoices')
  @Get()
  @ApiOperation({
    summary: 'List: ?sort=["groupName","ASC"]&range=[0,24]&filter={"q":"...","id":[..],"payrixTemplate":true}; total in Content-Range',
  })
  async list(@CurrentPrincipal() p: Principal, @Query() query: RaListQueryDto, @Res({ passthrough: true }) res: Response) {
    const q = parseRaListQuery(query, { sortable: TEMPLATE_SORTABLE, defaultSort: { field: 'groupName', order: 'ASC' } });
    const { records, total } = await this.templates.list(p.houseId, q);
    res.setHeader('Content-Range', contentRange('invoice-templates', q.offset, records.length, total));
    return records.map(record);
  }

  @RequireAccess('accessInvoices')
  @Get(':id')
  async getOne(@CurrentPrincipal() p: Principal, @IdParam('id', templateNotFound) id: number) {
    return record(await this.templates.get(p.houseId, id));
  }

  @RequireAccess('accessInvoices')
  @Post()
  @ApiOperation({ summary: 'Creates a template (any id fields in the body are ignored)' })
  async create(@CurrentPrincipal() p: Principal, @Body() body: InvoiceTemplateRecordDto) {
    return record(await this.templates.save(p.houseId, null, body, { active: body.active }));
  }

  @RequireAccess('accessInvoices')
  @Put(':id')
  @ApiOperation({ summary: 'Saves a template; the body must carry the version it was loaded at (409 when stale)' })
  async update(@CurrentPrincipal() p: Principal, @IdParam('id', templateNotFound) id: number, @Body() body: InvoiceTemplateRecordDto) {
    return record(await this.templates.save(p.houseId, id, body, { version: body.version, active: body.active, requireVersion: true }));
  }

  @RequireAccess('accessInvoices')
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes an unused template; answers the deleted record' })
  async remove(@CurrentPrincipal() p: Principal, @IdParam('id', templateNotFound) id: number) {
    return record(await this.templates.remove(p.houseId, id));
  }
}
