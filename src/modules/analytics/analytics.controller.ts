import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../core/auth/access.decorators';
import { Principal } from '../../core/auth/principal';
import { ANALYTICS_TEXT } from './analytics.errors';
import { AnalyticsService } from './analytics.service';

/** Spec 001 section 7 "Analytics": GET {base}/house/{houseRef}/domo -> data['embed-token']. */
@ApiTags('reports')
@Controller('app/house/:houseRef')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @RequireAccess('accessReports')
  @Get('domo')
  @ApiOperation({
    summary:
      "The dashboard's embed token, filtered to the house: { data: { 'embed-token', embedUrl } }; the admin posts it to embedUrl. " +
      `With no provider configured { data: { 'embed-token': null, embedUrl: null, code: 'ANALYTICS_NOT_CONFIGURED', message: "${ANALYTICS_TEXT.notConfigured}" } }. ` +
      '403 without accessReports; 503 with the generic text when the provider fails or cannot be reached.',
  })
  async domo(@CurrentPrincipal() p: Principal) {
    const e = await this.analytics.embed(p);
    if (!e)
      return { data: { 'embed-token': null, embedUrl: null, code: 'ANALYTICS_NOT_CONFIGURED', message: ANALYTICS_TEXT.notConfigured } };
    return { data: { 'embed-token': e.embedToken, embedUrl: e.embedUrl } };
  }
}
