import { useMemo, useState } from 'react';
import { Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { DISPUTE_FILTERS, DISPUTE_PAGE_SIZES, DISPUTE_TEXT as T, type DisputeFilter } from '@ar/rules';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { useShellUser } from '../../auth/useShellUser';
import { useHouseRef } from '../../invoices/useHouseRef';
import { AppSelect } from '../../kit/AppSelect';
import { EmptyState } from '../../kit/EmptyState';
import { ListPager } from '../../kit/ListPager';
import { PageHeader } from '../../kit/PageHeader';
import { useUrlListController } from '../../kit/useUrlListController';
import { DisputeActionForm } from './DisputeActionForm';
import { bidderName, money, shortDate } from './disputeFormat';
import { DISPUTES, type DisputeActionState, type DisputeRecord } from './disputesApi';

const isFilter = (v: string | null): v is DisputeFilter => DISPUTE_FILTERS.some((f) => f.value === v);

/**
 * View Disputes (/customers/viewDisputes; spec 001 "Disputes"): the filter (Open, Past 6 months,
 * Past this year, All; kept in the URL), react-admin's Datagrid with checkboxes (a non-super user
 * selects only open disputes), paged by the server, and the action form, whose Submit goes to the
 * confirm page with the chosen disputes, action and message.
 */
export function DisputesListPage() {
  const houseRef = useHouseRef();
  const navigate = useNavigate();
  const { user } = useShellUser();
  const isSuperUser = user?.isSuperUser != null && user.isSuperUser !== false;
  const [params, setParams] = useSearchParams();
  const filter: DisputeFilter = isFilter(params.get('filter')) ? (params.get('filter') as DisputeFilter) : 'open';
  const size = Number(params.get('size')) || DISPUTE_PAGE_SIZES[0];
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listFilter = useMemo(() => ({ houseRef, filter }), [houseRef, filter]);
  const list = useUrlListController<DisputeRecord>({
    resource: DISPUTES,
    perPage: DISPUTE_PAGE_SIZES.includes(size as never) ? size : DISPUTE_PAGE_SIZES[0],
    filter: listFilter,
    enabled: !!houseRef,
    setPerPage: (n) => setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), size: String(n), page: '1' })),
  });

  const setFilter = (f: string) => {
    list.onUnselectItems();
    setParams(new URLSearchParams(f === 'open' ? {} : { filter: f }));
  };

  const submit = ({ action, message: text }: { action: DisputeActionState['action']; message: string }) => {
    const chosen = (list.data ?? []).filter((d) => list.selectedIds.includes(d.id));
    if (!chosen.length) return setError(T.selectDispute);
    setError(null);
    void navigate('/customers/confirmDisputeAction', { state: { disputes: chosen, action, message: text } satisfies DisputeActionState });
  };

  return (
    <Stack spacing={2} data-testid="view-disputes">
      <PageHeader title={T.listTitle} />
      <Card variant="outlined">
        <CardContent>
          <AppSelect
            label="Show"
            value={filter}
            onChange={setFilter}
            options={DISPUTE_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            size="small"
            sx={{ width: { xs: '100%', sm: 240 } }}
            slotProps={{ htmlInput: { 'data-testid': 'disputes-filter' } }}
          />
        </CardContent>
      </Card>
      {list.isPending ? (
        <ShellLoading />
      ) : list.error ? (
        <AppAlert message={T.loadError} />
      ) : (
        <ResourceContextProvider value={DISPUTES}>
          <ListContextProvider value={list}>
            {list.total === 0 ? (
              <Card variant="outlined">
                <EmptyState message={T.noDisputes} data-testid="disputes-empty" />
              </Card>
            ) : (
              <>
                <ListPager sizes={DISPUTE_PAGE_SIZES} position="top" label="Dispute pages" testIds={{ range: 'disputes-range' }} />
                <Card variant="outlined" sx={{ overflowX: 'auto' }}>
                  <Datagrid
                    bulkActionButtons={<span />}
                    rowClick={false}
                    isRowSelectable={(d: DisputeRecord) => isSuperUser || d.disputeInfo.openDispute}
                    data-testid="disputes-table"
                  >
                    <FunctionField<DisputeRecord>
                      label="Dispute"
                      render={(d) => (
                        <Link component={RouterLink} to={`/customers/dispute/${encodeURIComponent(d.disputeInfo.disputeRef)}`}>
                          {d.disputeInfo.disputeRef}
                        </Link>
                      )}
                    />
                    <FunctionField<DisputeRecord> label="Opened" render={(d) => shortDate(d.disputeInfo.openDate)} />
                    <FunctionField<DisputeRecord> label="Status" render={(d) => d.disputeInfo.disputeStat} />
                    <FunctionField<DisputeRecord> label="Reason" render={(d) => d.disputeInfo.disputeReason} />
                    <FunctionField<DisputeRecord>
                      label="Bidder"
                      render={(d) => (
                        <>
                          <Typography variant="body2">{bidderName(d)}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            {d.bidderInfo.channel}
                            {d.bidderInfo.ebay ? ' (eBay)' : ''}
                          </Typography>
                        </>
                      )}
                    />
                    <FunctionField<DisputeRecord> label="Session" render={(d) => d.catalogInfo.catalogTitle} />
                    <FunctionField<DisputeRecord> label="Lot" render={(d) => `${d.lotInfo.lotNumber} ${d.lotInfo.lotTitle}`} />
                    <FunctionField<DisputeRecord> label="Payable" textAlign="right" render={(d) => money(d, d.priceInfo.payable)} />
                  </Datagrid>
                </Card>
                <ListPager sizes={DISPUTE_PAGE_SIZES} position="bottom" label="Dispute pages" />
              </>
            )}
          </ListContextProvider>
        </ResourceContextProvider>
      )}
      <Card variant="outlined">
        <CardContent>
          <DisputeActionForm
            filter={filter}
            isSuperUser={isSuperUser}
            error={error}
            message={message}
            onMessage={setMessage}
            onSubmit={submit}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
