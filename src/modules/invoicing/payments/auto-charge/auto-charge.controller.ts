import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { ArrayBody } from '../../../../core/http/array-body';
import { IdParam } from '../../../../core/http/id-param';
import { InvoiceIdsDto } from '../../invoices/invoice-ids.dto';
import { MAX_IDS } from '../../invoices/invoice-list-query';
import { invoiceGroupNotFound, InvoicesError } from '../../invoices/invoices.errors';
import { AutoChargeService } from './auto-charge.service';
import { SetAutoChargeDto } from './set-auto-charge.dto';

/**
 * Auto-charge (spec 000 section 7: autoCharge, setAutoCharge). A payment user only (invoices and
 * settlement access) of a house that takes online payments and has auto-charge enabled; 403 otherwise.
 */
@ApiTags('payments')
@Controller('app')
export class AutoChargeController {
  constructor(private readonly autoCharge: AutoChargeService) {}

  @RequireAccess('accessInvoices', 'accessSettlement')
  @Post('house/:houseRef/invoiceGroup/:id/autoCharge')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The named invoices of the group an auto-charge could charge: { data: { eligibleInvoiceList: [{ invoiceID, invoiceNumber, total, totalCents, eligibleAmount, eligibleAmountCents, ' +
      'firstName, lastName, channel, approvalID, currencySymbol, autoChargeDate, firstEligibleAutoChargeDate }] } } (dates MM/DD/YYYY).',
  })
  @ApiBody({ description: `The invoice ids, at most ${MAX_IDS}`, schema: { type: 'array', items: { type: 'integer' }, maxItems: MAX_IDS } })
  async list(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceGroupNotFound) groupId: number,
    @ArrayBody(InvoiceIdsDto, { field: 'invoiceIDs', invalid: (f) => InvoicesError.invalid(f) }) body: InvoiceIdsDto,
  ) {
    return { data: { eligibleInvoiceList: await this.autoCharge.eligibleList(p.houseId, groupId, body.invoiceIDs) } };
  }

  @RequireAccess('accessInvoices', 'accessSettlement')
  @Post('invoice/setAutoCharge')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sets the auto-charge date of the caller's house's invoices (two to seven days ahead, house time zone), or removes it (null): { data: { updated } }. " +
      'A date outside the window: 400 with fieldErrors.autoChargeDate; an id of another house: 404, nothing changed.',
  })
  async set(@CurrentPrincipal() p: Principal, @Body() body: SetAutoChargeDto) {
    return { data: await this.autoCharge.setDate(p.houseId, body.autoChargeDate, body.invoiceIDs) };
  }
}
