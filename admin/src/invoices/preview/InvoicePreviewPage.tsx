import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  GlobalStyles,
  LinearProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PrintIcon from '@mui/icons-material/Print';
import SendIcon from '@mui/icons-material/Send';
import { jumpToInvoice, previewTitle, PREVIEW_TEXT, type InvoicePreview } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { ErrorAlert, NOT_FOUND_TEXT } from '../../kit/ErrorAlert';
import { PageHeader } from '../../kit/PageHeader';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { fetchJob } from '../invoiceApi';
import { INVOICE_KEYS, useHouseRef } from '../useHouseRef';
import { InvoiceDocument } from './InvoiceDocument';
import { fetchInvoicePreviews, sendInvoices } from './previewApi';
import { progressPercent, progressText, retryUnlessRefused, sentInvoicesPath, stepIndex, type JobProgress } from './previewNav';
import { useInvoiceListRoute } from './useInvoiceListRoute';

const POLL_MS = 500;
const JOB_FAILED_TEXT = 'The invoices were recorded as sent, but their mail could not all be prepared. Sent Invoices shows each invoice.';

type SendState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'progress'; progress: JobProgress }
  | { phase: 'failed'; error: unknown }
  | { phase: 'jobFailed' };

/**
 * Invoice Preview (spec 000 section 2): the named invoices drawn as the bidder gets them, one at a
 * time (Prev/Next, Jump to invoice #) or all; Print (one invoice a printed page); Send All records
 * the sends, follows the mailing job and lands on Sent Invoices. The back link returns to the
 * screen that opened it (router state `from`, or the `from` query), else the group's details.
 */
