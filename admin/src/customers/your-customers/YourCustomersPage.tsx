import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, TextField, useListController } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  formatPhone,
  usDate,
  YOUR_CUSTOMERS_PAGE_SIZES,
  YOUR_CUSTOMERS_SEARCH_MAX,
  YOUR_CUSTOMERS_TEXT as T,
  type YourCustomer,
} from '@ar/rules';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { SearchToolbar } from '../../common/SearchToolbar';
import { ShellLoading } from '../../common/ShellLoading';
import { useHouseRef } from '../../invoices/useHouseRef';
import { AppSelect } from '../../kit/AppSelect';
import { EmptyState } from '../../kit/EmptyState';
import { ListPager } from '../../kit/ListPager';
import { PageHeader } from '../../kit/PageHeader';
import { ToolbarButton } from '../../kit/ToolbarButton';
import {
  downloadCustomersCsv,
  downloadKeywordReport,
  fetchGroups,
  listFilter,
  YOUR_CUSTOMERS,
  type YourCustomersFilter,
} from './yourCustomersApi';

const BY_LAST_NAME = { field: 'lastName', order: 'ASC' } as const;

const place = (c: YourCustomer) =>
  [c.address.city, c.address.stateID ?? c.address.province, c.address.countryName].filter((x) => x && x.trim()).join(', ');

/**
 * Your Customers (/your-customers; spec 001 "Your Customers"): the bidders registered for the
 * house's sales, searched and filtered by sale group (both kept in the URL: q, group), in
 * react-admin's Datagrid sorted and paged by the server (50/100/200). Download .CSV writes every
 * customer of the filter as yourCustomers_{date}.csv; Keyword Alerts Report saves the server's CSV.
 */
export function YourCustomersPage() {
  const houseRef = useHouseRef();
  const [params, setParams] = useSearchParams();
  const applied: YourCustomersFilter = {
    q: params.get('q') ?? '',
    group: params.get('group') ?? '',
    memberID: params.get('memberID') ?? '',
  };
  const [search, setSearch] = useState(applied.q);
  const [busy, setBusy] = useState<'csv' | 'keywords' | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const groups = useQuery({ queryKey: ['app', 'customerGroups', houseRef], queryFn: () => fetchGroups(houseRef), enabled: !!houseRef });
  const groupOptions = (groups.data ?? []).map((g) => ({ value: String(g.groupID), label: g.groupName }));

  const list = useListController<YourCustomer>({
    resource: YOUR_CUSTOMERS,
    filter: listFilter(applied),
    perPage: YOUR_CUSTOMERS_PAGE_SIZES[0],
    sort: BY_LAST_NAME,
    disableSyncWithLocation: true,
    queryOptions: { enabled: !!houseRef, placeholderData: (prev) => prev },
  });
  const noRows = !list.isPending && list.total === 0;

  const apply = (next: YourCustomersFilter) => {
    const p = new URLSearchParams(params);
    // A new search or sale group leaves the one-bidder view of an invoice page's link.
    p.delete('memberID');
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
    list.setPage(1);
  };

  const download = async (kind: 'csv' | 'keywords') => {
    setBusy(kind);
    setDownloadError(null);
    try {
      if (kind === 'csv') await downloadCustomersCsv(houseRef, applied);
      else await downloadKeywordReport(houseRef);
    } catch (err) {
      setDownloadError(readApiError(err).message || T.loadError);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={2} data-testid="your-customers">
      <PageHeader title={T.title} />
      <SearchToolbar
        label={T.search}
        placeholder="Name, email or phone"
        value={search}
        onChange={setSearch}
        onSearch={(q) => apply({ q, group: applied.group })}
        maxLength={YOUR_CUSTOMERS_SEARCH_MAX}
        testId="customers-search"
        actionsLabel="Customer actions"
        filters={
          <AppSelect
            label={T.groupFilter}
            value={applied.group}
            onChange={(group) => apply({ q: search.trim(), group })}
            options={groupOptions}
            placeholder={T.allGroups}
            size="small"
            slotProps={{ htmlInput: { 'data-testid': 'customers-group' } }}
          />
        }
        actions={
          <>
            <ToolbarButton
              icon={<DownloadIcon />}
              disabled={noRows || list.isPending || busy !== null}
              onClick={() => void download('csv')}
              data-testid="customers-download"
            >
              {T.downloadCsv}
            </ToolbarButton>
            <ToolbarButton
              icon={<NotificationsIcon />}
              disabled={busy !== null}
              onClick={() => void download('keywords')}
              data-testid="customers-keywords"
            >
              {T.keywordReport}
            </ToolbarButton>
          </>
        }
      />
      {downloadError && (
        <Alert severity="error" onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      )}

      {list.isPending ? (
        <ShellLoading />
      ) : list.error ? (
        <AppAlert message={T.loadError} />
      ) : (
        <ResourceContextProvider value={YOUR_CUSTOMERS}>
          <ListContextProvider value={list}>
            {noRows ? (
              <Card variant="outlined">
                <EmptyState message={T.empty} data-testid="customers-empty" />
              </Card>
            ) : (
              <>
                <ListPager sizes={YOUR_CUSTOMERS_PAGE_SIZES} position="top" label="Customer pages" testIds={{ range: 'customers-range' }} />
                <Card variant="outlined" sx={{ overflowX: 'auto' }}>
                  <Datagrid bulkActionButtons={false} rowClick={false} data-testid="customers-table">
                    <TextField source="lastName" label="Last Name" />
                    <TextField source="firstName" label="First Name" />
                    <TextField source="email" label="Email" emptyText="—" />
                    <FunctionField<YourCustomer>
                      label="Phone"
                      sortable={false}
                      render={(c) => (
                        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                          {formatPhone(c.address.phone) || '—'}
                        </Typography>
                      )}
                    />
                    <FunctionField<YourCustomer> label="Location" sortable={false} render={(c) => place(c) || '—'} />
                    <FunctionField<YourCustomer> source="creationDate" label="Customer Since" render={(c) => usDate(c.creationDate)} />
                  </Datagrid>
                </Card>
                <ListPager sizes={YOUR_CUSTOMERS_PAGE_SIZES} position="bottom" label="Customer pages" />
              </>
            )}
          </ListContextProvider>
        </ResourceContextProvider>
      )}
    </Stack>
  );
}
