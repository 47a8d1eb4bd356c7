import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { IMAGE_ERROR_TEXT, imageErrorTitle } from '@ar/rules';
import { IMAGE_STEP_TEXT as T } from './imageStepText';
import type { UploadSummary } from './uploadPacing';

/** Names shown per error kind before "and N more". */
const NAMES_SHOWN = 10;

/** The error summary (spec 001 "Image errors"): each kind's title, advice, count and names. */
export function ErrorSummary({ summary, saleType }: { summary: UploadSummary; saleType: 'live' | 'timed' | 'bin' }) {
  return (
    <Alert severity="error" data-testid="image-error-summary">
      <AlertTitle>{T.errorSummaryTitle(summary.error)}</AlertTitle>
      {summary.byError.map(({ code, names }) => (
        <Box key={code} sx={{ mt: 1 }} data-testid={`image-error-kind-${code}`}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {imageErrorTitle(code, saleType)} ({names.length})
          </Typography>
          <Typography variant="body2">{IMAGE_ERROR_TEXT[code].hint}</Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {names.slice(0, NAMES_SHOWN).join(', ')}
            {names.length > NAMES_SHOWN && ` and ${names.length - NAMES_SHOWN} more`}
          </Typography>
        </Box>
      ))}
    </Alert>
  );
}
