import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { CONSIGNOR_SORTABLE, ConsignorsService, type ConsignorView } from './consignors.service';
import { ConsignLotsDto, ConsignorDto } from './dto/consignor.dto';

const notFound = () => new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.consignorNotFound);

/** `/api/consignors` (ra-data-simple-rest) and the lots they consign. Settlement access. */
@ApiTags('consignors')
@RequireAccess('accessSettlement')
@Controller('api/consignors')
export class ConsignorsController {
  constructor(private readonly consignors: ConsignorsService) {}

  @Get()
  @ApiOperation({ summary: `List: sort by ${CONSIGNOR_SORTABLE.join(', ')}; filter={"q": text, "id": [ids]}` })
  async getList(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConsignorView[]> {
    const q = parseRaListQuery(query, { sortable: CONSIGNOR_SORTABLE });
    const { rows, total } = await this.consignors.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('consignors', q.offset, rows.length, total));
    return rows;
  }

  @Get(':id')
  getOne(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number): Promise<ConsignorView> {
    return this.consignors.get(p.houseId, id);
  }

  @Post()
  create(@CurrentPrincipal() p: Principal, @Body() dto: ConsignorDto): Promise<ConsignorView> {
    return this.consignors.create(p.houseId, dto);
  }

  @Put(':id')
  update(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number, @Body() dto: ConsignorDto): Promise<ConsignorView> {
    return this.consignors.update(p.houseId, id, dto);
  }

  @Post(':id/lots')
  @HttpCode(200)
  @ApiOperation({ summary: "Records this consignor on the house's lots, each with an optional commission override (all or none)" })
  consignLots(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number, @Body() dto: ConsignLotsDto) {
    return this.consignors.consignLots(p.houseId, id, dto);
  }
}
