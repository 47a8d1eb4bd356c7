import { lazy, useState, type ComponentType } from 'react';
import { route } from '../routes/types';
import { prefetchGroupDetails } from './details/prefetch';
import { invoiceTemplateRoutes } from './templates/routes';

// Each screen is its own chunk: the shell loads none of them until the route is opened.
const ManageInvoicesPage = lazy(() => import('./manage/ManageInvoicesPage').then((m) => ({ default: m.ManageInvoicesPage })));
const CreateNewInvoicesPage = lazy(() => import('./create/CreateNewInvoicesPage').then((m) => ({ default: m.CreateNewInvoicesPage })));
const EditInvoicesPage = lazy(() => import('./edit/EditInvoicesPage').then((m) => ({ default: m.EditInvoicesPage })));
const InvoicePreviewPage = lazy(() => import('./preview/InvoicePreviewPage').then((m) => ({ default: m.InvoicePreviewPage })));
const AutoChargePage = lazy(() => import('./auto-charge/AutoChargePage').then((m) => ({ default: m.AutoChargePage })));
const SentInvoicesPage = lazy(() => import('./sent/SentInvoicesPage').then((m) => ({ default: m.SentInvoicesPage })));

// Invoice Group Details: its chunk and its reads start as the app's code loads on its URL
// (details/prefetch.ts). Once the chunk is in, the screen renders at once, not through a Suspense
// fallback first (React holds a revealed fallback for up to 300 ms).
let LoadedGroupDetails: ComponentType | null = null;
const loadGroupDetails = () =>
  import('./details/InvoiceGroupDetailsPage').then((m) => {
    LoadedGroupDetails = m.InvoiceGroupDetailsPage;
    return { default: m.InvoiceGroupDetailsPage };
  });
const LazyGroupDetails = lazy(loadGroupDetails);
prefetchGroupDetails(loadGroupDetails);
function InvoiceGroupDetailsPage() {
  const [Page] = useState(() => LoadedGroupDetails ?? LazyGroupDetails);
  return <Page />;
}

// Spec 000 section 2: the invoicing screens. Invoices need accessInvoices and
// invoicing not disabled for the house.
export const invoiceRoutes = [
  route('/invoices', 'Manage All Invoices', 'invoices', <ManageInvoicesPage tab="uninvoiced" />),
  route('/invoices/ExistingInvoices', 'Existing Invoices', 'invoices', <ManageInvoicesPage tab="existing" />),
  route('/invoices/CreateNewInvoices/:invoiceGroupID', 'Create New Invoices', 'invoices', <CreateNewInvoicesPage />),
  route('/invoices/EditInvoices/:invoiceGroupID', 'Edit Invoices', 'invoices', <EditInvoicesPage />),
  route('/invoices/InvoiceGroupDetails/:invoiceGroupID', 'Invoice Group Details', 'invoices', <InvoiceGroupDetailsPage />),
  route(
    '/invoices/InvoiceAutoCharge/:invoiceGroupID/invoice/:invoiceIDList',
    "Automatically charge buyers' credit cards",
    'manageAutoCharge',
    <AutoChargePage />,
  ),
  route('/invoices/InvoiceGroupPreview/:invoiceGroupID/invoice/:invoiceIDList', 'Invoice Preview', 'invoices', <InvoicePreviewPage />),
  route('/invoices/SentInvoices/:invoiceGroupID/:invoiceIDList', 'Sent Invoices', 'invoices', <SentInvoicesPage />),
  ...invoiceTemplateRoutes,
];
