import { useState } from 'react';
import { Card, CardContent, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { realizedStep, SHEET_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { PageHeader } from '../../kit/PageHeader';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { RealizedItemList, type ItemRow } from './RealizedItemList';
import { RealizedFilePicker, RealizedUploadResult } from './RealizedUploadStep';
import {
  fetchRealized,
  publishIncludePremium,
  REALIZED_KEY,
  saveRealized,
  uploadRealized,
  UploadTimeout,
  type UploadResult,
} from './realizedApi';

const TITLE = 'Edit Realized Prices';
const STEP_LABELS = ['Upload Spreadsheet', 'Review Items'];

/**
 * Edit Realized Prices (`/pricesrealized/{catalogID}`, spec 001): step from the route (`?step=`,
 * 1 to 6, out of range 1); step 1 uploads a sheet (states new and uploaded), later steps show the
 * item list of that upload. Publish saves the prices and the premium answer, then goes to
 * /my-auctions/current; Cancel goes to /my-auctions/sales. The server refuses online-only houses
 * and, for non-super users, sessions over 45 days old: its message shows instead of the page.
 */
export function RealizedPricesPage() {
  const dp = useAppDataProvider();
  const navigate = useNavigate();
  const catalogId = Number(useParams().catalogID);
  const [params, setParams] = useSearchParams();
  const view = useQuery({ queryKey: REALIZED_KEY(catalogId), queryFn: () => fetchRealized(dp, catalogId), retry: false });
  const [result, setResult] = useState<(UploadResult & { breaking: boolean }) | null>(null);
  const [rows, setRows] = useState<ItemRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const step = rows ? realizedStep(params.get('step')) : 1;
  const goStep = (n: number) => setParams(n === 1 ? {} : { step: String(n) });
  const again = () => {
    setResult(null);
    setRows(null);
    goStep(1);
  };

  const upload = async (file: File) => {
    setBusy(true);
    setFailure(null);
    try {
      const r = await uploadRealized(dp, catalogId, file);
      setResult({ ...r, breaking: r.lots.length === 0 && r.errors.length > 0 });
      setRows(
        r.lots.map((l) => ({ id: l.id, lotNumber: l.lotNumber, lotExt: l.lotExt, invNumber: l.invNumber, realizedPrice: l.realizedPrice })),
      );
    } catch (err) {
      const status = readApiError(err).status;
      if (err instanceof UploadTimeout) setFailure(`${SHEET_TEXT.timeoutTitle} ${SHEET_TEXT.timeout}`);
      else if (status === 504) setFailure(`${SHEET_TEXT.gatewayTitle}: ${SHEET_TEXT.gateway}`);
      else setFailure(readApiError(err).message);
    } finally {
      setBusy(false);
    }
  };

  const publish = async (includePremium: boolean) => {
    await saveRealized(
      dp,
      catalogId,
      (rows ?? []).map(({ lotNumber, lotExt, invNumber, realizedPrice }) => ({ lotNumber, lotExt, invNumber, realizedPrice })),
    );
    await publishIncludePremium(dp, catalogId, includePremium);
    void navigate('/my-auctions/current');
  };

  const cancel = (
    <ToolbarButton icon={<CloseIcon />} onClick={() => navigate('/my-auctions/sales')} data-testid="realized-cancel">
      Cancel
    </ToolbarButton>
  );

  if (view.isPending) return <ShellLoading />;
  if (view.error) {
    const f = readApiError(view.error);
    return (
      <>
        <PageHeader title={TITLE} actions={cancel} />
        {f.status === 403 && f.message ? <AppAlert message={f.message} /> : <ErrorAlert error={view.error} />}
      </>
    );
  }
  const c = view.data.catalog;
  const inList = step >= 2 && rows !== null;
  return (
    <Stack spacing={2} data-testid="realized-page">
      <PageHeader title={TITLE} actions={cancel} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h1" data-testid="realized-session">
            {c.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {new Date(c.catalogDate).toLocaleDateString('en-US', { dateStyle: 'long' })} · {view.data.lots.length} lots
            {c.publishedAt && ` · published ${new Date(c.publishedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}`}
          </Typography>
        </CardContent>
      </Card>
      <Stepper activeStep={inList ? 1 : 0} alternativeLabel aria-label="Steps" data-testid="realized-steps">
        {STEP_LABELS.map((l, i) => (
          <Step key={l} completed={inList && i === 0}>
            <StepLabel aria-current={(inList ? 1 : 0) === i ? 'step' : undefined}>{l}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {failure && <AppAlert message={failure} onClose={() => setFailure(null)} />}
      {inList ? (
        <RealizedItemList rows={rows} lots={view.data.lots} onChange={setRows} onAgain={again} onPublish={publish} />
      ) : result ? (
        <RealizedUploadResult result={result} breaking={result.breaking} onAgain={again} onContinue={() => goStep(2)} />
      ) : (
        <RealizedFilePicker busy={busy} onUpload={(f) => void upload(f)} />
      )}
    </Stack>
  );
}
