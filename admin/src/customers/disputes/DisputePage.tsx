import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DISPUTE_TEXT as T, type DisputeView } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { useHouseRef } from '../../invoices/useHouseRef';
import { PageHeader } from '../../kit/PageHeader';
import { DisputeActionForm, type DisputeActionValues } from './DisputeActionForm';
import { bidderName, money, shortDate } from './disputeFormat';
import { disputeCalls } from './disputesApi';
import { useDisputeAction } from './useDisputeAction';

/**
 * View Single Dispute (/customers/dispute/{disputeRef}): the dispute's table, its message thread
 * and the action form. Reopen reloads the dispute; other actions clear the message box; after a
 * close only the success message and Go Back show (spec 001 section 4).
 */
export function DisputePage() {
  const { disputeRef = '' } = useParams();
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const calls = disputeCalls(dp.call as never, houseRef);
  const { run, dialog, isSuperUser } = useDisputeAction();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; closed?: boolean } | null>(null);
  const dispute = useQuery({ queryKey: ['dispute', houseRef, disputeRef], queryFn: () => calls.one(disputeRef), enabled: !!houseRef });
  const id = dispute.data?.disputeInfo.disputeID;
  const messages = useQuery({ queryKey: ['dispute', houseRef, 'messages', id], queryFn: () => calls.messages(id!), enabled: !!id });

  const submit = async ({ action, message: text }: DisputeActionValues) => {
    setBusy(true);
    const res = await run(action, [id!], text);
    setBusy(false);
    if (!res) return;
    setOutcome({ ...res, closed: res.ok && action === 'close' });
    if (res.ok) {
      setMessage('');
      await qc.invalidateQueries({ queryKey: ['dispute', houseRef] });
    }
  };

  const goBack = (
    <Button component={RouterLink} to="/customers/viewDisputes" variant="outlined" data-testid="dispute-go-back">
      {T.goBack}
    </Button>
  );
  if (outcome?.closed) {
    return (
      <Stack spacing={2}>
        <PageHeader title={T.singleTitle} />
        <Alert severity="success" role="status" data-testid="dispute-action-success">
          {outcome.message}
        </Alert>
        <Box>{goBack}</Box>
      </Stack>
    );
  }
  if (dispute.isPending) return <ShellLoading />;
  if (dispute.error || !dispute.data) return <AppAlert message={T.disputeNotFound} />;
  const d = dispute.data;
  return (
    <Stack spacing={2} data-testid="view-dispute">
      <PageHeader title={T.singleTitle} />
      <Card variant="outlined">
        <CardContent>
          <DisputeTable d={d} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Messages
          </Typography>
          {messages.data?.length ? (
            <Stack spacing={1.5} data-testid="dispute-messages">
              {messages.data.map((m, i) => (
                <Box key={i} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                  <Typography variant="caption" color="text.secondary">
                    {m.sender} · {new Date(m.sendDate).toLocaleString('en-US')}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.message}</Typography>
                </Box>
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary">{T.noMessages}</Typography>
          )}
        </CardContent>
      </Card>
      {outcome?.ok && (
        <Alert severity="success" role="status" data-testid="dispute-action-success">
          {outcome.message}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <DisputeActionForm
            filter={d.disputeInfo.openDispute ? 'open' : 'all'}
            isSuperUser={isSuperUser}
            error={outcome && !outcome.ok ? outcome.message : null}
            busy={busy}
            message={message}
            onMessage={setMessage}
            onSubmit={(v) => void submit(v)}
          />
        </CardContent>
      </Card>
      <Box>{goBack}</Box>
      {dialog}
    </Stack>
  );
}

function DisputeTable({ d }: { d: DisputeView }) {
  const rows: [string, string][] = [
    ['Dispute', d.disputeInfo.disputeRef],
    ['Status', d.disputeInfo.disputeStat],
    ['Reason', d.disputeInfo.disputeReason],
    ['Opened', shortDate(d.disputeInfo.openDate)],
    ['Bidder', `${bidderName(d)} (${d.bidderInfo.channel}${d.bidderInfo.ebay ? ', eBay' : ''})`],
    ['Phone', d.bidderInfo.phone ?? '—'],
    ['Session', `${d.catalogInfo.catalogTitle}, ${shortDate(d.catalogInfo.catalogDate)}`],
    ['Lot', `${d.lotInfo.lotNumber} ${d.lotInfo.lotTitle}`],
    ['Hammer', money(d, d.priceInfo.hammer)],
    ["Buyer's premium", money(d, d.priceInfo.bp)],
    ['Live fee', money(d, d.priceInfo.liveFee)],
    ['Payable', money(d, d.priceInfo.payable)],
  ];
  return (
    <Table size="small" aria-label="Dispute" data-testid="dispute-table">
      <TableBody>
        {rows.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell component="th" scope="row" sx={{ width: 180, fontWeight: 600 }}>
              {k}
            </TableCell>
            <TableCell>{v}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