export function InvoicePreviewPage() {
  const { groupId, ids, back } = useInvoiceListRoute();
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const previews = useQuery({
    queryKey: [...INVOICE_KEYS.all, 'preview', houseRef, groupId, ids],
    queryFn: () => fetchInvoicePreviews(dp, houseRef, groupId!, ids),
    enabled: !!houseRef && groupId !== null && ids.length > 0,
    staleTime: 0,
    retry: retryUnlessRefused,
  });

  const [mode, setMode] = useState<'one' | 'all'>('one');
  const [index, setIndex] = useState(0);
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const [send, setSend] = useState<SendState>({ phase: 'idle' });
  const [printing, setPrinting] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // Print (the button or the browser's own): every invoice of the preview, one a printed page.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const list = previews.data ?? [];
  const count = list.length;
  const current = Math.min(index, Math.max(0, count - 1));

  const go = (delta: number) => setIndex((i) => stepIndex(i, delta, count));

  const onJump = (e: FormEvent) => {
    e.preventDefault();
    const found = jumpToInvoice(list, jump);
    if ('error' in found) {
      setJumpError(found.error);
      return;
    }
    setJumpError(null);
    setIndex(found.index);
    if (mode === 'all') {
      document.querySelector(`[data-testid="preview-invoice-${list[found.index].invoiceNumber}"]`)?.scrollIntoView({ block: 'start' });
    }
  };

  const sendAll = async () => {
    if (!groupId || send.phase === 'sending' || send.phase === 'progress') return;
    setSend({ phase: 'sending' });
    try {
      const answer = await sendInvoices(dp, houseRef, groupId, ids);
      void queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all });
      if (answer.jobId) {
        setSend({ phase: 'progress', progress: { done: 0, total: answer.recorded ?? ids.length } });
        for (;;) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          if (!alive.current) return;
          const job = await fetchJob(dp, answer.jobId).catch(() => null);
          if (!alive.current) return;
          if (!job) continue;
          setSend({ phase: 'progress', progress: job.progress });
          if (job.status === 'completed') break;
          if (job.status === 'failed') {
            setSend({ phase: 'jobFailed' });
            return;
          }
        }
      }
      if (alive.current) void navigate(sentInvoicesPath(groupId, ids));
    } catch (error) {
      if (alive.current) setSend({ phase: 'failed', error });
    }
  };

  const title = previewTitle(ids.length);
  if (groupId === null || ids.length === 0) {
    return (
      <Stack spacing={2}>
        <PageHeader title={title} back={back} />
        <AppAlert severity="warning" message={NOT_FOUND_TEXT} />
      </Stack>
    );
  }
  const busy = send.phase === 'sending' || send.phase === 'progress';

  return (
    <Stack spacing={2} data-testid="invoice-preview">
      <GlobalStyles
        styles={{
          '@media screen': { '.ar-preview-print': { display: 'none' } },
          '@page': { margin: '12mm' },
          '@media print': {
            'body > *:not(.ar-preview-print)': { display: 'none !important' },
            'body, html': { background: '#fff !important' },
            '.ar-preview-print .ar-preview-page': {
              boxShadow: 'none !important',
              padding: '0 !important',
              maxWidth: 'none !important',
              breakAfter: 'page',
            },
            '.ar-preview-print .ar-preview-page:last-of-type': { breakAfter: 'auto' },
          },
        }}
      />
      <PageHeader
        title={title}
        back={back}
        actions={
          <Toolbar label="Preview actions" justify="end">
            <ToolbarButton icon={<PrintIcon />} onClick={() => window.print()} disabled={!count} data-testid="preview-print">
              Print
            </ToolbarButton>
            <ToolbarButton
              icon={<SendIcon />}
              variant="contained"
              onClick={() => void sendAll()}
              disabled={!count || busy}
              data-testid="send-all"
            >
              Send All
            </ToolbarButton>
          </Toolbar>
        }
      />
      <Typography variant="body2" color="text.secondary" data-testid="print-note">
        {PREVIEW_TEXT.printNote}
      </Typography>

      {send.phase === 'failed' && <ErrorAlert error={send.error} onClose={() => setSend({ phase: 'idle' })} />}
      {send.phase === 'jobFailed' && (
        <Alert
          severity="error"
          data-testid="send-job-failed"
          action={
            <Button color="inherit" size="small" onClick={() => void navigate(sentInvoicesPath(groupId, ids))}>
              View Sent Invoices
            </Button>
          }
        >
          {JOB_FAILED_TEXT}
        </Alert>
      )}
      {busy && (
        <Box role="status" aria-live="polite" data-testid="send-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {send.phase === 'sending' ? 'Sending invoices…' : `Sending invoices: ${progressText(send.progress)}`}
          </Typography>
          <LinearProgress
            aria-label="Sending invoices"
            variant={send.phase === 'progress' && send.progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={send.phase === 'progress' ? progressPercent(send.progress) : undefined}
          />
        </Box>
      )}

      {previews.isError ? (
        <ErrorAlert error={previews.error} notFound="These invoices were not found." />
      ) : previews.isPending ? (
        <ShellLoading />
      ) : (
        <>
          <Box
            sx={{ display: 'flex', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}
            data-testid="preview-controls"
          >
            <ToggleButtonGroup
              size="small"
              exclusive
              value={mode}
              onChange={(_, v: 'one' | 'all' | null) => v && setMode(v)}
              aria-label="How many invoices to show"
            >
              <ToggleButton value="one" data-testid="view-one">
                View One
              </ToggleButton>
              <ToggleButton value="all" data-testid="view-all">
                View All
              </ToggleButton>
            </ToggleButtonGroup>
            {mode === 'one' && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Button
                  size="small"
                  startIcon={<ChevronLeftIcon />}
                  onClick={() => go(-1)}
                  disabled={current <= 0}
                  data-testid="preview-prev"
                >
                  Prev
                </Button>
                <Typography variant="body2" aria-live="polite" data-testid="preview-position">
                  Invoice {current + 1} of {count}
                </Typography>
                <Button
                  size="small"
                  endIcon={<ChevronRightIcon />}
                  onClick={() => go(1)}
                  disabled={current >= count - 1}
                  data-testid="preview-next"
                >
                  Next
                </Button>
              </Box>
            )}
            <Box
              component="form"
              onSubmit={onJump}
              noValidate
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              data-testid="jump-form"
            >
              <TextField
                size="small"
                label={PREVIEW_TEXT.jumpLabel}
                value={jump}
                onChange={(e) => {
                  setJump(e.target.value);
                  setJumpError(null);
                }}
                error={!!jumpError}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    'data-testid': 'jump-input',
                    'aria-describedby': jumpError ? 'jump-error' : undefined,
                  },
                }}
                sx={{ width: 170 }}
              />
              <Button type="submit" variant="outlined" size="small" data-testid="jump-go">
                Go
              </Button>
              {jumpError && (
                <Typography id="jump-error" role="alert" color="error" variant="body2" data-testid="jump-error">
                  {jumpError}
                </Typography>
              )}
            </Box>
          </Box>
          <Box sx={{ bgcolor: '#e9ebef', p: { xs: 1, sm: 3 }, borderRadius: 1 }} data-testid="preview-documents">
            <Box sx={{ display: 'grid', gap: 3 }}>
              {mode === 'one'
                ? list[current] && <InvoiceDocument key={list[current].invoiceID} preview={list[current]} />
                : list.map((p) => <InvoiceDocument key={p.invoiceID} preview={p} />)}
            </Box>
          </Box>
          {printing && <PrintCopy previews={list} />}
        </>
      )}
    </Stack>
  );
}

/** What prints: every invoice, outside the app's layout (the rest of the page is hidden in print). */
function PrintCopy({ previews }: { previews: InvoicePreview[] }) {
  return createPortal(
    <div className="ar-preview-print" data-testid="preview-print-copy">
      {previews.map((p) => (
        <InvoiceDocument key={p.invoiceID} preview={p} />
      ))}
    </div>,
    document.body,
  );
}
