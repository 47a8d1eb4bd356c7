import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { LotBodyDto, LotDeleteDto } from './dto/lot-body.dto';
import { LotEditingError, parseLotKey } from './lot-editing.errors';
import { LotEditingService } from './lot-editing.service';

const sessionNotFound = () => LotEditingError.sessionNotFound();

/**
 * The Lot page's calls (spec 001 section 7 "Lot page") and the single-lot delete of the summary,
 * every one behind accessCalendar. The preview is publishing/'s. The fixed paths (deletedlots, orderbids, lot/...) are
 * declared before `/{lotNumber}`, which only takes a lot number with its extension (`12A`).
 * Image calls come with the uploads issue. Shapes the spec does not show: docs/decisions/lot-page.md.
 */
@ApiTags('lots')
@RequireAccess('accessCalendar')
@Controller('cps/app')
export class LotEditingController {
  constructor(private readonly lots: LotEditingService) {}

  @Get('catalog/:catalogID/deletedlots')
  async deletedLots(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { deletedLotsArray: await this.lots.deletedLots(p.houseId, catalogId) } };
  }

  @Get('catalog/:catalogID/orderbids')
  async orderBids(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { orderbids: await this.lots.orderBids(p.houseId, catalogId) } };
  }

  @Post('catalog/:catalogID/lot/new')
  @HttpCode(200)
  async create(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number, @Body() body: LotBodyDto) {
    return { data: { lots: [await this.lots.create(p.houseId, catalogId, body)] } };
  }

  @Post('catalog/:catalogID/lot/update')
  @HttpCode(200)
  async update(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number, @Body() body: LotBodyDto) {
    if (body.lotID === undefined) throw LotEditingError.lotNotFound();
    return { data: { lots: [await this.lots.update(p.houseId, catalogId, body.lotID, body)] } };
  }

  @Post('lot/delete')
  @HttpCode(200)
  async delete(@CurrentPrincipal() p: Principal, @Body() body: LotDeleteDto) {
    const number =
      body.lotNumber === undefined || body.lotNumber === null || String(body.lotNumber).trim() === ''
        ? null
        : String(body.lotNumber).trim();
    const key = number === null ? null : parseLotKey(`${number}${(body.lotExt ?? '').trim()}`);
    if (number !== null && !key) throw LotEditingError.lotNotFound();
    const deleted = await this.lots.delete(p.houseId, body.catalogID, {
      lotNumber: key?.lotNumber ?? null,
      lotExt: key?.lotExt ?? null,
      invNumber: body.inventoryNumber?.trim() || null,
    });
    return { data: { success: true, lotID: deleted.lotID } };
  }

  @Get('catalog/:catalogID/:lotNumber')
  async lot(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number, @Param('lotNumber') raw: string) {
    const key = parseLotKey(raw);
    if (!key) throw LotEditingError.lotNotFound();
    return { data: { lots: [await this.lots.lot(p.houseId, catalogId, key.lotNumber, key.lotExt)] } };
  }
}
