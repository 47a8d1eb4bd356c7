import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { ArrayBody } from '../../../core/http/array-body';
import { IdParam } from '../../../core/http/id-param';
import {
  CategoryIdsDto,
  ChannelListDto,
  ChannelValueDto,
  CreateSaleDto,
  SessionBodyDto,
  SessionContactsDto,
  SessionDefaultsDto,
  StepTrackerDto,
} from './dto/session-wizard.dto';
import { SessionBasicsService } from './session-basics.service';
import { SessionDetailsService } from './session-details.service';
import { SessionWizardError } from './session-wizard.errors';
import { TimedLotTimesService } from './timed-lot-times.service';

const sessionNotFound = () => SessionWizardError.sessionNotFound();
const groupNotFound = () => SessionWizardError.groupNotFound();

/**
 * Add Sale (live/timed) and the live/timed wizard's steps 1 and 2 (spec 001 section 7), every one
 * behind accessCalendar. Shapes the spec does not show: docs/decisions/session-wizard.md. The
 * module is listed before LotsModule: its `catalog/{id}/channels` must win over `catalog/{id}/{lotNumber}`.
 */
@ApiTags('session-wizard')
@RequireAccess('accessCalendar')
@Controller()
export class SessionWizardController {
  constructor(
    private readonly basics: SessionBasicsService,
    private readonly details: SessionDetailsService,
    private readonly lotTimes: TimedLotTimesService,
  ) {}

  /** `{houseID}`/`{houseRef}` must be the caller's house (the guard answers 404 otherwise). */
  @Post(['cps/app/house/:houseID/auction', 'app/house/:houseRef/auction'])
  @HttpCode(200)
  async createSale(@CurrentPrincipal() p: Principal, @Body() body: CreateSaleDto) {
    return { data: await this.basics.createSale(p.houseId, body) };
  }

  @Get('cps/app/house/:houseID/info')
  async houseInfo(@CurrentPrincipal() p: Principal) {
    return { data: { houseInfo: await this.basics.houseInfo(p.houseId) } };
  }

  @Get('cps/app/house/:houseID/categories')
  async categories() {
    return { data: { categories: await this.details.categoryTree() } };
  }

  @Get('cps/app/house/:houseID/address/:addressID/defaults')
  async addressDefaults(
    @CurrentPrincipal() p: Principal,
    @IdParam('addressID', () => SessionWizardError.addressNotFound()) addressId: number,
  ) {
    return { data: { defaults: await this.details.defaultsForAddress(p.houseId, addressId) } };
  }

  @Get('cps/app/group/:groupID/buypremsteps')
  async premiumSteps(@CurrentPrincipal() p: Principal, @IdParam('groupID', groupNotFound) groupId: number) {
    return { data: { buypremsteps: await this.details.premiumSteps(p.houseId, groupId) } };
  }

  /** Step 1 of a new session in the sale (the spec's client posts catalog 0; ours names the sale instead). */
  @Post('cps/app/group/:groupID/catalog')
  @HttpCode(200)
  async createSession(@CurrentPrincipal() p: Principal, @IdParam('groupID', groupNotFound) groupId: number, @Body() body: SessionBodyDto) {
    return { data: { catalogID: await this.basics.createSession(p.houseId, groupId, p.userName, body) } };
  }

  @Get('cps/app/catalog/:catalogID')
  async definition(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { catalog: await this.basics.definition(p.houseId, catalogId) } };
  }

  @Post('cps/app/catalog/:catalogID')
  @HttpCode(200)
  async saveSession(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: SessionBodyDto,
  ) {
    return { data: { catalogID: await this.basics.saveSession(p.houseId, catalogId, body) } };
  }

  /** A GET that writes, as the spec's client calls it; 404 for live and bin sessions, 409 once bidding started. */
  @Get('cps/app/catalog/:catalogID/setTimedAuctionLotTimes')
  async setTimedAuctionLotTimes(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { lots: await this.lotTimes.setLotTimes(p.houseId, catalogId) } };
  }

  @Get('cps/app/diy-step-tracker/:catalogID')
  async stepTracker(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { steptracker: await this.basics.stepTracker(p.houseId, catalogId) } };
  }

  @Post('cps/app/diy-step-tracker/:catalogID')
  @HttpCode(200)
  async recordStep(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: StepTrackerDto,
  ) {
    return { data: { steptracker: await this.basics.recordStep(p.houseId, catalogId, body.step) } };
  }

  @Get('cps/app/catalog/:catalogID/channels')
  async channels(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { channels: await this.details.channels(p.houseId, catalogId) } };
  }

  @Post('cps/app/catalog/:catalogID/channels')
  @HttpCode(200)
  @ApiBody({ type: [ChannelValueDto] })
  async saveChannels(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @ArrayBody(ChannelListDto, { field: 'channels' }) body: ChannelListDto,
  ) {
    return { data: { channels: await this.details.saveChannels(p.houseId, catalogId, body.channels) } };
  }

  @Post('cps/app/catalog/:catalogID/categories')
  @HttpCode(200)
  @ApiBody({ type: [Number] })
  async saveCategories(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @ArrayBody(CategoryIdsDto, { field: 'categoryIDs' }) body: CategoryIdsDto,
  ) {
    return { data: { categoryIDs: await this.details.saveCategories(p.houseId, catalogId, body.categoryIDs) } };
  }

  @Post('cps/app/catalog/:catalogID/contacts')
  @HttpCode(200)
  async saveContacts(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: SessionContactsDto,
  ) {
    return { data: { contacts: await this.details.saveContacts(p.houseId, catalogId, body) } };
  }

  @Post('cps/app/catalog/:catalogID/defaults')
  @HttpCode(200)
  async saveDefaults(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: SessionDefaultsDto,
  ) {
    return { data: { defaults: await this.details.saveDefaults(p.houseId, catalogId, body) } };
  }
}
