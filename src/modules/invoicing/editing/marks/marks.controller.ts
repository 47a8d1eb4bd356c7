import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { PaidMarkDto, ShippedMarkDto } from './marks.dto';
import { MarkKind, MarkScope, parseMarkRequest } from './marks.rules';
import { InvoiceMarksService } from './marks.service';

const ANSWER =
  'Answers 200 { data: { success: true, invoices: Invoice[] } } (the touched invoices as groupDetailInfoByInvoice shows them, with their new version). ' +
  'Single form or batch form { paidInvoices: [...] } (all or nothing). 400 field errors, 404 unknown invoice or lot, 409 stale version, payment pending, paid online or hidden lot.';

/** Paid, shipped and picked-up marks (spec 000 §4, §5, §7): four calls, each in a single and a batch form. */
@ApiTags('invoice editing')
@Controller('app/house/:houseRef')
export class InvoiceMarksController {
  constructor(private readonly marks: InvoiceMarksService) {}

  @RequireAccess('accessInvoices')
  @Post('invoicePaidOnly')
  @HttpCode(200)
  @ApiOperation({
    summary: `Marks invoices paid (recording the outstanding balance as an offline payment) or not paid (voiding them). ${ANSWER}`,
  })
  paid(@CurrentPrincipal() p: Principal, @Body() body: PaidMarkDto) {
    return this.run(p, body, 'paid', 'invoice');
  }

  @RequireAccess('accessInvoices')
  @Post('invoicePaidOnlyByDetail')
  @HttpCode(200)
  @ApiOperation({ summary: `Marks one lot (invoiceDetailID) paid or not paid. ${ANSWER}` })
  paidByDetail(@CurrentPrincipal() p: Principal, @Body() body: PaidMarkDto) {
    return this.run(p, body, 'paid', 'line');
  }

  @RequireAccess('accessInvoices')
  @Post('invoiceShippedOnly')
  @HttpCode(200)
  @ApiOperation({ summary: `Marks every visible lot of invoices shipped (Picked Up on pickup invoices) or undoes it. ${ANSWER}` })
  shipped(@CurrentPrincipal() p: Principal, @Body() body: ShippedMarkDto) {
    return this.run(p, body, 'shipped', 'invoice');
  }

  @RequireAccess('accessInvoices')
  @Post('invoiceShippedOnlyByDetail')
  @HttpCode(200)
  @ApiOperation({ summary: `Marks one lot (invoiceDetailID) shipped or undoes it. ${ANSWER}` })
  shippedByDetail(@CurrentPrincipal() p: Principal, @Body() body: ShippedMarkDto) {
    return this.run(p, body, 'shipped', 'line');
  }

  private async run(p: Principal, body: unknown, kind: MarkKind, scope: MarkScope) {
    const request = parseMarkRequest(body, kind, scope);
    return { data: { success: true, invoices: await this.marks.mark(p.houseId, p, kind, scope, request) } };
  }
}
