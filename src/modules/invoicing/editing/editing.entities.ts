import { InvoiceAdditionalCharge } from './invoice-additional-charge.entity';
import { InvoiceAudit } from './invoice-audit.entity';
import { InvoicePayment } from './invoice-payment.entity';

export const EDITING_ENTITIES = [InvoiceAudit, InvoicePayment, InvoiceAdditionalCharge];
