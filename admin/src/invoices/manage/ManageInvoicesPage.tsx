import { Box, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../kit/PageHeader';
import { ExistingInvoices } from './ExistingInvoices';
import { UninvoicedSessions } from './UninvoicedSessions';

export type ManageTab = 'uninvoiced' | 'existing';

/**
 * Manage All Invoices (spec 000 section 2): the Uninvoiced Sessions tab at /invoices and the
 * Existing Invoices tab at /invoices/ExistingInvoices. /invoices carrying the Existing Invoices
 * date parameters (start, end) opens that tab too ("also /invoices").
 */
export function ManageInvoicesPage({ tab }: { tab: ManageTab }) {
  const [params] = useSearchParams();
  const shown: ManageTab = tab === 'uninvoiced' && (params.has('start') || params.has('end')) ? 'existing' : tab;
  return (
    <Box data-testid="manage-invoices">
      <PageHeader title={tab === 'existing' ? 'Existing Invoices' : 'Manage All Invoices'} />
      <Tabs value={shown} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label="Manage All Invoices">
        <Tab value="uninvoiced" label="Uninvoiced Sessions" component={RouterLink} to="/invoices" data-testid="tab-uninvoiced" />
        <Tab value="existing" label="Existing Invoices" component={RouterLink} to="/invoices/ExistingInvoices" data-testid="tab-existing" />
      </Tabs>
      {shown === 'existing' ? <ExistingInvoices /> : <UninvoicedSessions />}
    </Box>
  );
}
