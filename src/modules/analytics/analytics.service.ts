import { Inject, Injectable, Logger } from '@nestjs/common';
import { Principal } from '../../core/auth/principal';
import { AnalyticsError } from './analytics.errors';
import { DASHBOARD_PROVIDER, type DashboardProvider, DashboardProviderError } from './dashboard-provider';

@Injectable()
export class AnalyticsService {
  private readonly log = new Logger(AnalyticsService.name);

  constructor(@Inject(DASHBOARD_PROVIDER) private readonly provider: DashboardProvider) {}

  /** The embed, or null when no provider is configured. */
  async embed(p: Principal) {
    try {
      return await this.provider.embedFor({ houseRef: p.houseRef });
    } catch (err) {
      if (!(err instanceof DashboardProviderError)) throw err;
      this.log.warn(`dashboard embed for ${p.houseRef}: ${err.message}`);
      throw AnalyticsError.providerFailed();
    }
  }
}
