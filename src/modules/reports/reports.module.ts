import { Module } from '@nestjs/common';
import { ReportDownloadsController } from './report-downloads.controller';
import { ReportDownloadsService } from './report-downloads.service';
import { MoneyReportsController } from './money/money-reports.controller';
import { MoneyReportsService } from './money/money-reports.service';

/**
 * Reports (DESIGN.md's `reports` module): read-only downloads across results, bids, bidders and
 * invoices (docs/decisions/report-downloads.md), and the money reports over invoices, payments and
 * settlements (money/, docs/decisions/money-reports.md). It writes nothing and no other module depends on it.
 */
@Module({
  controllers: [ReportDownloadsController, MoneyReportsController],
  providers: [ReportDownloadsService, MoneyReportsService],
})
export class ReportsModule {}
