import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { BID_TYPES, type BidType } from '@ar/rules';

/** Bulk-bid lot fetches are pages of at most 100 lots (001 section 9). */
export const BID_ADMIN_MAX_PAGE = 100;
/** Lots one call may name (lotsByRef, bidHistory, orderBid): the bulk page's table page size. */
export const BID_ADMIN_MAX_LOTS = 500;
/** The highest bid one call takes: 1 billion in currency units, in cents. */
export const MAX_BID_CENTS = 100_000_000_000;

const BIDDING_TEXT = {
  page: 'Query parameter page must be a whole number from 0.',
  size: `Query parameter size must be a whole number from 1 to ${BID_ADMIN_MAX_PAGE}.`,
  lotRefs: `Send a list of 1 to ${BID_ADMIN_MAX_LOTS} lot refs.`,
  bids: `Send 1 to ${BID_ADMIN_MAX_LOTS} bids, each with a lotRef and a bidAmount.`,
  bidAmount: `bidAmount must be a whole number of cents from 1 to ${MAX_BID_CENTS}.`,
  bidType: 'bidType must be maxBid or bidNow.',
  ref: 'Must be a reference of up to 32 characters.',
  approval: 'approvalID must be the id of an approval (a registered bidder).',
} as const;

/** Digits as a number; absent or blank as absent; anything else NaN (refused). */
const wholeNumber = Transform(({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
});

const Ref = () => applyDecorators(IsString({ message: BIDDING_TEXT.ref }), MaxLength(32, { message: BIDDING_TEXT.ref }));

/** `GET auctions/bidAdmin/catalog/{ref}/lots?size&page`: page is 0-based, size 1 to 100 (default 100). */
export class BidAdminLotsQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: BID_ADMIN_MAX_PAGE, description: 'Lots per page, default 100.' })
  @wholeNumber
  @IsOptional()
  @IsInt({ message: BIDDING_TEXT.size })
  @Min(1, { message: BIDDING_TEXT.size })
  @Max(BID_ADMIN_MAX_PAGE, { message: BIDDING_TEXT.size })
  size?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: '0-based page, default 0.' })
  @wholeNumber
  @IsOptional()
  @IsInt({ message: BIDDING_TEXT.page })
  @Min(0, { message: BIDDING_TEXT.page })
  page?: number;
}

/** A bare JSON array of lot refs (`@ArrayBody(LotRefsDto, { field: 'lotRefs' })`). */
export class LotRefsDto {
  @IsArray({ message: BIDDING_TEXT.lotRefs })
  @ArrayMinSize(1, { message: BIDDING_TEXT.lotRefs })
  @ArrayMaxSize(BID_ADMIN_MAX_LOTS, { message: BIDDING_TEXT.lotRefs })
  @IsString({ each: true, message: BIDDING_TEXT.lotRefs })
  @MaxLength(32, { each: true, message: BIDDING_TEXT.lotRefs })
  lotRefs!: string[];
}

export class BidAdminOrderBidDto {
  @ApiProperty({ description: 'Amount in cents: a max (proxy) bid or a bid at this amount (bidNow).' })
  @IsInt({ message: BIDDING_TEXT.bidAmount })
  @Min(1, { message: BIDDING_TEXT.bidAmount })
  @Max(MAX_BID_CENTS, { message: BIDDING_TEXT.bidAmount })
  bidAmount!: number;

  @ApiProperty()
  @Ref()
  lotRef!: string;
}

/** Legacy identity fields every staff bidding call carries; they must name the caller. */
class StaffCallDto {
  @ApiProperty({ description: "The session's catalogRef (a timed session of the house)." })
  @Ref()
  catalogRef!: string;

  @ApiProperty({ description: "The signed-in user's userRef." })
  @Ref()
  liveUserRef!: string;

  @ApiProperty({ description: "The signed-in user's houseRef." })
  @Ref()
  houseRef!: string;
}

/** `POST app/external/orderBid/bidAdmin`. */
export class BidAdminOrderBidsDto extends StaffCallDto {
  @ApiProperty({ type: [BidAdminOrderBidDto] })
  @IsArray({ message: BIDDING_TEXT.bids })
  @ArrayMinSize(1, { message: BIDDING_TEXT.bids })
  @ArrayMaxSize(BID_ADMIN_MAX_LOTS, { message: BIDDING_TEXT.bids })
  @ValidateNested({ each: true })
  @Type(() => BidAdminOrderBidDto)
  bidAdminOrderBids!: BidAdminOrderBidDto[];

  @ApiProperty({ enum: BID_TYPES })
  @IsIn(BID_TYPES, { message: BIDDING_TEXT.bidType })
  bidType!: BidType;
}

/** `POST app/external/cancelBid/bidAdmin`. */
export class BidAdminCancelBidDto extends StaffCallDto {
  @ApiProperty()
  @Ref()
  orderBidRef!: string;

  @ApiProperty()
  @Ref()
  lotRef!: string;
}

/** `POST /api/timed-bids`: a bid by a registered bidder (approval), for bidder-facing sites, tests and the demo. */
export class TimedBidDto {
  @ApiProperty()
  @Ref()
  lotRef!: string;

  @ApiProperty({ description: "The bidder's approval id (registered for the lot's sale)." })
  @IsInt({ message: BIDDING_TEXT.approval })
  @Min(1, { message: BIDDING_TEXT.approval })
  @Max(2_147_483_647, { message: BIDDING_TEXT.approval })
  approvalID!: number;

  @ApiProperty({ description: 'Amount in cents.' })
  @IsInt({ message: BIDDING_TEXT.bidAmount })
  @Min(1, { message: BIDDING_TEXT.bidAmount })
  @Max(MAX_BID_CENTS, { message: BIDDING_TEXT.bidAmount })
  bidAmount!: number;

  @ApiProperty({ enum: BID_TYPES })
  @IsIn(BID_TYPES, { message: BIDDING_TEXT.bidType })
  bidType!: BidType;
}
