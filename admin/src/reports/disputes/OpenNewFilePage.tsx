import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Form } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { DEFAULT_DISPUTE_REASON, DISPUTE_MESSAGE_MAX, DISPUTE_TEXT as T, MUTUAL_RESOLUTION_TYPE_ID, type DisputeType } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { disputeCalls } from '../../customers/disputes/disputesApi';
import { useHouseRef } from '../../invoices/useHouseRef';
import { FormTextField } from '../../kit/FormTextField';
import { PageHeader } from '../../kit/PageHeader';
import { SubmitButton } from '../../kit/SubmitButton';

/** Navigation state: lots (the invoices' File as dispute) or lotRefs with the sessions (sale results). */
interface OpenState {
  lots?: { lotRef: string }[];
  lotRefs?: string[];
  catalogRefs?: string[];
}

const RESULTS = '/reports/sessionResults/viewSessionResults';
const cents = (symbol: string, c: number) => `${symbol}${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const asNumber = (t: string) => (t === '' ? '' : Number(t));

/**
 * Open New File (/reports/openDisputes; spec 001 "Open New File (dispute) screen"): the selected
 * lots, each saying whether a dispute may be opened on it, the Reason (Resolution Details for
 * Mutual Resolution) and the message, Submit and Cancel. Success shows the confirmation and the
 * way back to the sale results.
 */
export function OpenNewFilePage() {
  const state = (useLocation().state ?? {}) as OpenState;
  const lotRefs = state.lotRefs ?? state.lots?.map((l) => l.lotRef).filter(Boolean) ?? [];
  const houseRef = useHouseRef();
  const { user } = useShellUser();
  const dp = useAppDataProvider();
  const calls = disputeCalls(dp.call as never, houseRef);
  const [done, setDone] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const back = { pathname: RESULTS, state: state.catalogRefs ? { catalogRefs: state.catalogRefs } : undefined };
  const types = useQuery({ queryKey: ['disputeTypes', houseRef], queryFn: () => calls.types(), enabled: !!houseRef && lotRefs.length > 0 });
  const lots = useQuery({
    queryKey: ['disputeLots', houseRef, lotRefs],
    queryFn: () => calls.lots(lotRefs),
    enabled: !!houseRef && lotRefs.length > 0,
  });

  if (!lotRefs.length) {
    return (
      <Stack spacing={2}>
        <PageHeader title={T.openTitle} />
        <Alert severity="info" data-testid="open-dispute-none">
          {T.noTransactions}
        </Alert>
        <Link component={RouterLink} to="/reports/sessionResults">
          Back to Sales Results
        </Link>
      </Stack>
    );
  }
  if (done) {
    return (
      <Stack spacing={2}>
        <PageHeader title={T.openTitle} />
        <Alert severity="success" role="status" data-testid="open-dispute-success">
          {done}
        </Alert>
        <Box>
          <Button component={RouterLink} to={back.pathname} state={back.state} variant="outlined">
            {T.goBack}
          </Button>
        </Box>
      </Stack>
    );
  }
  if (types.isPending || lots.isPending) return <ShellLoading />;
  const openable = (lots.data ?? []).filter((l) => l.canOpenDispute);
  const firstReason = types.data?.disputeTypes[0]?.disputeTypeID ?? DEFAULT_DISPUTE_REASON;

  const submit = async (values: FieldValues) => {
    const reasonID = values.reasonID === MUTUAL_RESOLUTION_TYPE_ID ? values.resolutionID : values.reasonID;
    try {
      const res = await calls.act({
        action: 'open',
        transactionIDs: openable.map((l) => l.transactionID),
        reasonID: reasonID === '' ? 0 : Number(reasonID),
        message: String(values.message ?? ''),
        houseUserRef: user?.userRef ?? undefined,
      });
      setDone(res.message);
      // Going back, the sale results show the new disputes on their lots.
      void queryClient.invalidateQueries({ queryKey: ['reports', 'sessionResults'] });
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      return Object.keys(f.errors).length
        ? { ...f.errors, message: f.errors.message ?? f.errors.transactionIDs ?? f.message }
        : { message: f.message };
    }
  };

  return (
    <Stack spacing={2} data-testid="open-new-file">
      <PageHeader title={T.openTitle} />
      <Card variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Selected lots" data-testid="open-dispute-lots">
          <TableHead>
            <TableRow>
              <TableCell>Lot</TableCell>
              <TableCell>Title</TableCell>
              <TableCell>Session</TableCell>
              <TableCell>Buyer</TableCell>
              <TableCell align="right">Hammer</TableCell>
              <TableCell>Dispute</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(lots.data ?? []).map((l) => (
              <TableRow key={l.transactionID}>
                <TableCell>{l.lotNumber}</TableCell>
                <TableCell>{l.title}</TableCell>
                <TableCell>{l.catalogTitle}</TableCell>
                <TableCell>
                  {`${l.firstName} ${l.lastName}`.trim()}
                  {l.paddleNumber ? ` (#${l.paddleNumber})` : ''}
                </TableCell>
                <TableCell align="right">{cents(l.currencySymbol, l.hammer)}</TableCell>
                <TableCell>{l.canOpenDispute ? 'Will be opened' : (l.disputeRef ?? l.reason)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Form
            defaultValues={{ reasonID: firstReason, resolutionID: types.data?.mutualResolution[0]?.disputeTypeID ?? '', message: '' }}
            onSubmit={submit}
            validate={(v) => (String(v.message ?? '').trim() ? {} : { message: T.openMessageRequired })}
            noValidate
            sanitizeEmptyValues={false}
            disableInvalidFormNotification
          >
            <OpenFields types={types.data?.disputeTypes ?? []} resolutions={types.data?.mutualResolution ?? []} />
            <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
              <SubmitButton disabled={!openable.length} data-testid="open-dispute-submit">
                Submit
              </SubmitButton>
              <Button component={RouterLink} to={back.pathname} state={back.state} data-testid="open-dispute-cancel">
                Cancel
              </Button>
            </Box>
          </Form>
        </CardContent>
      </Card>
    </Stack>
  );
}

function OpenFields({ types, resolutions }: { types: DisputeType[]; resolutions: DisputeType[] }) {
  const { control } = useFormContext();
  const reason = useWatch({ control, name: 'reasonID' });
  const select = { slotProps: { select: { native: true }, inputLabel: { shrink: true } } } as const;
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <FormTextField source="reasonID" id="dispute-reason" label="Reason" select parse={asNumber} showErrors="submitted" {...select}>
        {types.map((t) => (
          <option key={t.disputeTypeID} value={t.disputeTypeID}>
            {t.disputeTypeName}
          </option>
        ))}
      </FormTextField>
      {reason === MUTUAL_RESOLUTION_TYPE_ID && (
        <FormTextField
          source="resolutionID"
          id="dispute-resolution"
          label="Resolution Details"
          select
          parse={asNumber}
          showErrors="submitted"
          {...select}
        >
          {resolutions.map((t) => (
            <option key={t.disputeTypeID} value={t.disputeTypeID}>
              {t.disputeTypeName}
            </option>
          ))}
        </FormTextField>
      )}
      <FormTextField
        source="message"
        id="dispute-open-message"
        label="Message"
        multiline
        minRows={4}
        showErrors="submitted"
        slotProps={{ htmlInput: { maxLength: DISPUTE_MESSAGE_MAX, 'data-testid': 'open-dispute-message' } }}
      />
    </Stack>
  );
}
