import { InvoiceGroup } from './groups/invoice-group.entity';
import { InvoiceGroupCatalog } from './groups/invoice-group-catalog.entity';
import { Invoice } from './invoices/invoice.entity';
import { InvoiceLine } from './invoices/invoice-line.entity';
import { InvoiceNumberCounter } from './invoices/invoice-number-counter.entity';
import { InvoiceSend } from './sending/invoice-send.entity';

export const INVOICING_ENTITIES = [InvoiceGroup, InvoiceGroupCatalog, Invoice, InvoiceLine, InvoiceNumberCounter, InvoiceSend];
