import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { NotFoundPage } from '../../common/NotFoundPage';
import { PageHeader } from '../../kit/PageHeader';
import { ShellLoading } from '../../common/ShellLoading';
import { InvoiceEditor } from '../edit/InvoiceEditor';
import { fetchGroupDetailInfo } from '../invoiceApi';
import { INVOICE_TEXT } from '../invoiceTexts';
import { groupIdParam } from '../routeParams';
import { INVOICE_KEYS, useHouseRef } from '../useHouseRef';

const IN_PROGRESS_REFRESH_MS = 2000;

/**
 * Create New Invoices (/invoices/CreateNewInvoices/{invoiceGroupID}, spec 000 section 2): where the
 * wait dialog lands. While the group's invoices are being created it says so and looks again every
 * two seconds; then the invoice editor of Edit Invoices (totals strip, the per-lot-cost variant
 * when the first invoice's applyCostPerLot is false, else the invoice-level variant, and every
 * editing control).
 */
export function CreateNewInvoicesPage() {
  const groupId = groupIdParam(useParams().invoiceGroupID);
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();

  const details = useQuery({
    // The group and its creation state only: the editor loads the invoices.
    queryKey: INVOICE_KEYS.details(houseRef, groupId ?? 0, { view: 'create' }),
    queryFn: () => fetchGroupDetailInfo(dp, houseRef, groupId!, { page: 1, size: 1 }),
    enabled: houseRef !== '' && groupId !== null,
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) =>
      q.state.data && !q.state.data.invoiceGroup.invoiceCreated && !q.state.data.invoiceGroup.creationError
        ? IN_PROGRESS_REFRESH_MS
        : false,
  });
  const created = details.data?.invoiceGroup.invoiceCreated ?? false;

  if (groupId === null) return <NotFoundPage />;

  const d = details.data;

  return (
    <Stack spacing={2} data-testid="create-new-invoices">
      <PageHeader title="Create New Invoices" />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={`/invoices/InvoiceGroupDetails/${groupId}`}>
          {'< Invoice Group Details'}
        </Link>
        {created && (
          <Link component={RouterLink} to={`/invoices/EditInvoices/${groupId}`}>
            Edit Invoices
          </Link>
        )}
      </Box>
      {details.isPending ? (
        <ShellLoading />
      ) : details.isError || !d ? (
        <AppAlert message={INVOICE_TEXT.loadError} />
      ) : (
        <>
          <Box>
            <Typography variant="h6" component="h2" data-testid="group-title">
              {d.invoiceGroup.invoiceGroupTitle}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {d.catalogs.map((c) => `Day ${c.dayNumber}: ${c.title} (${c.date})`).join(' · ')}
            </Typography>
          </Box>
          {!created ? (
            d.invoiceGroup.creationError ? (
              <AppAlert message={INVOICE_TEXT.createFailed} />
            ) : (
              <Alert severity="info" data-testid="creation-in-progress">
                {INVOICE_TEXT.creationInProgress}
              </Alert>
            )
          ) : (
            // The editing controls (charges, marks, notes, contact, Preview & Send) as on Edit Invoices.
            <InvoiceEditor groupId={groupId} ids={null} showGroupHeader={false} />
          )}
        </>
      )}
    </Stack>
  );
}
