import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { ArrayBody } from '../../../core/http/array-body';
import { IdParam } from '../../../core/http/id-param';
import { InvoiceDetailsService } from './invoice-details.service';
import { InvoiceIdsDto } from './invoice-ids.dto';
import { jsonStream } from './group-details-json';
import { GroupDetailsQueryDto } from './group-details-query.dto';
import { groupDetailsCriteria, MAX_IDS } from './invoice-list-query';
import { invoiceGroupNotFound, InvoicesError } from './invoices.errors';

/** The Invoice Group Details screen's documented read calls (spec 000 sections 2, 3 and 7). */
@ApiTags('invoices')
@Controller('app/house/:houseRef/invoiceGroup/:id')
export class InvoiceDetailsController {
  constructor(private readonly details: InvoiceDetailsService) {}

  @RequireAccess('accessInvoices')
  @Get('groupDetailInfo')
  @ApiOperation({
    summary:
      'The group, its sessions (with day numbers), totals and invoices: { data: { invoiceGroup, catalogs, invoiceBidders, totalPrice, ' +
      'totalPriceWithAdditionalCharges, totalAmount, outStandingBalance, totals, hasPaddleNumbers, totalRecords, page, size, status, search } }. ' +
      'Without size every matching invoice is answered.',
  })
  async groupDetailInfo(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceGroupNotFound) groupId: number,
    @Query() query: GroupDetailsQueryDto,
  ) {
    const criteria = groupDetailsCriteria(groupId, query);
    if (criteria.limit !== null) return { data: await this.details.groupDetailInfo(p.houseId, criteria) };
    // Unpaged (a whole group: megabytes), the same JSON is written invoice batch by batch, without Content-Length.
    return jsonStream(await this.details.groupDetailInfoJson(p.houseId, criteria));
  }

  @RequireAccess('accessInvoices')
  @Post('groupDetailInfoByInvoice')
  @HttpCode(200)
  @ApiOperation({ summary: 'The named invoices of the group with every line: { data: { invoices } }. Ids of other groups are ignored.' })
  @ApiBody({
    description: `The invoice ids (numbers or their digits), at most ${MAX_IDS}; an empty list answers none`,
    schema: { type: 'array', items: { type: 'integer' }, maxItems: MAX_IDS, example: [101, 102] },
  })
  async groupDetailInfoByInvoice(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceGroupNotFound) groupId: number,
    @ArrayBody(InvoiceIdsDto, { field: 'invoiceIDs', invalid: (f) => InvoicesError.invalid(f) }) body: InvoiceIdsDto,
  ) {
    return { data: { invoices: await this.details.invoicesOfGroup(p.houseId, groupId, [...new Set(body.invoiceIDs)]) } };
  }
}
