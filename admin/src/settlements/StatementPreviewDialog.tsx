import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { statementPdfPath } from './settlementsApi';

export interface StatementPreviewDialogProps {
  open: boolean;
  settlementId: number;
  onClose: () => void;
}

/** The statement PDF as the consignor gets it, shown inline by the browser's PDF viewer (the server answers it inline). */
export function StatementPreviewDialog({ open, settlementId, onClose }: StatementPreviewDialogProps) {
  const src = statementPdfPath(settlementId);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="statement-preview-title" data-testid="statement-preview">
      <DialogTitle id="statement-preview-title">{`Statement S-${settlementId}`}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {open && (
          <Box
            component="iframe"
            title={`Statement S-${settlementId}`}
            src={src}
            data-testid="statement-frame"
            sx={{ display: 'block', width: '100%', height: '75vh', border: 0, bgcolor: '#fff' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button component="a" href={src} target="_blank" rel="noopener noreferrer" data-testid="statement-open">
          Open in new tab
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
