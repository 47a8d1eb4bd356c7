import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { ArrayBody } from '../../../core/http/array-body';
import { IdParam } from '../../../core/http/id-param';
import { InvoiceIdsDto } from '../invoices/invoice-ids.dto';
import { MAX_IDS } from '../invoices/invoice-list-query';
import { invoiceGroupNotFound, InvoicesError } from '../invoices/invoices.errors';
import { InvoicePreviewService } from './invoice-preview.service';

/** The Invoice Preview screen's documented call (spec 000 sections 2, 3 and 7). */
@ApiTags('invoices')
@Controller('app/house/:houseRef/invoiceGroup/:id')
export class InvoicePreviewController {
  constructor(private readonly previews: InvoicePreviewService) {}

  @RequireAccess('accessInvoices')
  @Post('invoicePreview')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The named invoices of the group as the bidder sees them (InvoicePreview of @ar/rules: addresses, visible lots, totals, ' +
      'amount due, restricted and online totals, payment options, template messages and email settings): ' +
      '{ data: { data: { invoiceGroups } } }, one entry per invoice in the order asked, each once. Ids of other groups are ignored.',
  })
  @ApiBody({
    description: `The invoice ids (numbers or their digits), at most ${MAX_IDS}; an empty list answers none`,
    schema: { type: 'array', items: { type: 'integer' }, maxItems: MAX_IDS, example: [101, 102] },
  })
  async invoicePreview(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceGroupNotFound) groupId: number,
    @ArrayBody(InvoiceIdsDto, { field: 'invoiceIDs', invalid: (f) => InvoicesError.invalid(f) }) body: InvoiceIdsDto,
  ) {
    return { data: { data: { invoiceGroups: await this.previews.previews(p.houseId, groupId, body.invoiceIDs) } } };
  }
}
