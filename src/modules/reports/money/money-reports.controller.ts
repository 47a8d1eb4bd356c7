import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { MoneyReportId } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { CSV_TYPE, tableDownload, XLSX_TYPE } from '../../../core/http/file-download';
import { MoneyReportDownloadDto, MoneyReportQueryDto } from './money-reports.dto';
import { MoneyReportsService, type AgingView, type CollectionsView, type PayablesView, type RevenueView } from './money-reports.service';

const RANGE = '?from=YYYY-MM-DD&to=YYYY-MM-DD (at most 366 days); 400 a bad range';

/**
 * `/api/reports/*`: the money reports (issue 17, docs/reports.md "Money reports"). The buyer-side
 * ones (aging, collections) need reports access, as Sale Results; the seller-side ones (payables,
 * revenue with commission) settlement access, as settlements and the accounting export
 * (docs/decisions/money-reports.md). Each has a JSON view for the screen and a `/download`.
 */
@ApiTags('reports')
@Controller('api/reports')
export class MoneyReportsController {
  constructor(private readonly reports: MoneyReportsService) {}

  @RequireAccess('accessReports')
  @Get('aging')
  @ApiOperation({ summary: `Outstanding invoices of the range aged 0-30/31-60/61-90/90+ days at its end. ${RANGE}` })
  aging(@CurrentPrincipal() p: Principal, @Query() q: MoneyReportQueryDto): Promise<AgingView> {
    return this.reports.aging(p.houseId, q);
  }

  @RequireAccess('accessReports')
  @Get('aging/download')
  @ApiProduces(CSV_TYPE, XLSX_TYPE)
  @ApiOperation({ summary: `Outstanding invoices as CSV or XLSX (format=csv|xlsx), streamed. ${RANGE}` })
  agingFile(@CurrentPrincipal() p: Principal, @Query() q: MoneyReportDownloadDto): Promise<StreamableFile> {
    return this.download('aging', p, q);
  }

  @RequireAccess('accessReports')
  @Get('collections')
  @ApiOperation({ summary: `Money collected and refunded per day and method. ${RANGE}` })
  collections(@CurrentPrincipal() p: Principal, @Query() q: MoneyReportQueryDto): Promise<CollectionsView> {
    return this.reports.collections(p.houseId, q);
  }

  @RequireAccess('accessReports')
  @Get('collections/download')
  @ApiProduces(CSV_TYPE, XLSX_TYPE)
  @ApiOperation({ summary: `Collections as CSV or XLSX (format=csv|xlsx). ${RANGE}` })
  collectionsFile(@CurrentPrincipal() p: Principal, @Query() q: MoneyReportDownloadDto): Promise<StreamableFile> {
    return this.download('collections', p, q);
  }

  @RequireAccess('accessSettlement')
  @Get('consignor-payables')
  @ApiOperation({ summary: `Per consignor: settlements made ready in the range, net due, paid out, open. ${RANGE}` })
  payables(@CurrentPrincipal() p: Principal, @Query() q: MoneyReportQueryDto): Promise<PayablesView> {
    return this.reports.payables(p.houseId, q);
  }

  @RequireAccess('accessSettlement')
  @Get('consignor-payables/download')
  @ApiProduces(CSV_TYPE, XLSX_TYPE)
  @ApiOperation({ summary: `Consignor payables as CSV or XLSX (format=csv|xlsx), streamed. ${RANGE}` })
  payablesFile(@CurrentPrincipal() p: Principal, @Query() q: MoneyReportDownloadDto): Promise<StreamableFile> {
    return this.download('consignor-payables', p, q);
  }

  @RequireAccess('accessSettlement')
  @Get('sale-revenue')
  @ApiOperation({ summary: `Per sale: buyer's premium and live fee invoiced, commission and fees settled. ${RANGE}` })
  revenue(@CurrentPrincipal() p: Principal, @Query() q: MoneyReportQueryDto): Promise<RevenueView> {
    return this.reports.revenue(p.houseId, q);
  }

  @RequireAccess('accessSettlement')
  @Get('sale-revenue/download')
  @ApiProduces(CSV_TYPE, XLSX_TYPE)
  @ApiOperation({ summary: `Sale revenue as CSV or XLSX (format=csv|xlsx). ${RANGE}` })
  revenueFile(@CurrentPrincipal() p: Principal, @Query() q: MoneyReportDownloadDto): Promise<StreamableFile> {
    return this.download('sale-revenue', p, q);
  }

  private async download(id: MoneyReportId, p: Principal, q: MoneyReportDownloadDto): Promise<StreamableFile> {
    const f = await this.reports.file(id, p.houseId, q);
    return tableDownload(q.format, f.fileBase, f.table);
  }
}
