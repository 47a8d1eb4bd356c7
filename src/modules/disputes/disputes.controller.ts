import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DISPUTE_TEXT, DISPUTE_TYPES, MUTUAL_RESOLUTIONS } from '@ar/rules';
import { CurrentPrincipal, RequireAccess, SignedIn } from '../../core/auth/access.decorators';
import type { AccessFlag } from '../../core/auth/access-flags';
import { Principal } from '../../core/auth/principal';
import { DomainError, PERMISSION_DENIED_TEXT } from '../../core/errors/domain-error';
import { IdParam } from '../../core/http/id-param';
import { AcceptTermsDto, DisputeActionDto, DisputeLotsDto, parseAction, parseOpen } from './disputes.input';
import { DisputesQueries, type DisputeListFilter } from './disputes.queries';
import { DisputesService } from './disputes.service';

/** Opening a dispute is reached from sale results, invoices or the customer pages: any of their flags. */
const OPEN_FLAGS: AccessFlag[] = ['accessReports', 'accessInvoices', 'accessCustomer'];
const MAX_PAGE_SIZE = 500;

function requireAny(p: Principal, flags: AccessFlag[]) {
  if (!flags.some((f) => p.flags[f])) throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
}

/** A positive whole number of a query parameter, or the default; anything else is a 400 naming the field. */
function intParam(name: string, raw: string | undefined, def: number, max: number): number {
  if (raw === undefined || raw === '') return def;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max)) {
    const msg = `${name} must be a whole number from 1 to ${max}.`;
    throw DomainError.validation({ [name]: msg }, msg);
  }
  return n;
}

const disputeNotFound = () => new DomainError('not_found', 'NOT_FOUND', DISPUTE_TEXT.disputeNotFound);

/**
 * Disputes (spec 001 section 7 "Disputes"; docs/decisions/disputes.md). Lists, the single dispute
 * and its messages, the actions and the terms need accessCustomer; opening (and its lots and the
 * dispute types) any of reports, invoices or customer access. Amounts are integer cents.
 */
@ApiTags('disputes')
@Controller('app/house/:houseRef')
export class DisputesController {
  constructor(
    private readonly disputes: DisputesService,
    private readonly queries: DisputesQueries,
  ) {}

  @RequireAccess('accessCustomer')
  @Get('openDisputes')
  @ApiOperation({ summary: 'Open disputes, latest change first: { data: { disputes, totalRecords } }; optional page, size (max 500).' })
  openDisputes(@CurrentPrincipal() p: Principal, @Query('page') page?: string, @Query('size') size?: string) {
    return this.list(p, { kind: 'open' }, page, size);
  }

  @RequireAccess('accessCustomer')
  @Get('pastDisputes')
  @ApiOperation({
    summary: 'Closed, canceled and resolved disputes changed within `days` (180, 360): { data: { disputes, totalRecords } }.',
  })
  pastDisputes(@CurrentPrincipal() p: Principal, @Query('days') days?: string, @Query('page') page?: string, @Query('size') size?: string) {
    return this.list(p, { kind: 'past', days: intParam('days', days, 180, 3660) }, page, size);
  }

  @RequireAccess('accessCustomer')
  @Get('disputes')
  @ApiOperation({ summary: 'Every dispute of the house: { data: { disputes, totalRecords } }.' })
  allDisputes(@CurrentPrincipal() p: Principal, @Query('page') page?: string, @Query('size') size?: string) {
    return this.list(p, { kind: 'all' }, page, size);
  }

  @RequireAccess('accessCustomer')
  @Get('dispute/messages/:disputeID')
  @ApiOperation({
    summary: "A dispute's messages, oldest first: { data: { messages: [{ sender, sendDate, message }] } }. 404 not of the house.",
  })
  async messages(@CurrentPrincipal() p: Principal, @IdParam('disputeID', disputeNotFound) disputeId: number) {
    return { data: { messages: await this.queries.messages(p.houseId, disputeId) } };
  }

  @RequireAccess('accessCustomer')
  @Get('dispute/:disputeRef')
  @ApiOperation({ summary: 'One dispute: { data: { dispute } }. 404 not of the house.' })
  async one(@CurrentPrincipal() p: Principal, @Param('disputeRef') ref: string) {
    return { data: { dispute: await this.queries.byRef(p.houseId, ref) } };
  }

  @SignedIn()
  @Post('disputes')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'action open { houseUserRef, transactionIDs, message, reasonID } (reports, invoices or customer access) -> { data: { success, message, disputes } }; ' +
      'close, cancel, reopen, send { disputeIDs, message, houseUserRef } (customer access) -> { data: { success, message } }. ' +
      "400 with the spec's messages, 403 reopen by a non-super user or close without accepted terms, 404 not of the house, 409 lot already disputed.",
  })
  async act(@CurrentPrincipal() p: Principal, @Body() body: DisputeActionDto) {
    if (body.action === 'open') requireAny(p, OPEN_FLAGS);
    else requireAny(p, ['accessCustomer']);
    if (body.houseUserRef && body.houseUserRef !== p.userRef)
      throw new DomainError('forbidden', 'HOUSE_USER_MISMATCH', 'houseUserRef must be the signed-in user.');
    if (body.action === 'open') return { data: await this.disputes.open(p.houseId, p, parseOpen(body)) };
    return { data: await this.disputes.act(p.houseId, p, parseAction(body)) };
  }

  @SignedIn()
  @Post('disputes/lots')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Open New File: the selected lots (by lotRef) with canOpenDispute and why not: { data: { lots } }. Lots of another house are absent.',
  })
  async lots(@CurrentPrincipal() p: Principal, @Body() body: DisputeLotsDto) {
    requireAny(p, OPEN_FLAGS);
    return { data: { lots: await this.disputes.lotsForOpen(p.houseId, p, body.lotRefs) } };
  }

  @SignedIn()
  @Get('disputeTypes')
  @ApiOperation({ summary: 'The reasons and Mutual Resolution details: { data: { disputeTypes, mutualResolution } }.' })
  types(@CurrentPrincipal() p: Principal) {
    requireAny(p, OPEN_FLAGS);
    return { data: { disputeTypes: DISPUTE_TYPES, mutualResolution: MUTUAL_RESOLUTIONS } };
  }

  @RequireAccess('accessCustomer')
  @Post('acceptDisputeTerms')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "{ accepted: true } stores the house's acceptance: { data: { success: true } }. 400 'You must agree to these terms to continue'.",
  })
  async acceptTerms(@CurrentPrincipal() p: Principal, @Body() body: AcceptTermsDto) {
    await this.disputes.acceptTerms(p.houseId, body.accepted);
    return { data: { success: true } };
  }

  private async list(p: Principal, filter: DisputeListFilter, page?: string, size?: string) {
    return {
      data: await this.queries.list(
        p.houseId,
        filter,
        intParam('page', page, 1, 100_000),
        intParam('size', size, MAX_PAGE_SIZE, MAX_PAGE_SIZE),
      ),
    };
  }
}
