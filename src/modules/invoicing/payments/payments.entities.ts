import { SandboxGatewayCharge } from './gateway/sandbox-gateway-charge.entity';
import { InvoiceChargeAttempt } from './charging/invoice-charge-attempt.entity';
import { BidderPaymentMethod } from './methods/bidder-payment-method.entity';
import { InvoiceAutoChargeRun } from './auto-charge/invoice-auto-charge-run.entity';
import { PaymentSettlementCursor, PaymentSettlementEvent } from './settlement/payment-settlement.entities';
import { InvoiceRefundAttempt } from './refunds/invoice-refund-attempt.entity';

export const PAYMENTS_ENTITIES = [
  BidderPaymentMethod,
  SandboxGatewayCharge,
  InvoiceChargeAttempt,
  InvoiceAutoChargeRun,
  PaymentSettlementCursor,
  PaymentSettlementEvent,
  InvoiceRefundAttempt,
];
