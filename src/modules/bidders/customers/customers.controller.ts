import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Response } from 'express';
import { YOUR_CUSTOMERS_PAGE_SIZES, YOUR_CUSTOMERS_SEARCH_MAX, YOUR_CUSTOMERS_TEXT as T } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { idFromNumber } from '../../../core/validation/int4';
import { CUSTOMER_SORTABLE, CustomersService, type CustomerQuery } from './customers.service';

export class CustomerSearchDto {
  @ApiPropertyOptional({ description: 'Part of the first, last or full name, email or phone.' })
  @IsOptional()
  @IsString({ message: T.badSearch })
  @MaxLength(YOUR_CUSTOMERS_SEARCH_MAX, { message: T.badSearch })
  search?: string;
}

const saleNotFound = () => DomainError.notFound('Sale');
const cleanSearch = (s: unknown): string | null => {
  if (s === undefined || s === null) return null;
  if (typeof s !== 'string' || s.length > YOUR_CUSTOMERS_SEARCH_MAX) throw DomainError.validation({ q: T.badSearch }, T.badSearch);
  return s.trim() || null;
};

/**
 * Your Customers (spec 001: GET yourCustomers, yourCustomers/group/{groupID}, groups,
 * keywordsReports) and `/api/your-customers` for react-admin's list controller. Needs
 * accessCustomer, and a house of connect type s, p or e (else 403); tenancy by the caller's house.
 */
@ApiTags('customers')
@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @RequireAccess('accessCustomer')
  @Get('api/your-customers')
  @ApiOperation({
    summary:
      'List: sort by lastName, firstName, email, creationDate; filter={"q": text, "groupID": sale, "memberID": bidder}; total in Content-Range. ' +
      '403 no accessCustomer or connect type not s, p, e; 404 a sale not of the house.',
  })
  async list(@CurrentPrincipal() p: Principal, @Query() query: RaListQueryDto, @Res({ passthrough: true }) res: Response) {
    const raw = parseRaListQuery(query, {
      sortable: CUSTOMER_SORTABLE,
      defaultSort: { field: 'lastName', order: 'ASC' },
      defaultLimit: YOUR_CUSTOMERS_PAGE_SIZES[0],
    });
    const g = raw.filter.groupID;
    let groupId: number | null = null;
    if (g !== undefined && g !== null && g !== '') {
      if (typeof g !== 'number' || !Number.isSafeInteger(g)) throw DomainError.validation({ groupID: T.badGroup }, T.badGroup);
      groupId = idFromNumber(g);
      if (groupId === null) throw saleNotFound();
    }
    const member = raw.filter.memberID;
    let memberId: number | null = null;
    if (member !== undefined && member !== null && member !== '') {
      if (typeof member !== 'number' || !Number.isSafeInteger(member))
        throw DomainError.validation({ memberID: 'memberID must be a whole number.' });
      memberId = idFromNumber(member) ?? -1;
    }
    const q: CustomerQuery = {
      memberId,
      search: cleanSearch(raw.filter.q),
      groupId,
      sort: (raw.sort ?? { field: 'lastName', order: 'ASC' }) as CustomerQuery['sort'],
      offset: raw.offset,
      limit: raw.limit,
    };
    const { rows, total } = await this.customers.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('your-customers', q.offset, rows.length, total));
    return rows;
  }

  @RequireAccess('accessCustomer')
  @Get('app/house/:houseRef/yourCustomers')
  @ApiOperation({ summary: 'Every customer of the house (optional search): { data: { customers } }, by last name. 403 as the list.' })
  async all(@CurrentPrincipal() p: Principal, @Query() q: CustomerSearchDto) {
    return { data: { customers: await this.customers.all(p.houseId, null, cleanSearch(q.search)) } };
  }

  @RequireAccess('accessCustomer')
  @Get('app/house/:houseRef/yourCustomers/group/:groupID')
  @ApiOperation({
    summary: 'The customers registered for one sale (optional search): { data: { customers } }. 404 a sale not of the house.',
  })
  async ofGroup(@CurrentPrincipal() p: Principal, @IdParam('groupID', saleNotFound) groupId: number, @Query() q: CustomerSearchDto) {
    return { data: { customers: await this.customers.all(p.houseId, groupId, cleanSearch(q.search)) } };
  }

  @RequireAccess('accessCustomer')
  @Get('app/house/:houseRef/groups')
  @ApiOperation({ summary: "The house's sales, newest first: { data: { groups: [{ groupID, groupName }] } }." })
  async groups(@CurrentPrincipal() p: Principal) {
    return { data: { groups: await this.customers.groups(p.houseId) } };
  }

  @RequireAccess('accessCustomer')
  @Get('app/house/:houseRef/keywordsReports')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: 'The keyword alerts report as CSV text: Last Name, First Name, Email, Keyword, Created (MM/DD/YYYY).' })
  async keywords(@CurrentPrincipal() p: Principal): Promise<string> {
    return this.customers.keywordsReport(p.houseId);
  }
}
