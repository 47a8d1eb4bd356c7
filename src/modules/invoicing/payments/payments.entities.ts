import { SandboxGatewayCharge } from './gateway/sandbox-gateway-charge.entity';
import { BidderPaymentMethod } from './methods/bidder-payment-method.entity';

export const PAYMENTS_ENTITIES = [BidderPaymentMethod, SandboxGatewayCharge];
