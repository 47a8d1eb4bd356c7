import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../core/auth/access.decorators';
import { Principal } from '../../core/auth/principal';
import { tableDownload, XLSX_TYPE } from '../../core/http/file-download';
import { parseCatalogRef, parseCatalogRefs, SessionReportQueryDto, SessionsReportQueryDto } from './report-downloads.input';
import { ReportDownloadsService, type ReportFile } from './report-downloads.service';

const xlsx = (r: ReportFile): StreamableFile => tableDownload('xlsx', r.fileBase, r.table);
const REFUSALS = '403 no reports access; 404 a session not of the house; 400 an empty or malformed selection';

/**
 * The spreadsheet downloads of the Sale Results screen (spec 001 "Results and reports"), as XLSX
 * attachments; columns in docs/reports.md. Same access as Sale Results.
 */
@ApiTags('reports')
@Controller('app/house/:houseRef')
export class ReportDownloadsController {
  constructor(private readonly reports: ReportDownloadsService) {}

  @RequireAccess('accessReports')
  @Get('maxBidReports')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({
    summary: `Max Bids (?catalogRefs=A,B): each bidder's best live bid per lot, ranked. ${REFUSALS}, or sessions of two currencies.`,
  })
  async maxBids(@CurrentPrincipal() p: Principal, @Query() q: SessionsReportQueryDto): Promise<StreamableFile> {
    return xlsx(await this.reports.maxBids(p.houseId, parseCatalogRefs(q)));
  }

  @RequireAccess('accessReports')
  @Get('sessionReports')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({
    summary: `Session Summary (?catalogRefs=A,B): counts and amounts per session and channel. ${REFUSALS}, or sessions of two currencies.`,
  })
  async sessions(@CurrentPrincipal() p: Principal, @Query() q: SessionsReportQueryDto): Promise<StreamableFile> {
    return xlsx(await this.reports.sessionSummary(p.houseId, parseCatalogRefs(q)));
  }

  @RequireAccess('accessReports')
  @Get('bidderReports')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({ summary: `Bidders (?catalogRef=A): the sale's registered bidders with contact and the session's totals. ${REFUSALS}.` })
  async bidders(@CurrentPrincipal() p: Principal, @Query() q: SessionReportQueryDto): Promise<StreamableFile> {
    return xlsx(await this.reports.bidders(p.houseId, parseCatalogRef(q)));
  }

  @RequireAccess('accessReports')
  @Get('pactsReports')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({ summary: `Payments and Collections (?catalogRef=A): per buyer and invoice, payment and collection status. ${REFUSALS}.` })
  async pacts(@CurrentPrincipal() p: Principal, @Query() q: SessionReportQueryDto): Promise<StreamableFile> {
    return xlsx(await this.reports.pacts(p.houseId, parseCatalogRef(q)));
  }
}
