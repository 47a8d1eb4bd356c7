import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { CAMPAIGN_REPORT_MAX_ROWS, CampaignReportService } from './campaign-report.service';

/** Ad Campaign Reporting; the spec names no call, so ours (docs/api.md). */
@ApiTags('reports')
@Controller('app/house/:houseRef')
export class CampaignReportController {
  constructor(private readonly campaigns: CampaignReportService) {}

  // Spec 001 section 6 gives the page no flag (only "on the main host"): any user of the house.
  @SignedIn()
  @Get('campaignReport')
  @ApiOperation({
    summary:
      'Sessions with featured items, newest first (at most ' +
      CAMPAIGN_REPORT_MAX_ROWS +
      '): { data: { campaigns: [{ catalogRef, title, saleType, eventDate, currencyCode, featuredLots, featuredBids, featuredSold, ' +
      'featuredHammerCents, lots, bids, sold, hammerCents }] } }; money in cents.',
  })
  async report(@CurrentPrincipal() p: Principal) {
    return { data: { campaigns: await this.campaigns.report(p.houseId) } };
  }
}
