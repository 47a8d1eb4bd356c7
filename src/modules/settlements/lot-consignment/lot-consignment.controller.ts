import { Body, Controller, Delete, Get, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess, RequireAnyAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { CONSIGNOR_SORTABLE, ConsignorsService } from '../consignors/consignors.service';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { ClearOverrideDto, LotOverrideDto } from '../settlements/dto/settlement.dto';
import { LotConsignorDto } from './dto/lot-consignor.dto';
import { LotConsignmentService, type LotConsignmentView } from './lot-consignment.service';

const lotNotFound = () => new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.lotNotFound);

/** The consignor picker's rows: what the lot sheet's Consignor column already lets calendar staff name. */
export interface ConsignorChoice {
  id: number;
  name: string;
  email: string | null;
}

/**
 * The Lot page's consignment (docs/decisions/settlements.md "The Lot page's consignor and override").
 * The consignor is the Lot page's and the settlements' (calendar or settlement access: the lot sheet's
 * Consignor column needs calendar access, consigning lots settlement access); the commission
 * override needs settlement access, as on the settlement screen.
 */
@ApiTags('settlements')
@Controller('api')
export class LotConsignmentController {
  constructor(
    private readonly consignment: LotConsignmentService,
    private readonly consignors: ConsignorsService,
  ) {}

  @Get('consignor-choices')
  @RequireAnyAccess('accessCalendar', 'accessSettlement')
  @ApiOperation({
    summary: `The house's consignors ({ id, name, email }) for the Lot page's picker; sort ${CONSIGNOR_SORTABLE.join(', ')}; filter={"q", "id": [ids]}`,
  })
  async choices(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConsignorChoice[]> {
    const q = parseRaListQuery(query, { sortable: CONSIGNOR_SORTABLE });
    const { rows, total } = await this.consignors.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('consignor-choices', q.offset, rows.length, total));
    return rows.map((c) => ({ id: c.id, name: c.name, email: c.email ?? null }));
  }

  @Get('lots/:id/consignment')
  @RequireAnyAccess('accessCalendar', 'accessSettlement')
  @ApiOperation({ summary: "The lot's consignor; with settlement access also its commission override, settlement and override history" })
  get(@CurrentPrincipal() p: Principal, @IdParam('id', lotNotFound) id: number): Promise<LotConsignmentView> {
    return this.consignment.get(p.houseId, id, p.flags.accessSettlement);
  }

  @Put('lots/:id/consignment')
  @RequireAnyAccess('accessCalendar', 'accessSettlement')
  @ApiOperation({ summary: "Sets the lot's consignor (null: none); 409 while the lot is on a settlement" })
  setConsignor(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', lotNotFound) id: number,
    @Body() dto: LotConsignorDto,
  ): Promise<LotConsignmentView> {
    return this.consignment.setConsignor(p.houseId, id, dto.consignorId, p.flags.accessSettlement);
  }

  @Put('lots/:id/consignment/override')
  @RequireAccess('accessSettlement')
  @ApiOperation({
    summary:
      "Sets the lot's commission override (rate or fixed amount), audited; its draft settlement is rebuilt; 409 on a ready or paid one",
  })
  setOverride(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', lotNotFound) id: number,
    @Body() dto: LotOverrideDto,
  ): Promise<LotConsignmentView> {
    return this.consignment.setOverride(p.houseId, id, p, dto);
  }

  @Delete('lots/:id/consignment/override')
  @RequireAccess('accessSettlement')
  @ApiOperation({ summary: "Clears the lot's commission override (back to the plan), audited; as the PUT" })
  clearOverride(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', lotNotFound) id: number,
    @Body() dto: ClearOverrideDto,
  ): Promise<LotConsignmentView> {
    return this.consignment.clearOverride(p.houseId, id, p, dto.note);
  }
}
