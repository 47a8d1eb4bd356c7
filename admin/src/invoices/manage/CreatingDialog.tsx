import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import type { JobView } from '../invoiceApi';
import { INVOICE_TEXT } from '../invoiceTexts';

/** The wait dialog while a group's invoices are being created (spec 000 sections 2 and 4). */
export function CreatingDialog({ open, progress }: { open: boolean; progress: JobView['progress'] | null }) {
  const determinate = !!progress && progress.total > 0;
  return (
    <Dialog open={open} aria-labelledby="creating-invoices-title" data-testid="creating-dialog" maxWidth="xs" fullWidth>
      <DialogTitle id="creating-invoices-title">{INVOICE_TEXT.creatingTitle}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
          <CircularProgress size={28} />
          <Typography>{INVOICE_TEXT.creatingText}</Typography>
        </Box>
        <LinearProgress
          variant={determinate ? 'determinate' : 'indeterminate'}
          value={determinate ? Math.min(100, (100 * progress.done) / progress.total) : undefined}
          aria-label="Progress"
        />
        {progress?.message && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {progress.message}
          </Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}
