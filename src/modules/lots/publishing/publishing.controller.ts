import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { COVER_MISSING_CODE, SUMMARY_TEXT } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { DeleteByInventoryDto, DeleteLotsDto, FeaturedLotsDto, PublishLotsDto, SelectCoverDto } from './dto/publishing-bodies.dto';
import { PreviewQueryDto } from './dto/preview-query.dto';
import { PublishingError } from './publishing.errors';
import { PublishingService } from './publishing.service';
import { requireCsrfOnGetWrite } from './read-write-csrf';
import { SessionSummaryService } from './session-summary.service';

const sessionNotFound = () => PublishingError.sessionNotFound();

/**
 * Preview and Summary & Publish (spec 001 section 7 "Preview, summary and publish"), every call
 * behind accessCalendar; a session of another house is a 404. This controller is registered before
 * LotEditingController, whose `GET /cps/app/catalog/{id}/{lotNumber}` would otherwise see the fixed
 * words below. Shapes the spec does not show: docs/decisions/summary-publish.md.
 */
@ApiTags('publishing')
@RequireAccess('accessCalendar')
@Controller()
export class PublishingController {
  constructor(
    private readonly reads: SessionSummaryService,
    private readonly writes: PublishingService,
  ) {}

  @Get('cps/app/catalog/:catalogID/preview')
  @ApiOperation({ summary: 'Preview grid: { data: { httpStatus, data: { catalog, lots, totalRecords, page, size } } }' })
  async preview(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number, @Query() q: PreviewQueryDto) {
    return { data: { httpStatus: 200, data: await this.reads.preview(p.houseId, catalogId, q) } };
  }

  @Get('cps/app/catalog/:catalogID/summary')
  async summary(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: await this.reads.summary(p.houseId, catalogId) };
  }

  @Get('cps/app/catalog/:catalogID/lots')
  async lots(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { lots: await this.reads.lotNumbers(p.houseId, catalogId) } };
  }

  @Get('cps/app/catalog/:catalogID/saleTimeIn2Hours')
  async in2Hours(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { in2Hours: (await this.reads.in2Hours(p.houseId, catalogId)) ? 1 : 0 } };
  }

  @Get('cps/app/catalog/:catalogID/getcoverimageurl')
  async cover(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    const cover = await this.reads.cover(p.houseId, catalogId);
    return { data: cover ? { cover } : { cover: null, errorCode: COVER_MISSING_CODE, message: SUMMARY_TEXT.coverMissing } };
  }

  @Get('cps/app/catalog/:catalogID/house/:houseID/primary-imageurls')
  async primaryImages(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: await this.reads.primaryImageUrls(p.houseId, catalogId) };
  }

  @Get('cps/app/catalog/:catalogID/publishlots')
  @ApiOperation({ summary: 'Publish All (a GET in the spec: needs the X-CSRF-Token header with a session cookie)' })
  async publishAll(@Req() req: Request, @CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    requireCsrfOnGetWrite(req, p);
    return { data: await this.writes.publishAll(p.houseId, catalogId) };
  }

  @Post('cps/app/catalog/:catalogID/lots/publish')
  @HttpCode(200)
  async publishSelected(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: PublishLotsDto,
  ) {
    return { data: await this.writes.publishSelected(p.houseId, catalogId, body.lots) };
  }

  @Post('cps/app/catalog/:catalogID/lots/delete')
  @HttpCode(200)
  async deleteLots(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: DeleteLotsDto,
  ) {
    return { data: await this.writes.deleteByNumbers(p.houseId, catalogId, body.lotNumbers) };
  }

  @Post('cps/app/catalog/:catalogID/lots/deleteByInventoryNumber')
  @HttpCode(200)
  async deleteByInventory(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: DeleteByInventoryDto,
  ) {
    return { data: await this.writes.deleteByInventory(p.houseId, catalogId, body.inventoryNumbers) };
  }

  @Get('cps/app/catalog/:catalogID/setcoverimage')
  @ApiOperation({ summary: 'A missing cover becomes the first lot image (a GET in the spec: needs the X-CSRF-Token header)' })
  async setCover(@Req() req: Request, @CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    requireCsrfOnGetWrite(req, p);
    return { data: { cover: await this.writes.setCover(p.houseId, catalogId) } };
  }

  @Post('cps/app/catalog/:catalogID/selectcoverimage')
  @HttpCode(200)
  async selectCover(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: SelectCoverDto,
  ) {
    return { data: { cover: await this.writes.selectCover(p.houseId, catalogId, body.httpThumbPath) } };
  }

  @Get('cps/app/featuredLots/catalog/:catalogID')
  async featured(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { httpStatus: 200, data: { featuredLots: await this.writes.featured(p.houseId, catalogId) } } };
  }

  @Post('cps/app/featuredLots/catalog/:catalogID')
  @HttpCode(200)
  async saveFeatured(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: FeaturedLotsDto,
  ) {
    return { data: { httpStatus: 200, data: { featuredLots: await this.writes.saveFeatured(p.houseId, catalogId, body.featuredLots) } } };
  }

  @Get('app/isCatalogPublished/:catalogID')
  async isPublished(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { isPublished: await this.reads.isPublished(p.houseId, catalogId) } };
  }

  @Get('app/catalogURL/:catalogID')
  async catalogUrl(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { catalogURLMap: await this.reads.catalogUrl(p.houseId, catalogId) } };
  }
}
