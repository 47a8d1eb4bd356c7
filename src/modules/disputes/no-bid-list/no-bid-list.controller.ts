import { Body, Controller, Delete, Get, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { Response } from 'express';
import {
  NO_BID_BIDDER_MAX,
  NO_BID_LIST_PAGE_SIZES,
  NO_BID_LIST_SEARCH_MAX,
  NO_BID_LIST_TEXT as T,
  NO_BID_REASON_MAX,
  readNoBidAdd,
  type NoBidEntry,
} from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { NO_BID_SORTABLE, NoBidListService, type NoBidQuery } from './no-bid-list.service';

/**
 * Staff add a bidder by hand. The fields are read by the shared rule (`readNoBidAdd`: the dialog
 * runs it too), so they are only declared here (the global ValidationPipe refuses other fields).
 */
export class NoBidAddDto {
  @ApiProperty({
    oneOf: [{ type: 'string', maxLength: NO_BID_BIDDER_MAX }, { type: 'integer' }],
    description: "The bidder: a paddle number at one of the house's sales (digits) or the bidder's email.",
  })
  @Allow()
  bidder?: unknown;

  @ApiProperty({ maxLength: NO_BID_REASON_MAX, description: 'Why the bidder may not bid (shown on the list, kept in the audit).' })
  @Allow()
  reason?: unknown;
}

const entryNotFound = () => new DomainError('not_found', 'NOT_FOUND', T.notFound);
const DEFAULT_SORT = { field: 'dateAdded', order: 'DESC' } as const;

/**
 * `/api/no-bid-list` for react-admin (ra-data-simple-rest): the house's No Bid List, adding by hand and removal
 * (docs/decisions/no-bid-list.md). Needs accessCustomer, as the spec's other customer pages; the
 * house is the caller's.
 */
@ApiTags('customers')
@Controller('api/no-bid-list')
export class NoBidListController {
  constructor(private readonly noBid: NoBidListService) {}

  @RequireAccess('accessCustomer')
  @Get()
  @ApiOperation({
    summary: `List: sort by ${NO_BID_SORTABLE.join(', ')} (default dateAdded DESC); filter={"q": name, email or paddle}; total in Content-Range. 403 no accessCustomer.`,
  })
  async list(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NoBidEntry[]> {
    const raw = parseRaListQuery(query, { sortable: NO_BID_SORTABLE, defaultSort: DEFAULT_SORT, defaultLimit: NO_BID_LIST_PAGE_SIZES[0] });
    const s = raw.filter.q;
    if (s !== undefined && s !== null && (typeof s !== 'string' || s.length > NO_BID_LIST_SEARCH_MAX))
      throw DomainError.validation({ q: T.badSearch }, T.badSearch);
    const q: NoBidQuery = {
      search: typeof s === 'string' && s.trim() ? s.trim() : null,
      sort: (raw.sort ?? DEFAULT_SORT) as NoBidQuery['sort'],
      offset: raw.offset,
      limit: raw.limit,
    };
    const { rows, total } = await this.noBid.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('no-bid-list', q.offset, rows.length, total));
    return rows;
  }

  @RequireAccess('accessCustomer')
  @Post()
  @ApiOperation({
    summary:
      'Adds a bidder by hand ({ bidder: paddle or email, reason }), audited: the new entry. ' +
      '400 errors.bidder / errors.reason (required, too long, no such bidder of the house, a paddle or email naming two), 403 no accessCustomer, 409 already on the list.',
  })
  add(@CurrentPrincipal() p: Principal, @Body() body: NoBidAddDto): Promise<NoBidEntry> {
    const read = readNoBidAdd(body.bidder, body.reason);
    if (!read.ok) throw DomainError.validation(read.errors, Object.values(read.errors)[0]);
    return this.noBid.add(p.houseId, p, read.bidder, read.reason);
  }

  @RequireAccess('accessCustomer')
  @Delete(':id')
  @ApiOperation({ summary: 'Takes the bidder off the No Bid List (audited): the removed entry. 404 not an entry of the house.' })
  remove(@CurrentPrincipal() p: Principal, @IdParam('id', entryNotFound) id: number): Promise<NoBidEntry> {
    return this.noBid.remove(p.houseId, p, id);
  }
}
