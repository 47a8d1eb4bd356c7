import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { HomeSummaryService } from './home-summary.service';

/** `GET /app/house/{houseRef}/home-summary`: the Home page's counts and chart, one call. */
@ApiTags('home')
@Controller('app/house/:houseRef')
export class HomeSummaryController {
  constructor(private readonly summary: HomeSummaryService) {}

  @RequireAccess('accessInvoices')
  @Get('home-summary')
  @ApiOperation({
    summary:
      'What needs doing: { data: { uninvoicedSessions: { sessions, lots }, unsentInvoices: { count, amounts: [{ currencyCode, cents }] }, unpaidInvoices: {...}, months: [{ month, currencyCode, invoicedCents, collectedCents }] } }',
  })
  async get(@CurrentPrincipal() p: Principal) {
    return { data: await this.summary.summary(p.houseId) };
  }
}
