import { Alert, AlertTitle, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { SheetError, UploadOutcome } from '@ar/rules';

/** Error panels list at most this many (the rows stay marked in the review list). */
const PANEL_MAX = 200;

/** The upload's banner (success, failure count with Retry, timeout, 504) and its warnings (113, 116). */
export function UploadBanner({ outcome, onRetry }: { outcome: UploadOutcome; onRetry: () => void }) {
  const b = outcome.banner;
  return (
    <Stack spacing={1}>
      <Alert
        severity={b.severity}
        data-testid="upload-banner"
        action={
          b.retry ? (
            <Button color="inherit" size="small" onClick={onRetry} data-testid="upload-retry">
              Retry
            </Button>
          ) : undefined
        }
      >
        {b.text ? <AlertTitle>{b.title}</AlertTitle> : b.title}
        {b.text}
      </Alert>
      {outcome.warnings.map((w, i) => (
        <Alert key={i} severity="warning" data-testid="upload-warning">
          {w.displayMsg}
          {w.lotNumber ? ` (lot ${w.lotNumber})` : ''}
        </Alert>
      ))}
    </Stack>
  );
}

const where = (e: SheetError) =>
  [e.row !== null ? `Row ${e.row}` : null, e.lotNumber ? `Lot ${e.lotNumber}` : null, e.invNumber ? `Inv. ${e.invNumber}` : null]
    .filter(Boolean)
    .join(' · ');

/** The error panels: every error object with its code, where it is and its text (unknown codes show the server's text). */
export function ErrorPanels({ errors }: { errors: SheetError[] }) {
  if (!errors.length) return null;
  return (
    <Card variant="outlined" sx={{ borderColor: 'error.light' }} data-testid="upload-error-panels">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Errors
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 280, overflowY: 'auto' }}>
          {errors.slice(0, PANEL_MAX).map((e, i) => (
            <li key={i} data-testid="upload-error">
              <Typography variant="body2">
                <strong>{e.errorCode}</strong>
                {where(e) ? ` ${where(e)}: ` : ' '}
                {e.displayMsg}
                {e.referenceMsg && e.referenceMsg !== e.displayMsg ? ` (${e.referenceMsg})` : ''}
              </Typography>
            </li>
          ))}
        </Box>
        {errors.length > PANEL_MAX && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {`and ${errors.length - PANEL_MAX} more (marked in the list below)`}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
