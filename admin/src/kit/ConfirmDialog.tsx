import { useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { AppAlert } from '../common/AppAlert';
import { saveFailure } from '../invoices/shared/saveFailure';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A confirm dialog that undoes a mark (spec 000 section 4): the call runs on confirm; a refusal shows here. */
export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setAlert(null);
    try {
      await onConfirm();
    } catch (err) {
      setAlert(saveFailure(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-dialog-title"
      data-testid="confirm-dialog"
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {alert && (
          <Box sx={{ mb: 1.5 }}>
            <AppAlert message={alert} onClose={() => setAlert(null)} />
          </Box>
        )}
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={14} /> : undefined}
          data-testid="confirm-ok"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
