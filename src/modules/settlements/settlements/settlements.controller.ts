import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import {
  AdjustmentDto,
  ClearOverrideDto,
  CreateForConsignorDto,
  CreateForSaleDto,
  CreateForSaleJobDto,
  LotOverrideDto,
  MarkPaidDto,
  PayoutDto,
} from './dto/settlement.dto';
import { LotOverridesService } from './lot-overrides.service';
import type { JobView } from '../../../core/queue/jobs.service';
import { SettlementsForSaleJob } from './settlements-for-sale.job';
import { SettlementRunsService, type SettlementRun } from './settlement-runs.service';
import type { SettlementDetailView, SettlementView } from './settlement-view';
import { SETTLEMENT_SORTABLE, SettlementsService, type SettlementTotals } from './settlements.service';

const notFound = () => new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.settlementNotFound);
const lotNotFound = () => new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.lotNotFound);

/** `/api/settlements` (ra-data-simple-rest): list, detail, create for a sale, adjustments, ready, payouts. Settlement access. */
@ApiTags('settlements')
@RequireAccess('accessSettlement')
@Controller('api/settlements')
export class SettlementsController {
  constructor(
    private readonly settlements: SettlementsService,
    private readonly runs: SettlementRunsService,
    private readonly saleJobs: SettlementsForSaleJob,
    private readonly overrides: LotOverridesService,
  ) {}

  @Get()
  @ApiOperation({
    summary: `List: sort by ${SETTLEMENT_SORTABLE.join(', ')}; filter={"saleId", "consignorId", "status": draft|ready|paid, "id": [ids]}`,
  })
  async getList(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SettlementView[]> {
    const q = parseRaListQuery(query, { sortable: SETTLEMENT_SORTABLE });
    const { rows, total } = await this.settlements.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('settlements', q.offset, rows.length, total));
    return rows;
  }

  @Get('sales')
  @ApiOperation({ summary: "The house's sales with consigned lots ({ id, name }), for the screens' sale pickers" })
  sales(@CurrentPrincipal() p: Principal): Promise<{ id: number; name: string }[]> {
    return this.settlements.sales(p.houseId);
  }

  @Get('totals')
  @ApiOperation({ summary: 'Sums of the whole filtered list (same filter as the list, every page), one row per currency' })
  totals(@CurrentPrincipal() p: Principal, @Query() query: RaListQueryDto): Promise<SettlementTotals[]> {
    const q = parseRaListQuery(query, { sortable: SETTLEMENT_SORTABLE });
    return this.settlements.totals(p.houseId, q);
  }

  @Get(':id')
  getOne(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number): Promise<SettlementDetailView> {
    return this.settlements.get(p.houseId, id);
  }

  @Post('for-sale')
  @HttpCode(200)
  @ApiOperation({ summary: "Creates every consignor's settlement of a sale (drafts rebuilt); dryRun writes nothing" })
  forSale(@CurrentPrincipal() p: Principal, @Body() dto: CreateForSaleDto): Promise<SettlementRun> {
    return this.runs.createForSale(p.houseId, dto.saleId, p.userId, dto.dryRun ?? false);
  }

  @Post('for-sale/jobs')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'The same run as a job: answers the job ({ id, status, progress }); GET /api/jobs/{id} for progress, its result is { run, error }. ' +
      "A second call while the sale's run is queued or running answers that run.",
  })
  forSaleJob(@CurrentPrincipal() p: Principal, @Body() dto: CreateForSaleJobDto): Promise<JobView> {
    return this.saleJobs.enqueue(p.houseId, dto.saleId, p.userId);
  }

  @Post('for-consignor')
  @HttpCode(200)
  @ApiOperation({
    summary: "One consignor's settlement over a date range, across sales (its draft for the range rebuilt); dryRun writes nothing",
  })
  forConsignor(@CurrentPrincipal() p: Principal, @Body() dto: CreateForConsignorDto): Promise<SettlementRun> {
    return this.runs.createForConsignor(p.houseId, dto.consignorId, dto.from, dto.to, p.userId, dto.dryRun ?? false);
  }

  @Post(':id/adjustments')
  @HttpCode(200)
  addAdjustment(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', notFound) id: number,
    @Body() dto: AdjustmentDto,
  ): Promise<SettlementDetailView> {
    return this.settlements.addAdjustment(p.houseId, id, p.userId, dto);
  }

  @Put(':id/lots/:lotId/override')
  @ApiOperation({
    summary: "Sets a lot's commission override (rate or fixed amount) from its draft settlement; the draft is rebuilt, the change audited",
  })
  setOverride(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', notFound) id: number,
    @IdParam('lotId', lotNotFound) lotId: number,
    @Body() dto: LotOverrideDto,
  ): Promise<SettlementDetailView> {
    return this.overrides.set(p.houseId, id, lotId, p, dto);
  }

  @Delete(':id/lots/:lotId/override')
  @ApiOperation({ summary: "Clears a lot's commission override (back to the plan); the draft is rebuilt, the change audited" })
  clearOverride(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', notFound) id: number,
    @IdParam('lotId', lotNotFound) lotId: number,
    @Body() dto: ClearOverrideDto,
  ): Promise<SettlementDetailView> {
    return this.overrides.clear(p.houseId, id, lotId, p, dto.note);
  }

  @Post(':id/ready')
  @HttpCode(200)
  ready(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number): Promise<SettlementDetailView> {
    return this.settlements.markReady(p.houseId, id);
  }

  @Post(':id/payouts')
  @HttpCode(200)
  @ApiOperation({ summary: 'A payout (part or all of the balance) or a signed correction with a note' })
  payout(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number, @Body() dto: PayoutDto): Promise<SettlementDetailView> {
    return this.settlements.addPayout(p.houseId, id, p.userId, { ...dto, kind: dto.kind ?? 'payout' });
  }

  @Post(':id/mark-paid')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pays the balance in one payout; 409 when already paid' })
  markPaid(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number, @Body() dto: MarkPaidDto): Promise<SettlementDetailView> {
    return this.settlements.markPaid(p.houseId, id, p.userId, dto);
  }
}
