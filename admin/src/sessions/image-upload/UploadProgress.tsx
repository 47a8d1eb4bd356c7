import { Box, Button, FormControlLabel, LinearProgress, Stack, Switch, Typography } from '@mui/material';
import { ErrorSummary } from './ErrorSummary';
import { IMAGE_STEP_TEXT as T } from './imageStepText';
import { overallProgress, summarize, type UploadCard } from './uploadPacing';
import type { UploadQueue } from './uploadQueue';

/**
 * An upload's counts (Success, Error, Pending, Total), cancel, the overall progress and, with
 * errors, the error summary and Delete items with errors (and View items with errors when
 * `onErrorsOnly` is given). Test ids are `{testId}-counts`, `-cancel-all`, `-overall-progress`,
 * `-errors-only`, `-delete-errors`.
 */
export function UploadProgress({
  queue,
  cards,
  saleType,
  testId,
  errorsOnly,
  onErrorsOnly,
}: {
  queue: UploadQueue;
  cards: readonly UploadCard[];
  saleType: 'live' | 'timed' | 'bin';
  testId: string;
  errorsOnly?: boolean;
  onErrorsOnly?: (on: boolean) => void;
}) {
  const summary = summarize(cards);
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h2" aria-live="polite" data-testid={`${testId}-counts`}>
          {T.counts(summary)}
        </Typography>
        {summary.pending > 0 && (
          <Button color="inherit" onClick={() => queue.cancel()} data-testid={`${testId}-cancel-all`}>
            {T.cancelAll}
          </Button>
        )}
      </Box>
      <LinearProgress
        variant="determinate"
        value={overallProgress(cards)}
        aria-label="Overall upload progress"
        data-testid={`${testId}-overall-progress`}
      />
      {summary.error > 0 && (
        <>
          <ErrorSummary summary={summary} saleType={saleType} />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            {onErrorsOnly && (
              <FormControlLabel
                control={
                  <Switch
                    checked={!!errorsOnly}
                    onChange={(e) => onErrorsOnly(e.target.checked)}
                    slotProps={{ input: { 'data-testid': `${testId}-errors-only` } as object }}
                  />
                }
                label={T.viewErrors}
              />
            )}
            <Button
              color="error"
              variant="outlined"
              onClick={() => queue.remove(cards.filter((c) => c.status === 'error').map((c) => c.id))}
              data-testid={`${testId}-delete-errors`}
            >
              {T.deleteErrors}
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}
