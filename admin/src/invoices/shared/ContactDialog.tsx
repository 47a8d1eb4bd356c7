import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { AppAlert } from '../../common/AppAlert';
import { EDIT_TEXT, MESSAGE_MAX, SUBJECT_MAX } from './editingTexts';
import { saveFailure } from './saveFailure';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

export interface ContactDialogProps {
  open: boolean;
  /** Who gets it: a name and email, or 'n bidders'. */
  recipients: string;
  /** Sends; throws when refused (the dialog stays open with the text). */
  onSend: (subject: string, message: string) => Promise<void>;
  onClose: () => void;
}

/** Contact (spec 000 section 2): a subject and a message to the bidder, through the mail outbox. Both are required. */
export function ContactDialog(props: ContactDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="contact-dialog-title">
      {props.open && <ContactForm {...props} />}
    </Dialog>
  );
}

function ContactForm({ recipients, onSend, onClose }: ContactDialogProps) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const next: typeof errors = {};
    if (!subject.trim()) next.subject = EDIT_TEXT.subjectRequired;
    if (!message.trim()) next.message = EDIT_TEXT.messageRequired;
    setErrors(next);
    if (next.subject || next.message) return;
    setSending(true);
    setAlert(null);
    try {
      await onSend(subject.trim(), message.trim());
    } catch (err) {
      const f = saveFailure(err);
      const field = (k: string) => f.errors[k] ?? Object.entries(f.errors).find(([key]) => key.endsWith(`.${k}`))?.[1];
      setErrors({ subject: field('subject'), message: field('message') });
      setAlert(f.message);
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="contact-dialog">
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
        <TextField
          autoFocus
          fullWidth
          required
          label="Subject"
          value={subject}
          onChange={(e) => {
            setSubject(e.target.value);
            setErrors((x) => ({ ...x, subject: undefined }));
          }}
          error={!!errors.subject}
          helperText={errors.subject}
          slotProps={{ htmlInput: { maxLength: SUBJECT_MAX, 'data-testid': 'contact-subject' } }}
          sx={{ mt: 1 }}
        />
        <TextField
          fullWidth
          required
          multiline
          minRows={6}
          label="Message"
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            setErrors((x) => ({ ...x, message: undefined }));
          }}
          error={!!errors.message}
          helperText={errors.message}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX, 'data-testid': 'contact-message' } }}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <UnsavedChangesGuard
        when={(subject.trim() !== '' || message.trim() !== '') && !sending}
        text="The message you typed has not been sent."
      />
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={sending}
          startIcon={sending ? <CircularProgress size={14} /> : undefined}
          data-testid="contact-send"
        >
          Send
        </Button>
      </DialogActions>
    </form>
  );
}
