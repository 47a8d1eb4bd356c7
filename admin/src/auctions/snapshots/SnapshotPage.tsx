import { useEffect, useRef, useState } from 'react';
import { Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { Form } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { checkSnapshotCatalogId, LOT_TEXT, SNAPSHOT_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { downloadUrl } from '../../common/downloadFile';
import { errorText } from '../../kit/ErrorAlert';
import { FormTextField } from '../../kit/FormTextField';
import { PageHeader } from '../../kit/PageHeader';
import { SubmitButton } from '../../kit/SubmitButton';
import { fetchSnapshotJob, startSnapshot, type SnapshotResult } from './snapshotApi';

const TITLE = 'Catalog Snapshot';
const POLL_MS = 700;

const validate = (values: FieldValues) => {
  const message = checkSnapshotCatalogId(values.catalogId as string);
  return message ? { catalogId: message } : {};
};

type Progress = { done: number; total: number };

/**
 * Catalog snapshot (`/my-auctions/snapshots`, spec 001): one catalog ID field (digits only, the
 * spec's message) and Download Snapshot. The button starts the snapshot job, shows its progress
 * while it runs (the form stays disabled), then downloads the zip through its signed link.
 */
export function SnapshotPage() {
  const dp = useAppDataProvider();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [done, setDone] = useState<SnapshotResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const submit = async (values: FieldValues) => {
    setFailure(null);
    setDone(null);
    setProgress({ done: 0, total: 0 });
    try {
      const jobId = await startSnapshot(dp, String(values.catalogId).trim());
      while (alive.current) {
        const job = await fetchSnapshotJob(dp, jobId);
        if (!alive.current) return;
        setProgress({ done: job.progress.done, total: job.progress.total });
        if (job.status === 'completed' && job.result) {
          setDone(job.result);
          downloadUrl(job.result.downloadUrl, job.result.fileName);
          break;
        }
        if (job.status === 'failed') throw new Error(job.error ?? SNAPSHOT_TEXT.failed);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (err) {
      // An unknown catalog (or another house's) is the session 404: say so beside nothing else.
      if (alive.current) setFailure(errorText(err, LOT_TEXT.sessionNotFound, SNAPSHOT_TEXT.failed));
    } finally {
      if (alive.current) setProgress(null);
    }
  };

  const running = progress !== null;
  const percent = progress && progress.total ? Math.round((100 * progress.done) / progress.total) : undefined;
  return (
    <Card variant="outlined" data-testid="snapshot-page">
      <PageHeader title={TITLE} />
      <CardContent>
        <Form
          defaultValues={{ catalogId: '' }}
          mode="onChange"
          onSubmit={submit}
          validate={validate}
          noValidate
          sanitizeEmptyValues={false}
          disableInvalidFormNotification
        >
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            <FormTextField
              source="catalogId"
              id="snapshot-catalog-id"
              label="Catalog ID"
              inputMode="numeric"
              autoComplete="off"
              live
              disabled={running}
              slotProps={{ htmlInput: { 'data-testid': 'snapshot-catalog-id' } }}
            />
            <Box>
              <SubmitButton disabled={running} data-testid="snapshot-download">
                Download Snapshot
              </SubmitButton>
            </Box>
          </Stack>
        </Form>
        {running && (
          <Box sx={{ mt: 3, maxWidth: 420 }} role="status" aria-live="polite" data-testid="snapshot-progress">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {progress.total ? `Making the snapshot… ${progress.done} of ${progress.total}` : 'Making the snapshot…'}
            </Typography>
            <LinearProgress
              variant={percent === undefined ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-label="Snapshot progress"
            />
          </Box>
        )}
        {done && !running && (
          <Box sx={{ mt: 3 }}>
            <AppAlert
              severity="success"
              message={`${done.fileName}: ${done.lots} lot${done.lots === 1 ? '' : 's'} and ${done.images} image${done.images === 1 ? '' : 's'}.`}
            />
          </Box>
        )}
        {failure && (
          <Box sx={{ mt: 3 }}>
            <AppAlert severity="error" message={failure} onClose={() => setFailure(null)} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
