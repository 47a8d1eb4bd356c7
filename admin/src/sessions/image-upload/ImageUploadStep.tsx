import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/AddPhotoAlternate';
import { useDropzone } from 'react-dropzone';
import type { ImageNameFormat } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { Toolbar } from '../../kit/Toolbar';
import { recordStep } from '../wizard/wizardApi';
import type { WizardStepProps } from '../wizard/wizardContext';
import { ImageCards } from './ImageCards';
import { ErrorSummary } from './ErrorSummary';
import { IMAGE_STEP_TEXT as T } from './imageStepText';
import { UploadQueue } from './uploadQueue';
import { overallProgress, summarize } from './uploadPacing';

/** navigator.onLine, kept current by the online/offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * Upload Images, live/timed step 4 and bin step 3 (spec 001 "Image upload step", "Image upload", "Image errors"):
 * the name format, drop or pick, a card per file with its progress, the overall progress, the
 * error summary, View/Delete items with errors, cancel, the offline notice, and Continue (Skip &
 * Continue with no files) recording the Preview step (the Summary when opened from it). The queue paces and retries
 * (uploadQueue.ts); images are saved one by one as they complete.
 */
export function ImageUploadStep({ type, catalogID, houseId, fromSummary, goToStep, exit }: WizardStepProps) {
  const dp = useAppDataProvider();
  const [format, setFormat] = useState<ImageNameFormat>('lot');
  const [queue] = useState(() => new UploadQueue(dp, houseId, catalogID, 'lot'));
  useEffect(() => () => queue.dispose(), [queue]);
  const cards = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const online = useOnline();
  const [offlineDrop, setOfflineDrop] = useState(false);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState(false);
  const summary = summarize(cards);
  const busy = summary.pending > 0;

  const onDrop = (files: File[]) => {
    // "Going offline when dropping files shows an offline notice and the drop is ignored."
    if (!navigator.onLine) return setOfflineDrop(true);
    setOfflineDrop(false);
    queue.add(files);
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop, multiple: true, noKeyboard: false });
  useEffect(() => {
    if (online) setOfflineDrop(false);
  }, [online]);
  useEffect(() => {
    if (summary.error === 0) setErrorsOnly(false);
  }, [summary.error]);

  const next = async () => {
    setLeaving(true);
    setLeaveError(false);
    try {
      const summaryStep = type === 'bin' ? 5 : 6;
      const step = fromSummary ? summaryStep : summaryStep - 1;
      await recordStep(dp, catalogID, step);
      goToStep(step);
    } catch {
      setLeaveError(true);
      setLeaving(false);
    }
  };
  const formats: { id: ImageNameFormat; label: string }[] = [
    { id: 'lot', label: T.lotFormat },
    { id: 'inventory', label: T.inventoryFormat },
  ];
  const shown = errorsOnly ? cards.filter((c) => c.status === 'error') : cards;

  return (
    <Stack spacing={2} data-testid="image-upload-step">
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id="image-format-label">{T.formatLabel}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="image-format-label"
                value={format}
                onChange={(e) => {
                  const f = e.target.value as ImageNameFormat;
                  setFormat(f);
                  queue.setFormat(f);
                }}
              >
                {formats.map((f) => (
                  <FormControlLabel
                    key={f.id}
                    value={f.id}
                    disabled={busy}
                    control={<Radio slotProps={{ input: { 'data-testid': `image-format-${f.id}` } as object }} />}
                    label={f.label}
                  />
                ))}
              </RadioGroup>
              <Typography variant="body2" color="text.secondary">
                {format === 'lot' ? T.lotHint : T.inventoryHint}
              </Typography>
            </FormControl>
            {(!online || offlineDrop) && (
              <Box data-testid="image-offline" role="alert">
                <AppAlert severity="warning" message={offlineDrop ? T.offlineDrop : T.offline} />
              </Box>
            )}
            <Box
              {...getRootProps()}
              data-testid="image-dropzone"
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: isDragActive ? 'primary.main' : 'divider',
                borderRadius: 1,
                bgcolor: isDragActive ? 'action.hover' : 'background.default',
                p: 4,
                textAlign: 'center',
                cursor: 'pointer',
              }}
            >
              <input {...getInputProps({ accept: '.jpg,.jpeg,.png' })} data-testid="image-file-input" aria-label="Image files" />
              <UploadIcon color="action" sx={{ fontSize: 40 }} aria-hidden />
              <Typography variant="body1">{T.dropPrompt}</Typography>
              <Typography variant="body2" color="text.secondary">
                {T.limits}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </Card>

      {cards.length > 0 && (
        <Card variant="outlined" data-testid="image-overall">
          <CardContent>
            <Stack spacing={1}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                <Typography variant="subtitle1" component="h2" aria-live="polite" data-testid="image-counts">
                  {T.counts(summary)}
                </Typography>
                {busy && (
                  <Button color="inherit" onClick={() => queue.cancel()} data-testid="image-cancel-all">
                    {T.cancelAll}
                  </Button>
                )}
              </Box>
              <LinearProgress
                variant="determinate"
                value={overallProgress(cards)}
                aria-label="Overall upload progress"
                data-testid="image-overall-progress"
              />
              {summary.error > 0 && (
                <>
                  <ErrorSummary summary={summary} saleType={type} />
                  <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={errorsOnly}
                          onChange={(e) => setErrorsOnly(e.target.checked)}
                          slotProps={{ input: { 'data-testid': 'image-errors-only' } as object }}
                        />
                      }
                      label={T.viewErrors}
                    />
                    <Button
                      color="error"
                      variant="outlined"
                      onClick={() => queue.remove(cards.filter((c) => c.status === 'error').map((c) => c.id))}
                      data-testid="image-delete-errors"
                    >
                      {T.deleteErrors}
                    </Button>
                  </Box>
                </>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}

      <ImageCards cards={shown} saleType={type} onCancel={(id) => queue.cancel(id)} onRemove={(id) => queue.remove([id])} />

      {leaveError && (
        <Box role="alert" data-testid="image-step-error">
          <AppAlert />
        </Box>
      )}
      <Toolbar label="Upload images actions" justify="space-between">
        <Box>
          {fromSummary && (
            <Button onClick={() => goToStep(6)} data-testid="wizard-cancel-summary">
              Cancel &amp; Return to Summary
            </Button>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {busy && (
            <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="image-wait-hint">
              {T.waitHint}
            </Typography>
          )}
          {!fromSummary && (
            <Button variant="outlined" disabled={busy || leaving} onClick={exit} data-testid="wizard-save-exit">
              Save &amp; Exit
            </Button>
          )}
          <Button variant="contained" disabled={busy || leaving} onClick={() => void next()} data-testid="wizard-continue">
            {summary.success === 0 && summary.total === 0 ? T.skip : fromSummary ? 'Save & Return to Summary' : 'Continue'}
          </Button>
        </Box>
      </Toolbar>
    </Stack>
  );
}
