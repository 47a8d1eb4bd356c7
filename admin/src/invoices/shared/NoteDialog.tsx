import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { AppAlert } from '../../common/AppAlert';
import { EDIT_TEXT, NOTE_MAX } from './editingTexts';
import { saveFailure } from './saveFailure';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

export interface NoteDialogProps {
  open: boolean;
  title: string;
  /** Whose note (shown under the title). */
  subtitle?: string;
  initial: string;
  /** Saves; throws when refused (the dialog stays open with the text). */
  onSave: (notes: string) => Promise<void>;
  onClose: () => void;
}

/** Add/Edit Note (spec 000 section 2): an internal note, never shown to the bidder; it needs non-empty text. */
export function NoteDialog(props: NoteDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="note-dialog-title">
      {props.open && <NoteForm {...props} />}
    </Dialog>
  );
}

function NoteForm({ title, subtitle, initial, onSave, onClose }: NoteDialogProps) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    if (!text.trim()) {
      setError(EDIT_TEXT.noteRequired);
      return;
    }
    setSaving(true);
    setAlert(null);
    try {
      await onSave(text.trim());
    } catch (err) {
      const f = saveFailure(err);
      setError(f.errors.notes ?? Object.values(f.errors)[0] ?? null);
      setAlert(f.message);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="note-dialog">
      <DialogTitle id="note-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {subtitle}
          </Typography>
        )}
        {alert && (
          <Box sx={{ mb: 1.5 }}>
            <AppAlert message={alert} onClose={() => setAlert(null)} />
          </Box>
        )}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={4}
          label="Internal note"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? `Staff only: the bidder never sees it. ${text.length}/${NOTE_MAX}`}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX, 'data-testid': 'note-text' } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <UnsavedChangesGuard when={text.trim() !== initial.trim() && !saving} text="The note you typed has not been saved." />
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={14} /> : undefined}
          data-testid="note-save"
        >
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
