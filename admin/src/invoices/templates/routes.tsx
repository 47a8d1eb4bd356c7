import { lazy } from 'react';
import { route } from '../../routes/types';

const InvoiceTemplatesPage = lazy(() => import('./InvoiceTemplatesPage').then((m) => ({ default: m.InvoiceTemplatesPage })));

/** Spec 000 section 2, Invoice Templates: the dropdown and create-new page, and one template's page. */
export const invoiceTemplateRoutes = [
  route('/invoices/invoiceTemplates', 'Invoice Templates', 'invoices', <InvoiceTemplatesPage />),
  route('/invoices/invoiceTemplates/:settingsID', 'Invoice Templates', 'invoices', <InvoiceTemplatesPage />),
];
