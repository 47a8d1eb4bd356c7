import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { GroupSettingsQueryDto } from './dto/group-settings-query.dto';
import { GroupSettingsDto } from './dto/group-settings.dto';
import { InvoiceTemplatesService } from './invoice-templates.service';
import { editedTemplateId, templateIdOf } from './template-ids';

/** The template editor's documented calls (spec 000 §7), in their documented shapes. */
@ApiTags('invoice templates')
@Controller('app/house/:houseRef')
export class InvoiceGroupSettingsController {
  constructor(private readonly templates: InvoiceTemplatesService) {}

  @RequireAccess('accessInvoices')
  @Get('invoiceSettings')
  @ApiOperation({ summary: "The house's invoice templates: data.invoiceSettings [{ id, name, payrixTemplate, active }]" })
  async invoiceSettings(@CurrentPrincipal() p: Principal) {
    return { data: { invoiceSettings: await this.templates.summaries(p.houseId) } };
  }

  @RequireAccess('accessInvoices')
  @Get('invoiceGroupSettings')
  @ApiOperation({ summary: 'One template as data.groupSettings; blank or absent groupSettingsID answers the new-template defaults' })
  async groupSettings(@CurrentPrincipal() p: Principal, @Query() query: GroupSettingsQueryDto) {
    const id = templateIdOf(query.groupSettingsID);
    const groupSettings = id ? await this.templates.get(p.houseId, id) : await this.templates.blank(p.houseId);
    return { data: { groupSettings } };
  }

  @RequireAccess('accessInvoices')
  @Post('invoiceGroupSettings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Creates (groupSettingsID and invoiceGroupID 0 or absent) or saves a template: data.data.groupSettingsID' })
  async save(@CurrentPrincipal() p: Principal, @Body() body: GroupSettingsDto) {
    const saved = await this.templates.save(p.houseId, editedTemplateId(body), body, { version: body.version, active: body.active });
    return { data: { data: { groupSettingsID: saved.groupSettingsID, version: saved.version } } };
  }
}
