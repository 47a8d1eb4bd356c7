import { Link, Stack } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { NotFoundPage } from '../../common/NotFoundPage';
import { PageTitle } from '../../common/PageTitle';
import { groupIdParam } from '../routeParams';
import { InvoiceEditor } from './InvoiceEditor';
import { idListParam } from './idList';

/**
 * Edit Invoices (/invoices/EditInvoices/{invoiceGroupID}, optional `?id=` comma-separated invoice
 * ids; spec 000 section 2): the link back to Invoice Group Details, then the invoice editor.
 */
export function EditInvoicesPage() {
  const groupId = groupIdParam(useParams().invoiceGroupID);
  const [params] = useSearchParams();
  const ids = idListParam(params.get('id'));
  if (groupId === null) return <NotFoundPage />;
  return (
    <Stack spacing={2} data-testid="edit-invoices">
      <PageTitle title="Edit Invoices" />
      <Link
        component={RouterLink}
        to={`/invoices/InvoiceGroupDetails/${groupId}`}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="back-to-details"
      >
        {'< Invoice Group Details'}
      </Link>
      <InvoiceEditor key={`${groupId}:${ids?.join(',') ?? ''}`} groupId={groupId} ids={ids} />
    </Stack>
  );
}
