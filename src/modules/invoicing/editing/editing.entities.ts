import { InvoiceAdditionalCharge } from './charges/invoice-additional-charge.entity';
import { InvoiceAudit } from './audit/invoice-audit.entity';
import { InvoicePayment } from './core/invoice-payment.entity';

export const EDITING_ENTITIES = [InvoiceAudit, InvoicePayment, InvoiceAdditionalCharge];
