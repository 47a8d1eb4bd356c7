import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { ArrayBody } from '../../../core/http/array-body';
import { IdParam } from '../../../core/http/id-param';
import { SessionDetailsService } from '../session-wizard/session-details.service';
import { SessionWizardError } from '../session-wizard/session-wizard.errors';
import { BinSaleService } from './bin-sale.service';
import {
  BinInvoiceSettingsDto,
  BinTermDto,
  BinTermsDto,
  IndependentContactsDto,
  PaymentMethodIdsDto,
  ShipToCodesDto,
  ShipToQueryDto,
} from './dto/bin-sale.dto';

const groupNotFound = () => SessionWizardError.groupNotFound();
const sessionNotFound = () => SessionWizardError.sessionNotFound();

/**
 * The buy-now wizard's step 1 calls (spec 001 section 7 "Bin step 1"), behind accessCalendar like
 * the rest of the wizard. `{groupID}` must be a buy-now sale of the caller's house (404 otherwise).
 * The invoice settings live on the bin group, not on an invoice template (docs/decisions/bin-wizard.md).
 */
@ApiTags('bin-wizard')
@RequireAccess('accessCalendar')
@Controller()
export class BinSaleController {
  constructor(
    private readonly bin: BinSaleService,
    private readonly details: SessionDetailsService,
  ) {}

  @Get('app/house/:houseRef/bin/group/:groupID/payments')
  async payments(@CurrentPrincipal() p: Principal, @IdParam('groupID', groupNotFound) groupId: number) {
    return { data: { paymentMethods: await this.bin.paymentMethods(p.houseId, groupId) } };
  }

  @Post('app/house/:houseRef/bin/group/:groupID/payments')
  @HttpCode(200)
  @ApiBody({ type: [Number], description: 'Accepted payment-method ids (3 Visa, 4 MasterCard, 5 Discover, 6 American Express)' })
  async savePayments(
    @CurrentPrincipal() p: Principal,
    @IdParam('groupID', groupNotFound) groupId: number,
    @ArrayBody(PaymentMethodIdsDto, { field: 'paymentMethods' }) body: PaymentMethodIdsDto,
  ) {
    return { data: { paymentMethods: await this.bin.savePaymentMethods(p.houseId, groupId, body.paymentMethods) } };
  }

  @Get('app/house/:houseRef/bin/group/:groupID/shipTo')
  async shipTo(@CurrentPrincipal() p: Principal, @IdParam('groupID', groupNotFound) groupId: number) {
    return { data: { binShipTo: await this.bin.shipTo(p.houseId, groupId) } };
  }

  @Post('app/house/:houseRef/bin/group/:groupID/shipTo')
  @HttpCode(200)
  @ApiBody({ type: [String], description: 'Excluded country codes' })
  async saveShipTo(
    @CurrentPrincipal() p: Principal,
    @IdParam('groupID', groupNotFound) groupId: number,
    @Query() _query: ShipToQueryDto,
    @ArrayBody(ShipToCodesDto, { field: 'countries' }) body: ShipToCodesDto,
  ) {
    return { data: { binShipTo: await this.bin.saveShipTo(p.houseId, groupId, body.countries) } };
  }

  @Get('app/house/:houseRef/bin/group/:groupID/terms')
  async terms(@CurrentPrincipal() p: Principal, @IdParam('groupID', groupNotFound) groupId: number) {
    return { data: { terms: await this.bin.terms(p.houseId, groupId) } };
  }

  @Post('app/house/:houseRef/bin/group/:groupID/terms')
  @HttpCode(200)
  @ApiBody({ type: [BinTermDto] })
  async saveTerms(
    @CurrentPrincipal() p: Principal,
    @IdParam('groupID', groupNotFound) groupId: number,
    @ArrayBody(BinTermsDto, { field: 'terms' }) body: BinTermsDto,
  ) {
    return { data: { terms: await this.bin.saveTerms(p.houseId, groupId, body.terms) } };
  }

  @Get('app/house/:houseRef/bin/group/:groupID/invoiceSettings')
  async invoiceSettings(@CurrentPrincipal() p: Principal, @IdParam('groupID', groupNotFound) groupId: number) {
    return { data: { groupSettings: await this.bin.invoiceSettings(p.houseId, groupId) } };
  }

  @Post('app/house/:houseRef/bin/group/:groupID/invoiceSettings')
  @HttpCode(200)
  async saveInvoiceSettings(
    @CurrentPrincipal() p: Principal,
    @IdParam('groupID', groupNotFound) groupId: number,
    @Body() body: BinInvoiceSettingsDto,
  ) {
    return { data: { groupSettings: await this.bin.saveInvoiceSettings(p.houseId, groupId, body) } };
  }

  @Post('cps/app/catalog/:catalogID/contacts/independent')
  @HttpCode(200)
  async saveContacts(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: IndependentContactsDto,
  ) {
    return { data: { contacts: await this.details.saveContacts(p.houseId, catalogId, body.contacts, true) } };
  }
}
