import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { FEATURED_COUNT, featuredError, SUMMARY_TEXT as T, toggleFeatured, type SummaryLot } from '@ar/rules';
import { readApiError } from '../../common/apiError';
import { StatusChip } from '../../kit/StatusChip';
import { LotThumb } from './LotThumb';

export interface FeaturedPickerProps {
  open: boolean;
  lots: SummaryLot[];
  initial: number[];
  onSave: (ids: number[]) => Promise<void>;
  onClose: () => void;
}

/**
 * The featured selection modal: exactly five lots, none banned (spec 001 sections 4, 5, 8). A sixth
 * pick asks to deselect first; Save checks the rules the server checks again.
 */
export function FeaturedPicker({ open, lots, initial, onSave, onClose }: FeaturedPickerProps) {
  const [ids, setIds] = useState<number[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = lots.filter((l) => !l.deleted);

  const toggle = (id: number) => {
    const next = toggleFeatured(ids, id);
    setIds(next.ids);
    setError(next.error);
  };
  const save = async () => {
    const problem = featuredError(ids, choices);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await onSave(ids);
    } catch (err) {
      setError(readApiError(err).message || T.loadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="featured-title"
      data-testid="featured-dialog"
    >
      <DialogTitle id="featured-title">Select Featured Items</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="featured-count">
          {`${ids.length} of ${FEATURED_COUNT} selected`}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="featured-error">
            {error}
          </Alert>
        )}
        <List dense sx={{ maxHeight: 420, overflow: 'auto' }}>
          {choices.map((l) => {
            const checked = ids.includes(l.lotID);
            const label = l.lotNumber !== null ? `Lot ${l.lotNumber}${l.lotExt ?? ''}` : `Inv. ${l.invNumber ?? ''}`;
            return (
              <ListItem key={l.lotID} disablePadding>
                <ListItemButton onClick={() => toggle(l.lotID)} data-testid={`featured-pick-${l.lotID}`}>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Checkbox
                      edge="start"
                      checked={checked}
                      tabIndex={-1}
                      disableRipple
                      slotProps={{ input: { 'aria-label': `${label} ${l.lotTitle}` } }}
                    />
                  </ListItemIcon>
                  <Box sx={{ mr: 1.5 }}>
                    <LotThumb src={l.primaryImg} alt={l.lotTitle} size={40} />
                  </Box>
                  <ListItemText primary={l.lotTitle} secondary={label} />
                  {l.banned && <StatusChip label="Banned" tone="error" />}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="featured-save">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
