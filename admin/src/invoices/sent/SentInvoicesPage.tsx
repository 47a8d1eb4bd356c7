import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, Stack } from '@mui/material';
import { Datagrid, FunctionField, ListContextProvider, NumberField, ResourceContextProvider, TextField, useList } from 'react-admin';
import { PREVIEW_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { ErrorAlert, NOT_FOUND_TEXT } from '../../kit/ErrorAlert';
import { PageHeader } from '../../kit/PageHeader';
import { StatusChip } from '../../kit/StatusChip';
import { TotalsStrip } from '../../kit/TotalsStrip';
import { idListParam } from '../edit/idList';
import { groupIdParam } from '../routeParams';
import { INVOICE_KEYS, useHouseRef } from '../useHouseRef';
import { retryUnlessRefused } from '../preview/previewNav';
import { fetchSendConfirmation, type InvoiceConfirmation } from './sentApi';
import { balanceText, currencySymbol, deliveryChip, nameWithCompany, notSentCount, sentBanner } from './sentTexts';

type Row = InvoiceConfirmation & { id: number };

/**
 * Sent Invoices (spec 000 section 2): after Send All, the banner (and how many did not go out),
 * the totals and one row per invoice with its status and its delivery. The rows are react-admin's
 * in-memory list (`useList`) in a `Datagrid`.
 */
export function SentInvoicesPage() {
  const params = useParams();
  const groupId = groupIdParam(params.invoiceGroupID);
  const ids = useMemo(() => idListParam(params.invoiceIDList ?? null) ?? [], [params.invoiceIDList]);
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const back = groupId ? { to: `/invoices/InvoiceGroupDetails/${groupId}`, label: PREVIEW_TEXT.backToGroupDetails } : undefined;

  const confirmation = useQuery({
    queryKey: [...INVOICE_KEYS.all, 'sendConfirmation', houseRef, groupId, ids],
    queryFn: () => fetchSendConfirmation(dp, houseRef, groupId!, ids),
    enabled: !!houseRef && groupId !== null && ids.length > 0,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
  const rows = useMemo<Row[]>(
    () => (confirmation.data?.invoiceConfirmations ?? []).map((c) => ({ ...c, id: c.invoiceID })),
    [confirmation.data],
  );
  const list = useList<Row>({
    data: rows,
    isPending: confirmation.isPending,
    resource: 'sent-invoices',
    // One page: the ids of the URL (at most 5,000, idListParam).
    perPage: 5000,
    sort: { field: 'invoiceNumber', order: 'ASC' },
  });

  if (groupId === null || ids.length === 0) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Sent Invoices" back={back} />
        <AppAlert severity="warning" message={NOT_FOUND_TEXT} />
      </Stack>
    );
  }
  const total = confirmation.data?.invoiceConfirmationTotal;
  const banner = sentBanner(rows.length, notSentCount(rows));
  const symbol = currencySymbol(rows[0]?.currencyCode);

  return (
    <Stack spacing={2} data-testid="sent-invoices">
      <PageHeader title="Sent Invoices" back={back} />
      {confirmation.isError ? (
        <ErrorAlert error={confirmation.error} notFound="These invoices were not found." />
      ) : confirmation.isPending || !total ? (
        <ShellLoading />
      ) : (
        <>
          <Alert severity={banner.severity} data-testid="sent-banner">
            {banner.text}
          </Alert>
          <TotalsStrip
            testId="sent-totals"
            symbol={symbol}
            items={[
              { label: 'Total Invoices', value: total.invoiceCount, testId: 'sent-total-invoices' },
              { label: 'Total Items', value: total.itemCount, testId: 'sent-total-items' },
              { label: 'Invoice Total', value: total.invoiceTotalCents, money: true, testId: 'sent-invoice-total' },
              { label: 'Total Pending Charges', value: total.pendingChargesCents, money: true, testId: 'sent-pending-charges' },
            ]}
          />
          <Card variant="outlined" sx={{ overflowX: 'auto' }}>
            <ResourceContextProvider value="sent-invoices">
              <ListContextProvider value={list}>
                <Datagrid bulkActionButtons={false} rowClick={false} data-testid="sent-table">
                  <NumberField source="invoiceNumber" label="Invoice #" options={{ useGrouping: false }} textAlign="left" />
                  <FunctionField<Row> source="memberName" label="Name" render={(r) => nameWithCompany(r.memberName, r.companyName)} />
                  <TextField source="location" label="Location" sortable={false} />
                  <FunctionField<Row>
                    source="outstandingBalanceCents"
                    label="Outstanding Balance"
                    textAlign="right"
                    render={(r) => (
                      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{balanceText(r.currencyCode, r.outstandingBalanceCents)}</span>
                    )}
                  />
                  <FunctionField<Row>
                    source="invoiceStatus"
                    label="Status"
                    render={(r) => {
                      const chip = deliveryChip(r.delivery, r.deliveryReason);
                      return (
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                          <span data-testid="sent-status">{r.invoiceStatus}</span>
                          {chip && <StatusChip label={chip.label} tone={chip.tone} data-testid="sent-delivery" />}
                        </Box>
                      );
                    }}
                  />
                </Datagrid>
              </ListContextProvider>
            </ResourceContextProvider>
          </Card>
        </>
      )}
    </Stack>
  );
}
