import { useState } from 'react';
import { Box, Button, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, TextInput } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { AppAlert } from '../../common/AppAlert';
import { EDIT_TEXT, NOTE_MAX } from './editingTexts';
import { GuardedDialog, useReportBusy, useReportDirty } from '../../kit/GuardedDialog';
import { saveFailure } from './saveFailure';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import { SubmitButton } from '../../kit/SubmitButton';

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

const UNSAVED = 'The note you typed has not been saved.';

/** Add/Edit Note (spec 000 section 2): an internal note, never shown to the bidder; it needs non-empty text. */
export function NoteDialog(props: NoteDialogProps) {
  return (
    <GuardedDialog
      open={props.open}
      onClose={props.onClose}
      discardText={UNSAVED}
      fullWidth
      maxWidth="sm"
      aria-labelledby="note-dialog-title"
    >
      {props.open && <NoteForm {...props} />}
    </GuardedDialog>
  );
}

const requiredNote = (v: unknown) => (String(v ?? '').trim() ? undefined : EDIT_TEXT.noteRequired);

/** react-admin's Form: the required rule runs on submit; the server's `{ errors: { notes } }` shows beside the field. */
function NoteForm({ title, subtitle, initial, onSave, onClose }: NoteDialogProps) {
  const [alert, setAlert] = useState<string | null>(null);
  // Fixed at opening: a reload behind the dialog (a stale save) must not reset what was typed.
  const [defaults] = useState(() => ({ notes: initial }));
  const submit = async (values: FieldValues) => {
    setAlert(null);
    try {
      await onSave(String(values.notes ?? '').trim());
      return undefined;
    } catch (err) {
      const f = saveFailure(err);
      setAlert(f.message);
      const field = f.errors.notes ?? Object.values(f.errors)[0];
      return field ? { notes: field } : undefined;
    }
  };
  return (
    <Form defaultValues={defaults} onSubmit={submit} noValidate sanitizeEmptyValues={false}>
      <Box data-testid="note-dialog">
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
          <NoteField />
        </DialogContent>
        <NoteActions initial={initial} onClose={onClose} />
      </Box>
    </Form>
  );
}

function NoteField() {
  const text = String(useWatch({ name: 'notes' }) ?? '');
  return (
    <TextInput
      source="notes"
      label="Internal note"
      autoFocus
      fullWidth
      multiline
      minRows={4}
      validate={requiredNote}
      helperText={`Staff only: the bidder never sees it. ${text.length}/${NOTE_MAX}`}
      slotProps={{ htmlInput: { maxLength: NOTE_MAX, 'data-testid': 'note-text' } }}
      sx={{ mt: 1 }}
    />
  );
}

function NoteActions({ initial, onClose }: { initial: string; onClose: () => void }) {
  const { isSubmitting } = useFormState();
  const text = String(useWatch({ name: 'notes' }) ?? '');
  const dirty = text.trim() !== initial.trim() && !isSubmitting;
  useReportDirty(dirty);
  useReportBusy(isSubmitting);
  return (
    <>
      <UnsavedChangesGuard when={dirty} text={UNSAVED} />
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton data-testid="note-save">Save</SubmitButton>
      </DialogActions>
    </>
  );
}
