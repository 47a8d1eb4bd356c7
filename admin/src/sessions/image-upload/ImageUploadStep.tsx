import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import type { ImageNameFormat } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { continueLabel, UploadStepActions } from '../UploadStepActions';
import { useWizardProgress } from '../wizard/useWizardProgress';
import type { WizardStepProps } from '../wizard/wizardContext';
import { ImageCards } from './ImageCards';
import { ImageDropzone } from './ImageDropzone';
import { IMAGE_STEP_TEXT as T } from './imageStepText';
import { UploadQueue } from './uploadQueue';
import { summarize } from './uploadPacing';
import { UploadProgress } from './UploadProgress';

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
  const [queue] = useState(() => new UploadQueue(dp, houseId, catalogID, { kind: 'names', format: 'lot' }));
  useEffect(() => () => queue.dispose(), [queue]);
  const cards = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState(false);
  const summary = summarize(cards);
  const busy = summary.pending > 0;
  const summaryStep = type === 'bin' ? 5 : 6;
  const record = useWizardProgress(type, catalogID);

  useEffect(() => {
    if (summary.error === 0) setErrorsOnly(false);
  }, [summary.error]);

  const next = async () => {
    setLeaving(true);
    setLeaveError(false);
    try {
      // 5 (bin 4) after images, the summary's step when opened from it (@ar/rules stepTrackerValue).
      const step = await record('images', fromSummary);
      goToStep(step ?? summaryStep);
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
            <ImageDropzone testId="image" onFiles={(files) => queue.add(files)} />
          </Stack>
        </CardContent>
      </Card>

      {cards.length > 0 && (
        <Card variant="outlined" data-testid="image-overall">
          <CardContent>
            <UploadProgress
              queue={queue}
              cards={cards}
              saleType={type}
              testId="image"
              errorsOnly={errorsOnly}
              onErrorsOnly={setErrorsOnly}
            />
          </CardContent>
        </Card>
      )}

      <ImageCards cards={shown} saleType={type} onCancel={(id) => queue.cancel(id)} onRemove={(id) => queue.remove([id])} />

      {leaveError && (
        <Box role="alert" data-testid="image-step-error">
          <AppAlert />
        </Box>
      )}
      <UploadStepActions
        label="Upload images actions"
        start={
          fromSummary && (
            <Button onClick={() => goToStep(summaryStep)} data-testid="wizard-cancel-summary">
              Cancel &amp; Return to Summary
            </Button>
          )
        }
        hint={busy ? T.waitHint : null}
        hintTestId="image-wait-hint"
        showExit={!fromSummary}
        disabled={busy || leaving}
        continueText={continueLabel(summary.success === 0 && summary.total === 0, fromSummary)}
        onExit={exit}
        onContinue={() => void next()}
      />
    </Stack>
  );
}
