import { SandboxGatewayCharge } from './gateway/sandbox-gateway-charge.entity';
import { InvoiceChargeAttempt } from './charging/invoice-charge-attempt.entity';
import { BidderPaymentMethod } from './methods/bidder-payment-method.entity';

export const PAYMENTS_ENTITIES = [BidderPaymentMethod, SandboxGatewayCharge, InvoiceChargeAttempt];
