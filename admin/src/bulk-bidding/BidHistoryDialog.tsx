import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BULK_BIDDING_TEXT as T, CANCEL_BID_LIMIT } from '@ar/rules';
import { ShellLoading } from '../common/ShellLoading';
import { formatMoney } from '../invoices/money';
import { BULK_PAGE_TEXT, lotLabel, type BulkLot } from './bulkBidding';
import { useBulkCalls, type HistoryAnswer } from './bulkBiddingApi';

export interface BidHistoryDialogProps {
  catalogRef: string;
  lot: BulkLot | null;
  formatTime: (iso: string) => string;
  onClose: () => void;
  /** A bid was cancelled: the lot's row is reloaded. */
  onCancelled: (lotRef: string) => void;
}

/** A lot's bid history, newest first; the user's own standing bids have Cancel while under 10 cancellations. */
export function BidHistoryDialog({ catalogRef, lot, formatTime, onClose, onCancelled }: BidHistoryDialogProps) {
  const calls = useBulkCalls(catalogRef);
  const [answer, setAnswer] = useState<HistoryAnswer | null>(null);
  const [banner, setBanner] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const lotRef = lot?.lotRef;

  const load = useCallback(async () => {
    if (!lotRef) return;
    try {
      setAnswer(await calls.history(lotRef));
    } catch {
      setBanner({ ok: false, text: T.historyFailed });
    }
    // calls is rebuilt each render; the lot decides what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lotRef]);
  useEffect(() => {
    setAnswer(null);
    setBanner(null);
    void load();
  }, [load]);

  const cancel = async (orderBidRef: string) => {
    if (!lotRef) return;
    setBusy(true);
    try {
      const res = await calls.cancel(lotRef, orderBidRef);
      setBanner({ ok: true, text: res.message });
      onCancelled(lotRef);
    } catch {
      setBanner({ ok: false, text: T.cancelFailed });
    } finally {
      setBusy(false);
      await load();
    }
  };

  const entries = (lotRef && answer?.bidHistory[lotRef]) || [];
  return (
    <Dialog open={!!lot} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="bid-history-title" data-testid="bid-history">
      <DialogTitle id="bid-history-title">
        Bid history, lot {lot ? lotLabel(lot) : ''}: {lot?.lotTitle}
      </DialogTitle>
      <DialogContent>
        {banner && (
          <Alert severity={banner.ok ? 'success' : 'error'} sx={{ mb: 1.5 }} data-testid="history-banner">
            {banner.text}
          </Alert>
        )}
        {!answer && !banner ? (
          <ShellLoading />
        ) : answer ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="cancel-count">
              {BULK_PAGE_TEXT.cancelCount(answer.cancelBidCount, CANCEL_BID_LIMIT)}
            </Typography>
            {entries.length === 0 ? (
              <Typography variant="body2">No bids yet.</Typography>
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Bidder</TableCell>
                    <TableCell>Time</TableCell>
                    <TableCell>Type</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {entries.map((e, i) => (
                    <TableRow key={e.orderBidRef ?? i} data-testid={`history-row-${e.orderBidRef}`}>
                      <TableCell>{e.bidder ?? '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(e.time)}</TableCell>
                      <TableCell>{e.bidType === 'bidNow' ? 'Current' : 'Max'}</TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatMoney(e.bidAmount)}
                      </TableCell>
                      <TableCell>{e.cancelled ? 'Cancelled' : 'Active'}</TableCell>
                      <TableCell align="right">
                        {e.canCancel && e.orderBidRef && (
                          <Button
                            size="small"
                            color="error"
                            disabled={busy}
                            onClick={() => void cancel(e.orderBidRef!)}
                            data-testid={`cancel-bid-${e.orderBidRef}`}
                          >
                            Cancel bid
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="history-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
