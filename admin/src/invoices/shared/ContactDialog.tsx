import { useState } from 'react';
import { Box, Button, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, TextInput } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { AppAlert } from '../../common/AppAlert';
import { EDIT_TEXT, MESSAGE_MAX, SUBJECT_MAX } from './editingTexts';
import { GuardedDialog, useReportBusy, useReportDirty } from '../../kit/GuardedDialog';
import { fieldError, saveFailure } from './saveFailure';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import { SubmitButton } from '../../kit/SubmitButton';

export interface ContactDialogProps {
  open: boolean;
  /** Who gets it: a name and email, or 'n bidders'. */
  recipients: string;
  /** Sends; throws when refused (the dialog stays open with the text). */
  onSend: (subject: string, message: string) => Promise<void>;
  onClose: () => void;
}

const UNSAVED = 'The message you typed has not been sent.';

/** Contact (spec 000 section 2): a subject and a message to the bidder, through the mail outbox. Both are required. */
export function ContactDialog(props: ContactDialogProps) {
  return (
    <GuardedDialog
      open={props.open}
      onClose={props.onClose}
      discardText={UNSAVED}
      fullWidth
      maxWidth="sm"
      aria-labelledby="contact-dialog-title"
    >
      {props.open && <ContactForm {...props} />}
    </GuardedDialog>
  );
}

const requiredText = (message: string) => (v: unknown) => (String(v ?? '').trim() ? undefined : message);

/** react-admin's Form: required on submit; the server's `{ errors: { subject, message } }` beside the fields. */
function ContactForm({ recipients, onSend, onClose }: ContactDialogProps) {
  const [alert, setAlert] = useState<string | null>(null);
  const [defaults] = useState(() => ({ subject: '', message: '' }));
  const submit = async (values: FieldValues) => {
    setAlert(null);
    try {
      await onSend(String(values.subject ?? '').trim(), String(values.message ?? '').trim());
      return undefined;
    } catch (err) {
      const f = saveFailure(err);
      setAlert(f.message);
      const out: Record<string, string> = {};
      const subject = fieldError(f.errors, 'subject');
      const message = fieldError(f.errors, 'message');
      if (subject) out.subject = subject;
      if (message) out.message = message;
      return Object.keys(out).length ? out : undefined;
    }
  };
  return (
    <Form defaultValues={defaults} onSubmit={submit} noValidate sanitizeEmptyValues={false}>
      <Box data-testid="contact-dialog">
        <DialogTitle id="contact-dialog-title">Contact</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="contact-recipients">
            To: {recipients}
          </Typography>
          {alert && (
            <Box sx={{ mb: 1.5 }}>
              <AppAlert message={alert} onClose={() => setAlert(null)} />
            </Box>
          )}
          <TextInput
            source="subject"
            label="Subject"
            autoFocus
            fullWidth
            validate={requiredText(EDIT_TEXT.subjectRequired)}
            helperText={false}
            slotProps={{ htmlInput: { maxLength: SUBJECT_MAX, 'data-testid': 'contact-subject' } }}
            sx={{ mt: 1 }}
          />
          <TextInput
            source="message"
            label="Message"
            fullWidth
            multiline
            minRows={6}
            validate={requiredText(EDIT_TEXT.messageRequired)}
            helperText={false}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX, 'data-testid': 'contact-message' } }}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <ContactActions onClose={onClose} />
      </Box>
    </Form>
  );
}

function ContactActions({ onClose }: { onClose: () => void }) {
  const { isSubmitting } = useFormState();
  const subject = String(useWatch({ name: 'subject' }) ?? '');
  const message = String(useWatch({ name: 'message' }) ?? '');
  const dirty = (subject.trim() !== '' || message.trim() !== '') && !isSubmitting;
  useReportDirty(dirty);
  useReportBusy(isSubmitting);
  return (
    <>
      <UnsavedChangesGuard when={dirty} text={UNSAVED} />
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton data-testid="contact-send">Send</SubmitButton>
      </DialogActions>
    </>
  );
}
