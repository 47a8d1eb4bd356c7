import { Module } from '@nestjs/common';
import { HomeSummaryController } from './home-summary.controller';
import { HomeSummaryService } from './home-summary.service';

/** The Home page's summary call (reads invoicing's tables; no other module depends on it). */
@Module({ controllers: [HomeSummaryController], providers: [HomeSummaryService] })
export class HomeSummaryModule {}
