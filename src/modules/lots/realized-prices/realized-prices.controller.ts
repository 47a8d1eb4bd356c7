import { Body, Controller, Get, HttpCode, Post, Res, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CATALOG_FILE } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { ArrayBody } from '../../../core/http/array-body';
import { IdParam } from '../../../core/http/id-param';
import { idFromPath } from '../../../core/validation/int4';
import { CatalogFileTooLargeFilter } from '../spreadsheets/catalog-file-too-large.filter';
import { IncludePremiumDto, RealizedRowDto, RealizedRowsDto, RealizedUploadDto } from './dto/realized.dto';
import { RealizedError } from './realized-prices.errors';
import { RealizedPricesService } from './realized-prices.service';

const sessionNotFound = () => RealizedError.sessionNotFound();

/**
 * Edit Realized Prices' calls (spec 001 section 7 "Realized prices"), behind accessCalendar like the
 * other session pages; the service refuses online-only houses (403 ONLINE_ONLY) and, for non-super
 * users, sessions over 45 days old (403 EDIT_WINDOW_CLOSED). Decisions: docs/decisions/realized-prices.md.
 */
@ApiTags('lots')
@RequireAccess('accessCalendar')
@Controller('cps/app')
export class RealizedPricesController {
  constructor(private readonly realized: RealizedPricesService) {}

  @Post('realized')
  @HttpCode(200)
  @UseFilters(CatalogFileTooLargeFilter)
  @UseInterceptors(FileInterceptor('fileData', { limits: { fileSize: CATALOG_FILE.maxBytes, files: 1, fields: 6, parts: 7 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Read and check a realized-prices sheet (.csv, .xlsx) for the item list; writes nothing' })
  async upload(
    @CurrentPrincipal() p: Principal,
    @Body() body: RealizedUploadDto,
    @UploadedFile() file: { originalname: string; buffer: Buffer } | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const catalogId = idFromPath(body.catalogID);
    if (catalogId === null) throw sessionNotFound();
    const out = await this.realized.upload(p, catalogId, file && { name: file.originalname, data: file.buffer });
    if (out.errors.length) res.status(400);
    return { data: { lots: out.lots }, warnings: out.warnings, errors: out.errors };
  }

  @Get('catalog/:catalogID/realized')
  @ApiOperation({ summary: "The session and its lots with their current realized prices (ours: the page's header and checks)" })
  async view(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: await this.realized.view(p, catalogId) };
  }

  @Post('catalog/:catalogID/lot/realized')
  @HttpCode(200)
  @ApiOperation({ summary: "Save one lot's realized price (0 = passed)" })
  async saveOne(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number, @Body() body: RealizedRowDto) {
    return { data: { success: true, lot: await this.realized.saveOne(p, catalogId, body) } };
  }

  @Post('catalog/:catalogID/lots/realized')
  @HttpCode(200)
  @ApiBody({ type: [RealizedRowDto] })
  @ApiOperation({ summary: "Save the item list's realized prices: all or none" })
  async saveMany(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @ArrayBody(RealizedRowsDto, { field: 'lots' }) body: RealizedRowsDto,
  ) {
    const lots = await this.realized.saveMany(p, catalogId, body.lots);
    return { data: { success: true, updated: lots.length } };
  }

  @Post('catalog/:catalogID/realized/includePremium')
  @HttpCode(200)
  @ApiOperation({ summary: "Publish: whether the realized prices include the buyer's premium" })
  async includePremium(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: IncludePremiumDto,
  ) {
    return { data: await this.realized.includePremium(p, catalogId, body.includePremium) };
  }
}
