import { route } from '../routes/types';

// Spec 000 section 2: the invoicing screens. Invoices need accessInvoices and
// invoicing not disabled for the house.
export const invoiceRoutes = [
  route('/invoices', 'Manage All Invoices', 'invoices'),
  route('/invoices/ExistingInvoices', 'Existing Invoices', 'invoices'),
  route('/invoices/CreateNewInvoices/:invoiceGroupID', 'Create New Invoices', 'invoices'),
  route('/invoices/EditInvoices/:invoiceGroupID', 'Edit Invoices', 'invoices'),
  route('/invoices/InvoiceGroupDetails/:invoiceGroupID', 'Invoice Group Details', 'invoices'),
  route('/invoices/InvoiceAutoCharge/:invoiceGroupID/invoice/:invoiceIDList', "Automatically charge buyers' credit cards", 'invoices'),
  route('/invoices/InvoiceGroupPreview/:invoiceGroupID/invoice/:invoiceIDList', 'Invoice Preview', 'invoices'),
  route('/invoices/SentInvoices/:invoiceGroupID/:invoiceIDList', 'Sent Invoices', 'invoices'),
  route('/invoices/invoiceTemplates', 'Invoice Templates', 'invoices'),
  route('/invoices/invoiceTemplates/:settingsID', 'Invoice Templates', 'invoices'),
];
