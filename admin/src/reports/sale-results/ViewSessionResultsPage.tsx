import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogTitle,
  InputAdornment,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import GavelIcon from '@mui/icons-material/Gavel';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  DISPUTE_TEXT,
  SALE_RESULTS_SEARCH_DEBOUNCE_MS,
  SALE_RESULTS_SEARCH_MAX,
  SALE_RESULTS_TEXT,
  saleResultsRowHeight,
  type SaleResultBidder,
} from '@ar/rules';
import { canAccess } from '../../access/canAccess';
import { useShellUser } from '../../auth/useShellUser';
import { downloadUrl } from '../../common/downloadFile';
import { ShellLoading } from '../../common/ShellLoading';
import { EmptyState } from '../../kit/EmptyState';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { PageHeader } from '../../kit/PageHeader';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { ContactDialog } from '../../invoices/shared/ContactDialog';
import { useHouseRef } from '../../invoices/useHouseRef';
import { ReportDownloadsMenu } from './ReportDownloadsMenu';
import { saleResultsDownloadPath, useMessageBidder, useSaleResults } from './saleResultsApi';
import { SaleResultsTable } from './SaleResultsTable';
import { lotsToOpen, setLots } from './saleResultsSelection';

const BACK = { to: '/reports/sessionResults', label: `< ${SALE_RESULTS_TEXT.backToList}` };

const sessionDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The search as typed, applied once typing pauses (spec 001: 700 ms on results). */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Sale Results (/reports/sessionResults/viewSessionResults; spec 001 "Sale results"): the sessions
 * named by catalogRefs in navigation state, their sold lots grouped by buyer with each buyer's sums,
 * the grand totals row, a bidder search (first or last name or email, 700 ms after typing stops), a
 * message to a bidder through the mail outbox, lots ticked for Open New File (those a dispute may be
 * opened on; a disputed lot shows its dispute), Download .XLSX / .CSV of what is shown (the server
 * writes the file; docs/reports.md), the Reports menu of the other downloads, and the link back to
 * /reports/sessionResults.
 */
export function ViewSessionResultsPage() {
  const houseRef = useHouseRef();
  const { user } = useShellUser();
  const state = useLocation().state as { catalogRefs?: unknown } | null;
  const catalogRefs = Array.isArray(state?.catalogRefs) ? (state.catalogRefs as string[]) : [];
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), SALE_RESULTS_SEARCH_DEBOUNCE_MS);
  const results = useSaleResults(houseRef, catalogRefs, search);
  const send = useMessageBidder(houseRef, user?.userRef);
  const [messaging, setMessaging] = useState<SaleResultBidder | null>(null);
  const [sent, setSent] = useState(false);
  // Lots ticked for Open New File (spec 001: the screen is reached with the selected lots).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const navigate = useNavigate();
  const mayOpen = canAccess(user, 'openDispute');

  if (catalogRefs.length === 0) {
    return (
      <Stack spacing={2}>
        <PageHeader title={SALE_RESULTS_TEXT.title} back={BACK} />
        <Card variant="outlined">
          <EmptyState
            message={SALE_RESULTS_TEXT.noResult}
            action={
              <Link component={RouterLink} to={BACK.to}>
                {SALE_RESULTS_TEXT.selectSessions}
              </Link>
            }
            data-testid="results-no-selection"
          />
        </Card>
      </Stack>
    );
  }

  const data = results.data;
  // A link with an empty download name: the browser keeps the server's file name.
  const download = (format: 'csv' | 'xlsx') => downloadUrl(saleResultsDownloadPath(houseRef, format, catalogRefs, search), '');
  const toOpen = data ? lotsToOpen(data.groupedData, selected) : [];
  return (
    <Stack spacing={2} data-testid="sale-results">
      <PageHeader title={SALE_RESULTS_TEXT.title} back={BACK} />
      {data && (
        <Card variant="outlined" data-testid="results-sessions">
          <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box
              component="ul"
              sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: saleResultsRowHeight(data.catalogHeaders.length), overflow: 'auto' }}
            >
              {data.catalogHeaders.map((h) => (
                <Typography component="li" key={h.catalogRef} sx={{ lineHeight: '28px' }}>
                  <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                    {h.prefix}
                  </Box>
                  {h.title}
                  <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                    {sessionDate(h.date)} · {data.currencyCode}
                  </Box>
                </Typography>
              ))}
            </Box>
            <TextField
              label="Search bidders"
              placeholder="First name, last name or email"
              size="small"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              sx={{ width: { xs: '100%', sm: 320 } }}
              slotProps={{
                htmlInput: { maxLength: SALE_RESULTS_SEARCH_MAX, 'data-testid': 'results-search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Stack direction="row" spacing={1}>
              {(['xlsx', 'csv'] as const).map((format) => (
                <ToolbarButton
                  key={format}
                  icon={<DownloadIcon />}
                  disabled={data.groupedData.length === 0}
                  onClick={() => download(format)}
                  data-testid={`results-download-${format}`}
                >
                  Download .{format.toUpperCase()}
                </ToolbarButton>
              ))}
              <ReportDownloadsMenu houseRef={houseRef} sessions={data.catalogHeaders} />
              {mayOpen && (
                <ToolbarButton
                  icon={<GavelIcon />}
                  variant="contained"
                  disabled={toOpen.length === 0}
                  onClick={() => navigate('/reports/openDisputes', { state: { lotRefs: toOpen, catalogRefs } })}
                  data-testid="results-open-file"
                >
                  {`${DISPUTE_TEXT.openTitle} (${toOpen.length})`}
                </ToolbarButton>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
      {results.isPending ? (
        <ShellLoading />
      ) : results.error ? (
        <ErrorAlert error={results.error} notFound="These sessions were not found." />
      ) : data!.groupedData.length === 0 ? (
        <Card variant="outlined">
          <EmptyState message={SALE_RESULTS_TEXT.noResult} data-testid="results-empty" />
        </Card>
      ) : (
        <Card variant="outlined">
          <SaleResultsTable
            data={data!}
            selected={selected}
            onSelect={mayOpen ? (refs, on) => setSelected((prev) => setLots(prev, refs, on)) : undefined}
            linkDisputes={canAccess(user, 'disputes')}
            onMessage={setMessaging}
          />
        </Card>
      )}
      <ContactDialog
        open={!!messaging}
        title="Message Bidder"
        requiredTexts={{ subject: SALE_RESULTS_TEXT.subjectRequired, message: SALE_RESULTS_TEXT.messageRequired }}
        recipients={messaging ? `${messaging.firstName} ${messaging.lastName} <${messaging.email}>` : ''}
        onClose={() => setMessaging(null)}
        onSend={async (subject, message) => {
          await send(messaging!.memberRef, subject, message);
          setMessaging(null);
          setSent(true);
        }}
      />
      <Dialog open={sent} onClose={() => setSent(false)} aria-labelledby="message-sent-title">
        <DialogTitle id="message-sent-title">{SALE_RESULTS_TEXT.messageSent}</DialogTitle>
        <DialogActions>
          <Button variant="contained" onClick={() => setSent(false)} data-testid="message-sent-close">
            {SALE_RESULTS_TEXT.closeWindow}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
