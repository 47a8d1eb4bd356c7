import { Module } from '@nestjs/common';
import { ReportDownloadsController } from './report-downloads.controller';
import { ReportDownloadsService } from './report-downloads.service';

/**
 * Reports (DESIGN.md's `reports` module): read-only downloads across results, bids, bidders and
 * invoices (docs/decisions/report-downloads.md). It writes nothing and no other module depends on it.
 */
@Module({
  controllers: [ReportDownloadsController],
  providers: [ReportDownloadsService],
})
export class ReportsModule {}
