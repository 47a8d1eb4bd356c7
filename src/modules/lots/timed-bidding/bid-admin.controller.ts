import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { ArrayBody } from '../../../core/http/array-body';
import { BidAdminService } from './bid-admin.service';
import {
  BID_ADMIN_MAX_PAGE,
  BidAdminCancelBidDto,
  BidAdminLotsQueryDto,
  BidAdminOrderBidsDto,
  LotRefsDto,
  TimedBidDto,
} from './dto/bid-admin.dto';

const GATE = '403 without accessBulkbiding, or when the house has bulk bidding off and the user is not a super user.';
const NOT_FOUND = '404 "Catalog data not found." for an unknown session, another house\'s or one that is not timed.';

/**
 * Bulk bidding calls of spec 001 section 7 (timed sessions only; amounts in cents;
 * docs/decisions/timed-bidding.md), plus the bidder API used by tests and the demo.
 */
@ApiTags('bulk bidding')
@Controller()
export class BidAdminController {
  constructor(private readonly bidding: BidAdminService) {}

  @RequireAccess('accessBulkbiding')
  @Get('auctions/bidAdmin/catalog/:catalogRef')
  @ApiOperation({ summary: `Sale info: { saleName, saleDate, lotCount, timeZone, timeZoneCode }. ${GATE} 404 "Sale info not found."` })
  saleInfo(@CurrentPrincipal() p: Principal, @Param('catalogRef') ref: string) {
    return this.bidding.saleInfo(p, ref);
  }

  @RequireAccess('accessBulkbiding')
  @Get('auctions/bidAdmin/catalog/:catalogRef/lots')
  @ApiOperation({
    summary: `A page of the session's lots in lot order: { _embedded: { bidAdminLotDataList }, page: { size, number, totalElements, totalPages } }; size at most ${BID_ADMIN_MAX_PAGE}, page 0-based. ${GATE} ${NOT_FOUND}`,
  })
  lots(@CurrentPrincipal() p: Principal, @Param('catalogRef') ref: string, @Query() q: BidAdminLotsQueryDto) {
    return this.bidding.lots(p, ref, q.page ?? 0, q.size ?? BID_ADMIN_MAX_PAGE);
  }

  @RequireAccess('accessBulkbiding')
  @Post('auctions/bidAdmin/catalog/:catalogRef/lotsByRef')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({
    summary: `The named lots: { _embedded: { bidAdminLotDataList } } (refs not in the session are absent). ${GATE} ${NOT_FOUND}`,
  })
  lotsByRef(
    @CurrentPrincipal() p: Principal,
    @Param('catalogRef') ref: string,
    @ArrayBody(LotRefsDto, { field: 'lotRefs' }) body: LotRefsDto,
  ) {
    return this.bidding.lotsByRef(p, ref, body.lotRefs);
  }

  @RequireAccess('accessBulkbiding')
  @Post('auctions/bidAdmin/catalog/:catalogRef/bidHistory')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({
    summary: `Bid histories, newest first: { bidHistory: { [lotRef]: [{ bidder, time, bidAmount, orderBidRef, bidType, cancelled, canCancel }] }, cancelBidCount, canCancelBid }. ${GATE} ${NOT_FOUND}`,
  })
  bidHistory(
    @CurrentPrincipal() p: Principal,
    @Param('catalogRef') ref: string,
    @ArrayBody(LotRefsDto, { field: 'lotRefs' }) body: LotRefsDto,
  ) {
    return this.bidding.bidHistory(p, ref, body.lotRefs);
  }

  @RequireAccess('accessBulkbiding')
  @Get('auctions/bidAdmin/catalog/:catalogRef/cancelBidCount')
  @ApiOperation({
    summary: `Bids the user cancelled in the session: { cancelBidCount, canCancelBid } (true under 10). ${GATE} ${NOT_FOUND}`,
  })
  cancelBidCount(@CurrentPrincipal() p: Principal, @Param('catalogRef') ref: string) {
    return this.bidding.cancelBidCount(p, ref);
  }

  @RequireAccess('accessBulkbiding')
  @Post('app/external/orderBid/bidAdmin')
  @HttpCode(200)
  @ApiOperation({
    summary: `Places a max (proxy) or bid-now bid per lot as the user's house bidder: { data: { bulkOrderBidResponse: { bidAdminOrderBidResponses: [{ lotRef, success, reason? }], successBids, failedBids, message } } }. 403 liveUserRef not the user, 404 houseRef of another house. ${GATE} ${NOT_FOUND}`,
  })
  async orderBid(@CurrentPrincipal() p: Principal, @Body() body: BidAdminOrderBidsDto) {
    return { data: await this.bidding.placeBids(p, body, body.bidAdminOrderBids, body.bidType) };
  }

  @RequireAccess('accessBulkbiding')
  @Post('app/external/cancelBid/bidAdmin')
  @HttpCode(200)
  @ApiOperation({
    summary: `Cancels the user's own bid on an open lot while under 10 cancellations: { data: { success, message: "Bid cancelled successfully", cancelBidCount, canCancelBid } }. 403/409 "Cannot cancel your bid at the moment. Please try again!" with errors.reason. ${GATE} ${NOT_FOUND}`,
  })
  async cancelBid(@CurrentPrincipal() p: Principal, @Body() body: BidAdminCancelBidDto) {
    return { data: await this.bidding.cancelBid(p, body) };
  }

  @RequireAccess('accessBulkbiding')
  @Post('api/timed-bids')
  @HttpCode(200)
  @ApiOperation({
    summary: `A registered bidder's bid (approvalID of the lot's sale; bidder-facing sites, tests, demo): { data: { orderBidRef, currentBid, leading, endTime, isExtended } }. 409 "Unable to place bids." with errors.reason (closed, belowMinimum, notAboveOwnMax), 404 lot or approval. ${GATE}`,
  })
  async timedBid(@CurrentPrincipal() p: Principal, @Body() body: TimedBidDto) {
    return { data: await this.bidding.placeAsBidder(p, body) };
  }
}
