import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListContextProvider, useListContext, useNotify } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CALENDAR_PAGE_SIZE, CALENDAR_TEXT, type CalendarCatalog, type CalendarViewer } from '@ar/rules';
import { canAccess } from '../../access/canAccess';
import { AUCTION_CALENDAR, type CalendarGroupRecord } from '../../api/appListResources';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { CUSTOMER_CARE_PHONES } from '../../common/customerCare';
import { NotFoundPage } from '../../common/NotFoundPage';
import { ShellLoading } from '../../common/ShellLoading';
import { useHouseRef } from '../../invoices/useHouseRef';
import { PROMO_LINK_TEXT, promoPath } from '../../payments/paymentsPromo';
import { EmptyState } from '../../kit/EmptyState';
import { GuardedDialog } from '../../kit/GuardedDialog';
import { ListPager } from '../../kit/ListPager';
import { PageHeader } from '../../kit/PageHeader';
import { StatusChip } from '../../kit/StatusChip';
import { useUrlListController } from '../../kit/useUrlListController';
import { CALENDAR_KEYS, deleteSession, fetchBinSale, fetchPaymentInfo, fetchPaymentRequiredActivation } from './calendarApi';
import { AddSalePanel } from './AddSalePanel';
import { SessionTable } from './SessionTable';

const TABS = { current: 'Upcoming', past: 'Past' } as const;
type TabKey = keyof typeof TABS;

/**
 * My auctions (/my-auctions/current and /my-auctions/past, accessCalendar): billing and stealth-mode
 * banners, the Upcoming/Past tabs, the buy-now sale, and the sales a page at a time (react-admin's
 * list controller over `auction-calendar`, the kit's pager), each with its session table, Add
 * Session links and per-session actions; Delete Session asks first.
 */
export function CalendarPage() {
  const { type = '' } = useParams();
  if (!(type in TABS)) return <NotFoundPage />;
  return <Calendar key={type} tab={type as TabKey} />;
}

