import { useState } from 'react';
import { Button, Card, Link, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/PersonRemoveOutlined';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  TextField,
  useDelete,
  useListController,
  useNotify,
} from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { NO_BID_LIST_PAGE_SIZES, NO_BID_LIST_SEARCH_MAX, NO_BID_LIST_TEXT as T, usDate, type NoBidEntry } from '@ar/rules';
import { AppAlert } from '../../common/AppAlert';
import { SearchToolbar } from '../../common/SearchToolbar';
import { ShellLoading } from '../../common/ShellLoading';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { EmptyState } from '../../kit/EmptyState';
import { ListPager } from '../../kit/ListPager';
import { PageHeader } from '../../kit/PageHeader';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { AddNoBidDialog } from './AddNoBidDialog';

/** The react-admin resource: GET/DELETE /api/no-bid-list (docs/decisions/no-bid-list.md). */
export const NO_BID_LIST = 'no-bid-list';
const NEWEST_FIRST = { field: 'dateAdded', order: 'DESC' } as const;
const fullName = (e: NoBidEntry) => `${e.firstName} ${e.lastName}`.trim();

/**
 * No Bid List (/customers/noBidList; accessCustomer, spec 001 section 6): the bidders the house no
 * longer takes bids from (a closed dispute puts its bidder here), searched by name, email or paddle
 * (kept in the URL as q), sorted and paged by the server; Add Bidder puts one on by paddle or email
 * with a reason; Remove asks first; the server audits both.
 */
export function NoBidListPage() {
  const [params, setParams] = useSearchParams();
  const applied = params.get('q') ?? '';
  const [search, setSearch] = useState(applied);
  const [removing, setRemoving] = useState<NoBidEntry | null>(null);
  const [adding, setAdding] = useState(false);
  const [remove] = useDelete<NoBidEntry>();
  const notify = useNotify();

  const list = useListController<NoBidEntry>({
    resource: NO_BID_LIST,
    filter: applied ? { q: applied } : {},
    perPage: NO_BID_LIST_PAGE_SIZES[0],
    sort: NEWEST_FIRST,
    disableSyncWithLocation: true,
    queryOptions: { placeholderData: (prev) => prev },
  });
  const noRows = !list.isPending && list.total === 0;

  const apply = (q: string) => {
    const p = new URLSearchParams(params);
    if (q) p.set('q', q);
    else p.delete('q');
    setParams(p);
    list.setPage(1);
  };

  const confirmRemove = async () => {
    const entry = removing!;
    // Pessimistic: the row leaves the table once the server has removed (and audited) it.
    await remove(NO_BID_LIST, { id: entry.id, previousData: entry }, { mutationMode: 'pessimistic', returnPromise: true });
    setRemoving(null);
    notify(T.removed, { type: 'success' });
    await list.refetch();
  };

  return (
    <Stack spacing={2} data-testid="no-bid-list">
      <PageHeader title={T.title} />
      <SearchToolbar
        label={T.search}
        placeholder={T.searchPlaceholder}
        value={search}
        onChange={setSearch}
        onSearch={apply}
        maxLength={NO_BID_LIST_SEARCH_MAX}
        testId="no-bid-search"
        actionsLabel="No Bid List actions"
        actions={
          <ToolbarButton icon={<AddIcon />} onClick={() => setAdding(true)} data-testid="no-bid-add">
            {T.add}
          </ToolbarButton>
        }
      />

      {list.isPending ? (
        <ShellLoading />
      ) : list.error ? (
        <AppAlert message={T.loadError} />
      ) : (
        <ResourceContextProvider value={NO_BID_LIST}>
          <ListContextProvider value={list}>
            {noRows ? (
              <Card variant="outlined">
                <EmptyState message={T.empty} data-testid="no-bid-empty" />
              </Card>
            ) : (
              <>
                <Card variant="outlined" sx={{ overflowX: 'auto' }}>
                  <Datagrid bulkActionButtons={false} rowClick={false} data-testid="no-bid-table">
                    <TextField source="lastName" label="Last Name" />
                    <TextField source="firstName" label="First Name" />
                    <TextField source="email" label="Email" emptyText="—" />
                    <FunctionField<NoBidEntry> label="Paddle" sortable={false} render={(e) => e.paddleNumber ?? '—'} />
                    <FunctionField<NoBidEntry>
                      label="Reason"
                      sortable={false}
                      render={(e) =>
                        e.disputeRef ? (
                          <Link component={RouterLink} to={`/customers/dispute/${e.disputeRef}`}>
                            {e.reason}
                          </Link>
                        ) : (
                          e.reason
                        )
                      }
                    />
                    <FunctionField<NoBidEntry> source="dateAdded" label="Date Added" render={(e) => usDate(e.dateAdded)} />
                    <FunctionField<NoBidEntry>
                      label="Actions"
                      sortable={false}
                      render={(e) => (
                        <Button
                          size="small"
                          color="error"
                          startIcon={<DeleteIcon />}
                          onClick={() => setRemoving(e)}
                          aria-label={`Remove ${fullName(e)}`}
                          data-testid={`no-bid-remove-${e.id}`}
                        >
                          Remove
                        </Button>
                      )}
                    />
                  </Datagrid>
                </Card>
                <ListPager sizes={NO_BID_LIST_PAGE_SIZES} position="bottom" label="No Bid List pages" testIds={{ range: 'no-bid-range' }} />
              </>
            )}
          </ListContextProvider>
        </ResourceContextProvider>
      )}
      <AddNoBidDialog
        open={adding}
        resource={NO_BID_LIST}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          notify(T.added, { type: 'success' });
          void list.refetch();
        }}
      />
      <ConfirmDialog
        open={!!removing}
        title={T.removeTitle}
        text={removing ? T.removeConfirm(fullName(removing)) : ''}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
