import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../core/config/config.module';
import type { AppConfig } from '../../core/config/app-config';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { CampaignReportController } from './campaign-report/campaign-report.controller';
import { CampaignReportService } from './campaign-report/campaign-report.service';
import { DASHBOARD_PROVIDER, type DashboardProvider, NoDashboardProvider } from './dashboard-provider';
import { DomoDashboardProvider } from './domo-dashboard.provider';

/** The analytics dashboard (embed token from ANALYTICS_PROVIDER) and Ad Campaign Reporting. */
@Module({
  controllers: [AnalyticsController, CampaignReportController],
  providers: [
    AnalyticsService,
    CampaignReportService,
    {
      provide: DASHBOARD_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): DashboardProvider =>
        config.analytics.provider === 'domo' ? new DomoDashboardProvider(config.analytics) : new NoDashboardProvider(),
    },
  ],
})
export class AnalyticsModule {}