function Calendar({ tab }: { tab: TabKey }) {
  const houseRef = useHouseRef();
  const { user } = useShellUser();
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const filter = useMemo(() => ({ houseRef, upcoming: tab === 'current' }), [houseRef, tab]);
  const list = useUrlListController<CalendarGroupRecord>({
    resource: AUCTION_CALENDAR,
    perPage: CALENDAR_PAGE_SIZE,
    filter,
    enabled: houseRef !== '',
  });
  const payment = useQuery({
    queryKey: CALENDAR_KEYS.paymentInfo(houseRef),
    queryFn: () => fetchPaymentInfo(dp, houseRef),
    enabled: houseRef !== '',
  });
  const activation = useQuery({
    queryKey: CALENDAR_KEYS.activation(houseRef),
    queryFn: () => fetchPaymentRequiredActivation(dp, houseRef),
    enabled: houseRef !== '',
  });
  const [deleting, setDeleting] = useState<CalendarCatalog | null>(null);

  const viewer: CalendarViewer | null = user
    ? {
        accessConsole: user.accessConsole,
        // The Bulk Bidding action follows the page's own access rule (flag and house setting, or super user).
        accessBulkbiding: canAccess(user, 'bulkBidding'),
        accessReports: user.accessReports,
        accessInvoices: user.accessInvoices && !user.houseInfo.disableINVAInvoicing,
        accessCustomer: user.accessCustomer,
        isSuperUser: user.isSuperUser != null && user.isSuperUser !== false,
        bulkBiddingEnabled: user.houseInfo.bulkBiddingEnabled,
        isOnlineOnly: user.houseInfo.isOnlineOnly,
      }
    : null;
  const stealth = (list.meta as { stealthMode?: boolean } | undefined)?.stealthMode === true;
  const now = new Date();

  return (
    <Stack spacing={2} data-testid="calendar-page">
      <PageHeader title="Auctions/Sales" />
      {payment.data?.expiredCard && (
        <Alert severity="warning" data-testid="banner-expired-card">
          {CALENDAR_TEXT.expiredCard}
        </Alert>
      )}
      {payment.data?.overduePayment && (
        <Alert severity="error" data-testid="banner-overdue-payment">
          {CALENDAR_TEXT.overduePayment}
        </Alert>
      )}
      {stealth && (
        <Alert severity="warning" data-testid="banner-stealth">
          {CALENDAR_TEXT.stealthMode}
        </Alert>
      )}
      {activation.data === true && (
        <Alert severity="info" data-testid="banner-activation">
          <span>{CALENDAR_TEXT.paymentProcessingRequired}</span>
          {user && canAccess(user, 'payments') && (
            <>
              {' '}
              <Link component={RouterLink} to={promoPath(user.houseInfo.processorType)} data-testid="banner-activation-link">
                {PROMO_LINK_TEXT}
              </Link>
            </>
          )}
        </Alert>
      )}
      <Tabs value={tab} aria-label="Auctions and sales">
        {(Object.keys(TABS) as TabKey[]).map((k) => (
          <Tab key={k} value={k} label={TABS[k]} component={RouterLink} to={`/my-auctions/${k}`} data-testid={`tab-${k}`} />
        ))}
      </Tabs>
      {tab === 'current' && user && (
        <AddSalePanel
          houseRef={houseRef}
          houseId={user.houseInfo.houseID}
          activationRequired={activation.data === true}
          paymentProcessingEnabled={user.houseInfo.paymentProcessingEnabled}
          binEnabled={user.houseInfo.binEnabled}
          liveOrTimedEnabled={user.houseInfo.liveOrTimedEnabled}
        />
      )}
      {tab === 'current' && <BinSaleBlock houseRef={houseRef} invoices={viewer?.accessInvoices ?? false} />}
      <ListContextProvider value={list}>
        {list.isPending || !viewer ? (
          <ShellLoading />
        ) : list.error ? (
          <AppAlert message={CALENDAR_TEXT.loadFailed} />
        ) : list.total === 0 ? (
          <Card variant="outlined">
            <EmptyState message={tab === 'current' ? CALENDAR_TEXT.emptyUpcoming : CALENDAR_TEXT.emptyPast} data-testid="calendar-empty" />
          </Card>
        ) : (
          <>
            <ListPager sizes={[CALENDAR_PAGE_SIZE]} position="top" label="Sale pages" />
            <Groups viewer={viewer} now={now} onDelete={setDeleting} canAdd={tab === 'current'} />
            <ListPager sizes={[CALENDAR_PAGE_SIZE]} position="bottom" label="Sale pages" />
          </>
        )}
      </ListContextProvider>
      <DeleteSessionDialog
        session={deleting}
        onClose={(refused) => {
          setDeleting(null);
          // A refusal means the session changed meanwhile (lots added, the lock began): show it as it is now.
          if (refused) void list.refetch();
        }}
        onDeleted={(s) => {
          setDeleting(null);
          notify(CALENDAR_TEXT.deleted(s.title), { type: 'success' });
          void list.refetch();
          void queryClient.invalidateQueries({ queryKey: [AUCTION_CALENDAR] });
        }}
        remove={(id) => deleteSession(dp, id)}
      />
    </Stack>
  );
}

function Groups({
  viewer,
  now,
  onDelete,
  canAdd,
}: {
  viewer: CalendarViewer;
  now: Date;
  onDelete: (c: CalendarCatalog) => void;
  canAdd: boolean;
}) {
  const { data = [] } = useListContext<CalendarGroupRecord>();
  return (
    <Stack spacing={2}>
      {data.map((g) => (
        <GroupCard key={g.groupID} group={g} viewer={viewer} now={now} onDelete={onDelete} canAdd={canAdd} />
      ))}
    </Stack>
  );
}

