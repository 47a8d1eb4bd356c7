import { Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../kit/FormDialog';
import { EDIT_TEXT, NOTE_MAX } from './editingTexts';
import { saveFailure } from './saveFailure';

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

interface NoteValues {
  notes: string;
}

const requiredNote = (v: unknown) => (String(v ?? '').trim() ? undefined : EDIT_TEXT.noteRequired);

/** Add/Edit Note (spec 000 section 2): an internal note, never shown to the bidder; it needs non-empty text. */
export function NoteDialog({ open, title, subtitle, initial, onSave, onClose }: NoteDialogProps) {
  return (
    <FormDialog<NoteValues>
      open={open}
      onClose={onClose}
      name="note"
      title={title}
      submitLabel="Save"
      unsavedText="The note you typed has not been saved."
      initialValues={() => ({ notes: initial })}
      isDirty={(v, first) => String(v.notes ?? '').trim() !== first.notes.trim()}
      onSubmit={(v) => onSave(String(v.notes ?? '').trim())}
      describeFailure={saveFailure}
      serverFields={{ notes: 'notes' }}
      intro={
        subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {subtitle}
          </Typography>
        )
      }
    >
      <NoteField />
    </FormDialog>
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
