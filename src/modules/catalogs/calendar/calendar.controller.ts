import { Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CALENDAR_PAGE_SIZE } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { CalendarError } from './calendar.errors';
import { CalendarService } from './calendar.service';
import { AuctionCalendarQueryDto } from './dto/auction-calendar-query.dto';

/**
 * The calendar's calls (spec 001 section 7 "Calendar"), every one behind accessCalendar. Shapes the
 * spec does not show are ours: docs/decisions/sales-calendar.md.
 */
@ApiTags('calendar')
@RequireAccess('accessCalendar')
@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get('app/house/:houseRef/auction-calendar')
  async auctionCalendar(@CurrentPrincipal() p: Principal, @Query() q: AuctionCalendarQueryDto) {
    const data = await this.calendar.calendar(p.houseId, {
      upcoming: q.upcoming === 'true',
      page: q.page ?? 1,
      size: q.size ?? CALENDAR_PAGE_SIZE,
    });
    return { data };
  }

  @Get('app/house/:houseRef/auction-type/enabled')
  async auctionTypes(@CurrentPrincipal() p: Principal) {
    return { data: await this.calendar.auctionTypes(p.houseId) };
  }

  @Get('app/house/:houseRef/paymentRequiredActivation')
  async paymentRequiredActivation(@CurrentPrincipal() p: Principal) {
    return { data: { paymentRequiredActivation: await this.calendar.paymentRequiredActivation(p.houseId) } };
  }

  @Get('app/house/:houseRef/paymentInfo')
  async paymentInfo(@CurrentPrincipal() p: Principal) {
    return { data: await this.calendar.paymentInfo(p.houseId) };
  }

  @Get('app/house/:houseRef/bin/sale')
  async binSale(@CurrentPrincipal() p: Principal) {
    return { data: { binSale: await this.calendar.binSale(p.houseId) } };
  }

  /** `{houseID}` must be the caller's house (the guard answers 404 otherwise). */
  @Get('cps/app/house/:houseID/terms')
  async terms(@CurrentPrincipal() p: Principal) {
    return { data: { groupSettings: await this.calendar.terms(p.houseId) } };
  }

  @Get('cps/app/group/:groupID/info')
  async groupInfo(@CurrentPrincipal() p: Principal, @IdParam('groupID', () => CalendarError.groupNotFound()) groupId: number) {
    return { data: { groupInfo: await this.calendar.groupInfo(p.houseId, groupId) } };
  }

  @Delete('cps/app/catalog/:catalogID')
  async deleteSession(@CurrentPrincipal() p: Principal, @IdParam('catalogID', () => CalendarError.sessionNotFound()) catalogId: number) {
    const deleted = await this.calendar.deleteSession(p.houseId, catalogId);
    return { data: { success: true, catalogID: deleted.catalogID } };
  }
}
