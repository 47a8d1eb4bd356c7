import { Controller, Delete, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { NO_BID_LIST_PAGE_SIZES, NO_BID_LIST_SEARCH_MAX, NO_BID_LIST_TEXT as T, type NoBidEntry } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { NO_BID_SORTABLE, NoBidListService, type NoBidQuery } from './no-bid-list.service';

const entryNotFound = () => new DomainError('not_found', 'NOT_FOUND', T.notFound);
const DEFAULT_SORT = { field: 'dateAdded', order: 'DESC' } as const;

/**
 * `/api/no-bid-list` for react-admin (ra-data-simple-rest): the house's No Bid List and removal
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
  @Delete(':id')
  @ApiOperation({ summary: 'Takes the bidder off the No Bid List (audited): the removed entry. 404 not an entry of the house.' })
  remove(@CurrentPrincipal() p: Principal, @IdParam('id', entryNotFound) id: number): Promise<NoBidEntry> {
    return this.noBid.remove(p.houseId, p, id);
  }
}
