import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { ArrayBody } from '../../../core/http/array-body';
import { IdParam } from '../../../core/http/id-param';
import { MAX_IDS } from '../invoices/invoice-list-query';
import { invoiceGroupNotFound, InvoicesError } from '../invoices/invoices.errors';
import { InvoiceIdsDto } from '../invoices/invoice-ids.dto';
import { InvoiceSendingService } from './invoice-sending.service';

const IDS_BODY = {
  description: `The invoice ids (numbers or their digits), 1 to ${MAX_IDS}; ids of other groups are ignored`,
  schema: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: MAX_IDS, example: [101, 102] },
} as const;

export const SENDING_TEXT = {
  noInvoices: 'Choose at least one invoice.',
} as const;

/** The ids of `groupDetailInfoByInvoice`'s body, at least one (an empty list: 400, as any bad body). */
function atLeastOne(body: InvoiceIdsDto): number[] {
  if (!body.invoiceIDs.length) throw InvoicesError.invalid({ invoiceIDs: SENDING_TEXT.noInvoices });
  return body.invoiceIDs;
}

/** Send All of the Invoice Preview (spec 000 sections 2 and 7) and the Sent page's data. */
@ApiTags('invoices')
@Controller('app/house/:houseRef/invoiceGroup/:id')
export class InvoiceSendingController {
  constructor(private readonly sending: InvoiceSendingService) {}

  @RequireAccess('accessInvoices')
  @Post('invoiceSend')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sends each invoice's current version once: { data: { success: 'true', jobId, invoiceCount, recorded, alreadySent, notSent } }. " +
      'Sent dates and statuses are set before it answers; the mails are rendered and queued by the job (progress at /api/jobs/{jobId}).',
  })
  @ApiBody(IDS_BODY)
  async invoiceSend(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceGroupNotFound) groupId: number,
    @ArrayBody(InvoiceIdsDto, { field: 'invoiceIDs', invalid: (f) => InvoicesError.invalid(f) }) body: InvoiceIdsDto,
  ) {
    return { data: await this.sending.send(p.houseId, groupId, atLeastOne(body)) };
  }

  @RequireAccess('accessInvoices')
  @Post('invoiceSendConfirmation')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The Sent page: { data: { data: { invoiceConfirmations: [{ invoiceID, invoiceNumber, memberName, companyName, companyID, location, ' +
      'currencyCode, outstandingBalance, invoiceStatus, delivery, deliveryReason, sentDateString }], invoiceConfirmationTotal } } }',
  })
  @ApiBody(IDS_BODY)
  async invoiceSendConfirmation(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceGroupNotFound) groupId: number,
    @ArrayBody(InvoiceIdsDto, { field: 'invoiceIDs', invalid: (f) => InvoicesError.invalid(f) }) body: InvoiceIdsDto,
  ) {
    return { data: { data: await this.sending.confirmation(p.houseId, groupId, atLeastOne(body)) } };
  }
}
