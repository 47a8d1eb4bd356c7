import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { IdParam } from '../../../../core/http/id-param';
import { invoiceNotFound } from '../../invoices/invoices.errors';
import { RefundDto, VoidPaymentDto } from './refunds.dto';
import { paymentNotFound } from './refunds.errors';
import { parseRefundBody, parseVoidBody } from './refunds.rules';
import { RefundsService } from './refunds.service';

const PANEL =
  '{ data: { invoiceID, invoiceNumber, version, invoiceStatus, invoiceTotalCents, paymentsMadeCents, balanceCents, payments: [{ id, kind, source, status, amountCents, amount, ' +
  'paymentMethodId, method, gatewayReference, date, dateString, createdAt, userName, reason, refundedPaymentId, lineId, lotNumber, additionalChargeId, voided, voidedAt, voidReason, voidedBy, ' +
  'refundedCents, refundableCents, canRefund, canVoid, refundInProgress }] } }';

/**
 * Refunds and corrections on an invoice's payments (issue 11; docs/decisions/refunds.md). A payment
 * user only (invoices and settlement access), as for charging; 403 otherwise. Another house's
 * invoice, or a payment of another invoice, is 404.
 */
@ApiTags('payments')
@Controller('app/house/:houseRef/invoice')
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @RequireAccess('accessInvoices', 'accessSettlement')
  @Get(':id/payments')
  @ApiOperation({
    summary: `The invoice's payments panel: its balance and status and every ledger row (payments and refunds, voided ones marked). ${PANEL}`,
  })
  async list(@CurrentPrincipal() p: Principal, @IdParam('id', invoiceNotFound) invoiceId: number) {
    return { data: await this.refunds.panel(p.houseId, invoiceId) };
  }

  @RequireAccess('accessInvoices', 'accessSettlement')
  @Post(':id/payments/:paymentId/refund')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Refunds all or part of a settled card or ACH payment through the gateway, exactly once, with a reason; re-prices the invoice and audits. ' +
      `Answers the panel after, with message, refundId and replayed (a requestId already refunded answers that refund). ${PANEL}. ` +
      '400 amount or reason, 404 invoice or payment, 409 not refundable or in progress, 503 gateway unavailable (nothing refunded) or outcome unknown (reconciled later).',
  })
  async refund(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceNotFound) invoiceId: number,
    @IdParam('paymentId', paymentNotFound) paymentId: number,
    @Body() body: RefundDto,
  ) {
    const input = parseRefundBody(body);
    return { data: await this.refunds.refund(p.houseId, p, invoiceId, paymentId, input) };
  }

  @RequireAccess('accessInvoices', 'accessSettlement')
  @Post(':id/payments/:paymentId/void')
  @HttpCode(200)
  @ApiOperation({
    summary: `Voids an offline payment with a reason (card and ACH payments are refunded instead); re-prices the invoice and audits. Answers the panel after. ${PANEL}`,
  })
  async void(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceNotFound) invoiceId: number,
    @IdParam('paymentId', paymentNotFound) paymentId: number,
    @Body() body: VoidPaymentDto,
  ) {
    const { reason } = parseVoidBody(body);
    return { data: await this.refunds.voidPayment(p.houseId, p, invoiceId, paymentId, reason) };
  }
}
