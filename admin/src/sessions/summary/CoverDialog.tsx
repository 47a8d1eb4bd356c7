import { useState } from 'react';
import { Alert, Box, Button, ButtonBase, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { SummaryLot } from '@ar/rules';
import { readApiError } from '../../common/apiError';

export interface CoverDialogProps {
  open: boolean;
  lots: SummaryLot[];
  current: string | null;
  onSave: (url: string) => Promise<void>;
  onClose: () => void;
}

/** The cover photo modal: one lot image becomes the session's cover. */
export function CoverDialog({ open, lots, current, onSave, onClose }: CoverDialogProps) {
  const [chosen, setChosen] = useState<string | null>(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const images = lots.filter((l) => !l.deleted && l.primaryImg);
  const save = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await onSave(chosen);
    } catch (err) {
      setError(readApiError(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="cover-title"
      data-testid="cover-dialog"
    >
      <DialogTitle id="cover-title">Choose Cover Photo</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {images.length === 0 ? (
          <Typography variant="body2">Upload lot images first: the cover is chosen from them.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
            {images.map((l) => (
              <ButtonBase
                key={l.lotID}
                onClick={() => setChosen(l.primaryImg)}
                aria-pressed={chosen === l.primaryImg}
                aria-label={`Cover: ${l.lotTitle}`}
                sx={{
                  borderRadius: 1,
                  outline: chosen === l.primaryImg ? '3px solid' : '1px solid',
                  outlineColor: chosen === l.primaryImg ? 'primary.main' : 'divider',
                }}
              >
                <Box
                  component="img"
                  src={l.primaryImg!}
                  alt=""
                  sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }}
                />
              </ButtonBase>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !chosen || chosen === current}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
