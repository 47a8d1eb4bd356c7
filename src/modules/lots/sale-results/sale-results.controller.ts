import { Body, Controller, Get, HttpCode, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { CSV_TYPE, tableDownload, XLSX_TYPE } from '../../../core/http/file-download';
import {
  BidderMessageDto,
  parseBidderMessage,
  parseSaleResultsDownload,
  parseSaleResultsQuery,
  SaleResultsDownloadQueryDto,
  SaleResultsLotsDto,
} from './sale-results.input';
import { SaleResultsService } from './sale-results.service';

/**
 * Sale results (spec 001 "Sale results"; the paths the spec leaves "not shown" are chosen in
 * docs/decisions/sale-results.md). Reports access; amounts are integer cents.
 */
@ApiTags('reports')
@Controller('app/house/:houseRef')
export class SaleResultsController {
  constructor(private readonly results: SaleResultsService) {}

  @RequireAccess('accessReports')
  @Get('sessionResults/catalogs')
  @ApiOperation({
    summary:
      'Sessions with at least one result, grouped by sale: { data: { groups: [{ groupRef, groupName, catalogs: [{ catalogRef, catalogCurrencyCode, catalogTitle, catalogDateFull }] }] } }. 403 no reports access.',
  })
  async catalogs(@CurrentPrincipal() p: Principal) {
    return { data: { groups: await this.results.groups(p.houseId) } };
  }

  @RequireAccess('accessReports')
  @Post('sessionResults/lots')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The selected sessions' sold lots grouped by buyer, amounts in cents with the invoices' premium and live fee: { data: { catalogHeaders, currencyCode, currencySymbol, " +
      'groupedData: [{ memberID, memberRef, firstName, lastName, channel, approvalID, paddleNumber, email, phones, address, memberSums, items }], grandTotals } }; ' +
      'each item has canOpenDispute (for this user), disputeRef and disputeStatDescription. ' +
      '400 sessions in different currencies or a bad body, 404 a session not of the house.',
  })
  async lots(@CurrentPrincipal() p: Principal, @Body() body: SaleResultsLotsDto) {
    return { data: await this.results.results(p.houseId, parseSaleResultsQuery(body), p) };
  }

  @RequireAccess('accessReports')
  @Get('sessionResults/download')
  @ApiProduces(CSV_TYPE, XLSX_TYPE)
  @ApiOperation({
    summary:
      'The sale results as a file (?format=csv|xlsx&catalogRefs=A,B&search=): the rows and totals of sessionResults/lots, ' +
      'columns in docs/reports.md, as an attachment streamed from the database in keyset batches. Same refusals as sessionResults/lots.',
  })
  async download(@CurrentPrincipal() p: Principal, @Query() query: SaleResultsDownloadQueryDto): Promise<StreamableFile> {
    const file = await this.results.download(p.houseId, parseSaleResultsDownload(query));
    return tableDownload(query.format, file.fileBase, file.table);
  }

  @RequireAccess('accessReports')
  @Post('message')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends a message to a bidder of the house (userRef: memberRef) through the mail outbox: { data: { success: true, mail: { id, to } } }. ' +
      '400 Subject Required / Message Required, 403 houseUserRef of another user, 404 unknown bidder, 409 no email address.',
  })
  async message(@CurrentPrincipal() p: Principal, @Body() body: BidderMessageDto) {
    return { data: { success: true, mail: await this.results.message(p.houseId, p, parseBidderMessage(body)) } };
  }
}