function GroupCard({
  group: g,
  viewer,
  now,
  onDelete,
  canAdd,
}: {
  group: CalendarGroupRecord;
  viewer: CalendarViewer;
  now: Date;
  onDelete: (c: CalendarCatalog) => void;
  /** Upcoming only: a past sale takes no new session. */
  canAdd: boolean;
}) {
  const locked = g.catalogs.filter((c) => c.in2Hours && !c.isPast);
  const blocked = !canAdd
    ? null
    : g.addBlockedBy === 'maxSessions'
      ? CALENDAR_TEXT.maxSessions(g.groupName)
      : g.addBlockedBy === 'feeStep'
        ? CALENDAR_TEXT.feeStepDiffers(g.groupName)
        : null;
  return (
    <Card variant="outlined" data-testid={`group-${g.groupID}`} component="section" aria-label={g.groupName}>
      <CardHeader
        title={
          <Typography variant="h6" component="h2" data-testid="group-name">
            {g.groupName}
          </Typography>
        }
        subheader={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {g.catalogs.length === 1 ? '1 session' : `${g.catalogs.length} sessions`}
            </Typography>
            {g.pendingApprovalsCount > 0 && viewer.accessCustomer && (
              <StatusChip label={`${g.pendingApprovalsCount} pending approval${g.pendingApprovalsCount === 1 ? '' : 's'}`} />
            )}
          </Box>
        }
        action={
          canAdd && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', pt: 1 }}>
              {(['live', 'timed'] as const).map((t) => (
                <Button
                  key={t}
                  size="small"
                  variant="outlined"
                  startIcon={<AddIcon />}
                  disabled={!g.canAddCatalogs}
                  component={RouterLink}
                  to={`/session/${t}/${g.groupID}/0/1`}
                  data-testid={`add-${t}-session`}
                >
                  Add {t === 'live' ? 'Live' : 'Timed'} Session
                </Button>
              ))}
            </Box>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5}>
          {blocked && (
            <Alert severity="info" data-testid="add-blocked">
              {blocked}
            </Alert>
          )}
          {locked.map((c) => (
            <Alert key={c.catalogID} severity="warning" data-testid="in2hours-banner">
              {c.title}: {CALENDAR_TEXT.in2Hours}
            </Alert>
          ))}
          {g.catalogs.length === 0 ? (
            <EmptyState message={CALENDAR_TEXT.emptyGroup} data-testid="group-empty" />
          ) : (
            <SessionTable groupID={g.groupID} groupName={g.groupName} catalogs={g.catalogs} viewer={viewer} now={now} onDelete={onDelete} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function BinSaleBlock({ houseRef, invoices }: { houseRef: string; invoices: boolean }) {
  const dp = useAppDataProvider();
  const bin = useQuery({ queryKey: CALENDAR_KEYS.binSale(houseRef), queryFn: () => fetchBinSale(dp, houseRef), enabled: houseRef !== '' });
  if (bin.isPending) return null;
  if (bin.isError) return <AppAlert message={CALENDAR_TEXT.loadFailed} />;
  const s = bin.data;
  return (
    <Card variant="outlined" data-testid="bin-sale" component="section" aria-label="Buy Now sale">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', '&:last-child': { pb: 2 } }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="overline" color="text.secondary">
            Buy Now Sale
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="bin-title">
            {s ? s.title : CALENDAR_TEXT.noBinSale}
          </Typography>
        </Box>
        {s && (
          <>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="bin-counts">
              <StatusChip label={`${s.soldLotCount} sold`} tone="success" />
              <StatusChip label={`${s.unSoldLotCount} unsold`} />
              <StatusChip label={`${s.unPubLotCount} unpublished`} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                size="small"
                component={RouterLink}
                to={`/session/bin/${s.groupID}/${s.catalogID}/${s.editStep}`}
                data-testid="bin-edit"
              >
                Edit
              </Button>
              {invoices && s.invoiceGroupID !== null && (
                <Button size="small" component={RouterLink} to={`/invoices/InvoiceGroupDetails/${s.invoiceGroupID}`}>
                  Invoices
                </Button>
              )}
              <Button size="small" component={Link} href={s.catalogURL} target="_blank" rel="noopener noreferrer">
                View Sale
              </Button>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DeleteSessionDialog({
  session,
  onClose,
  onDeleted,
  remove,
}: {
  session: CalendarCatalog | null;
  /** `refused`: the server refused the delete while the dialog was open. */
  onClose: (refused: boolean) => void;
  onDeleted: (s: CalendarCatalog) => void;
  remove: (id: number) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose(failure !== null);
  };
  const confirm = async () => {
    if (!session) return;
    setBusy(true);
    setFailure(null);
    try {
      await remove(session.catalogID);
      onDeleted(session);
    } catch (err) {
      const f = readApiError(err);
      // The server's refusal (lots, the two-hour lock, gone) in its words; anything else the spec's text.
      setFailure(
        f.status >= 400 && f.status < 500 && f.message ? f.message : `${CALENDAR_TEXT.deleteFailed} ${CUSTOMER_CARE_PHONES.join(' · ')}`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <GuardedDialog
      open={session !== null}
      onClose={close}
      busy={busy}
      discardText=""
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-session-title"
      data-testid="delete-session-dialog"
    >
      <DialogTitle id="delete-session-title">{CALENDAR_TEXT.deleteConfirmTitle}</DialogTitle>
      <DialogContent>
        {failure && (
          <Box sx={{ mb: 1.5 }}>
            <AppAlert message={failure} onClose={() => setFailure(null)} />
          </Box>
        )}
        <DialogContentText>{session ? CALENDAR_TEXT.deleteConfirm(session.title) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="confirm-delete-session"
        >
          Delete Session
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
