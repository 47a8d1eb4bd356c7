import { Box, CircularProgress, Typography } from '@mui/material';

/** Spinner shown until the house and user are loaded. */
export function ShellLoading() {
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="shell-loading"
      sx={{ minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      {/* A progressbar needs a name (axe, serious) whenever a screen is caught loading. */}
      <CircularProgress aria-label="Loading" />
      <Typography color="text.secondary">Loading…</Typography>
    </Box>
  );
}
