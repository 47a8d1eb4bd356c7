import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { DISPUTE_TEXT as T, offeredActions } from '@ar/rules';
import { PageHeader } from '../../kit/PageHeader';
import { bidderName } from './disputeFormat';
import type { DisputeActionState } from './disputesApi';
import { useDisputeAction } from './useDisputeAction';

const BACK = { to: '/customers/viewDisputes', label: T.backToList };

/** Confirm Dispute Action (/customers/confirmDisputeAction): the chosen disputes, action and message, then Confirm. */
export function ConfirmDisputeActionPage() {
  const state = useLocation().state as DisputeActionState | null;
  const { run, dialog } = useDisputeAction();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const label = offeredActions('all', true).find((a) => a.value === state?.action)?.label ?? '';

  if (!state?.disputes?.length) {
    return (
      <Stack spacing={2}>
        <PageHeader title={T.confirmTitle} back={BACK} />
        <Alert severity="info">{T.selectDispute}</Alert>
      </Stack>
    );
  }
  const confirm = async () => {
    setBusy(true);
    const res = await run(
      state.action,
      state.disputes.map((d) => d.id),
      state.message,
    );
    setBusy(false);
    if (res) setOutcome(res);
  };
  return (
    <Stack spacing={2} data-testid="confirm-dispute-action">
      <PageHeader title={T.confirmTitle} back={BACK} />
      {outcome?.ok ? (
        <Alert severity="success" role="status" data-testid="dispute-action-success">
          {outcome.message}
        </Alert>
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {label} {state.disputes.length === 1 ? '1 dispute' : `${state.disputes.length} disputes`}
            </Typography>
            <Table size="small" aria-label="Chosen disputes">
              <TableHead>
                <TableRow>
                  <TableCell>Dispute</TableCell>
                  <TableCell>Bidder</TableCell>
                  <TableCell>Lot</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {state.disputes.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell>{d.disputeInfo.disputeRef}</TableCell>
                    <TableCell>{bidderName(d)}</TableCell>
                    <TableCell>{`${d.lotInfo.lotNumber} ${d.lotInfo.lotTitle}`}</TableCell>
                    <TableCell>{d.disputeInfo.disputeStat}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {state.message && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2">Message</Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{state.message}</Typography>
              </Box>
            )}
            {outcome && !outcome.ok && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="dispute-action-error">
                {outcome.message}
              </Alert>
            )}
            <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
              <Button variant="contained" onClick={() => void confirm()} disabled={busy} data-testid="dispute-confirm">
                Confirm
              </Button>
              <Button component={RouterLink} to="/customers/viewDisputes">
                Cancel
              </Button>
            </Box>
          </CardContent>
        </Card>
      )}
      <Link component={RouterLink} to="/customers/viewDisputes" data-testid="back-to-disputes">
        {T.backToList}
      </Link>
      {dialog}
    </Stack>
  );
}
