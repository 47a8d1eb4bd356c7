import { Body, Controller, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { CommissionPlansService, PLAN_SORTABLE, type CommissionPlanView } from './commission-plans.service';
import { CommissionPlanDto } from './dto/commission-plan.dto';

const notFound = () => new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.planNotFound);

/** `/api/commission-plans` (ra-data-simple-rest). Settlement access. */
@ApiTags('settlements')
@RequireAccess('accessSettlement')
@Controller('api/commission-plans')
export class CommissionPlansController {
  constructor(private readonly plans: CommissionPlansService) {}

  @Get()
  @ApiOperation({ summary: `List: sort by ${PLAN_SORTABLE.join(', ')}; filter={"id", "isHouseDefault", "auctionGroupId"}` })
  async getList(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommissionPlanView[]> {
    const q = parseRaListQuery(query, { sortable: PLAN_SORTABLE });
    const { rows, total } = await this.plans.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('commission-plans', q.offset, rows.length, total));
    return rows;
  }

  @Get(':id')
  getOne(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number): Promise<CommissionPlanView> {
    return this.plans.get(p.houseId, id);
  }

  @Post()
  create(@CurrentPrincipal() p: Principal, @Body() dto: CommissionPlanDto): Promise<CommissionPlanView> {
    return this.plans.save(p.houseId, null, dto);
  }

  @Put(':id')
  update(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', notFound) id: number,
    @Body() dto: CommissionPlanDto,
  ): Promise<CommissionPlanView> {
    return this.plans.save(p.houseId, id, dto);
  }
}
