import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { OneOrManyBody } from '../../../../core/http/one-or-many-body';
import { ChargeFormDto } from './charges.dto';
import { MAX_CHARGE_BODIES, parseChargeRequests } from './charges.rules';
import { ChargesService } from './charges.service';

/** `POST /app/house/{houseRef}/additionalCharges` (spec 000 section 7): the Add/Edit Charges modal's save. */
@ApiTags('invoice editing')
@Controller('app/house/:houseRef')
export class ChargesController {
  constructor(private readonly charges: ChargesService) {}

  @RequireAccess('accessInvoices')
  @Post('additionalCharges')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Charges of a lot (per-lot form: invoiceID, lotID, tax, shipping, insurance, other, version; one object or an array, one per lot) or of an invoice ' +
      '(invoice-level form: no lotID, isLastInvoice). Once the invoice is paid (processor p, online payment) they become additional charges. ' +
      'Answers { data: { success, invoiceID, version, additionalCharge, changed, invoices, invoice, totals? } }; a stale version answers 409.',
  })
  @ApiBody({
    schema: {
      example: {
        invoiceID: 101,
        lotID: 5501,
        suppress: false,
        restricted: false,
        paid: false,
        tax: 0,
        shipping: '12.50',
        insurance: 2,
        other: -5,
        additionalCharge: false,
        version: 3,
      },
    },
  })
  async save(
    @CurrentPrincipal() p: Principal,
    @OneOrManyBody(ChargeFormDto, { max: MAX_CHARGE_BODIES }) body: ChargeFormDto | ChargeFormDto[],
  ) {
    return { data: await this.charges.save(p, parseChargeRequests(body)) };
  }
}
