import { lazy } from 'react';
import { route } from '../routes/types';
import { invoiceTemplateRoutes } from './templates/routes';

// Each screen is its own chunk: the shell loads none of them until the route is opened.
const ManageInvoicesPage = lazy(() => import('./manage/ManageInvoicesPage').then((m) => ({ default: m.ManageInvoicesPage })));
const CreateNewInvoicesPage = lazy(() => import('./create/CreateNewInvoicesPage').then((m) => ({ default: m.CreateNewInvoicesPage })));
const EditInvoicesPage = lazy(() => import('./edit/EditInvoicesPage').then((m) => ({ default: m.EditInvoicesPage })));
const InvoiceGroupDetailsPage = lazy(() =>
  import('./details/InvoiceGroupDetailsPage').then((m) => ({ default: m.InvoiceGroupDetailsPage })),
);

// Spec 000 section 2: the invoicing screens. Invoices need accessInvoices and
// invoicing not disabled for the house.
export const invoiceRoutes = [
  route('/invoices', 'Manage All Invoices', 'invoices', <ManageInvoicesPage tab="uninvoiced" />),
  route('/invoices/ExistingInvoices', 'Existing Invoices', 'invoices', <ManageInvoicesPage tab="existing" />),
  route('/invoices/CreateNewInvoices/:invoiceGroupID', 'Create New Invoices', 'invoices', <CreateNewInvoicesPage />),
  route('/invoices/EditInvoices/:invoiceGroupID', 'Edit Invoices', 'invoices', <EditInvoicesPage />),
  route('/invoices/InvoiceGroupDetails/:invoiceGroupID', 'Invoice Group Details', 'invoices', <InvoiceGroupDetailsPage />),
  route('/invoices/InvoiceAutoCharge/:invoiceGroupID/invoice/:invoiceIDList', "Automatically charge buyers' credit cards", 'invoices'),
  route('/invoices/InvoiceGroupPreview/:invoiceGroupID/invoice/:invoiceIDList', 'Invoice Preview', 'invoices'),
  route('/invoices/SentInvoices/:invoiceGroupID/:invoiceIDList', 'Sent Invoices', 'invoices'),
  ...invoiceTemplateRoutes,
];
