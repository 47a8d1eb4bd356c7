import { Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import { FormDialog } from '../../kit/FormDialog';
import { EDIT_TEXT, MESSAGE_MAX, SUBJECT_MAX } from './editingTexts';
import { saveFailure } from './saveFailure';

export interface ContactDialogProps {
  open: boolean;
  /** Who gets it: a name and email, or 'n bidders'. */
  recipients: string;
  /** Sends; throws when refused (the dialog stays open with the text). */
  onSend: (subject: string, message: string) => Promise<void>;
  onClose: () => void;
  /** The dialog's title (default 'Contact'). */
  title?: string;
  /** The required-field texts (default the invoice editing's). */
  requiredTexts?: { subject: string; message: string };
}

interface ContactValues {
  subject: string;
  message: string;
}

const requiredText = (message: string) => (v: unknown) => (String(v ?? '').trim() ? undefined : message);
const CONTACT_REQUIRED = { subject: EDIT_TEXT.subjectRequired, message: EDIT_TEXT.messageRequired };
const typed = (v: unknown) => String(v ?? '').trim();

/**
 * Contact (spec 000 section 2): a subject and a message to the bidder, through the mail outbox. Both
 * are required. Sale results reuse it with their own title and texts (spec 001 'Subject Required').
 */
export function ContactDialog({
  open,
  recipients,
  onSend,
  onClose,
  title = 'Contact',
  requiredTexts = CONTACT_REQUIRED,
}: ContactDialogProps) {
  return (
    <FormDialog<ContactValues>
      open={open}
      onClose={onClose}
      name="contact"
      title={title}
      submitLabel="Send"
      submitTestId="contact-send"
      unsavedText="The message you typed has not been sent."
      initialValues={() => ({ subject: '', message: '' })}
      isDirty={(v) => typed(v.subject) !== '' || typed(v.message) !== ''}
      onSubmit={(v) => onSend(typed(v.subject), typed(v.message))}
      describeFailure={saveFailure}
      serverFields={{ subject: 'subject', message: 'message' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="contact-recipients">
          To: {recipients}
        </Typography>
      }
    >
      <TextInput
        source="subject"
        label="Subject"
        autoFocus
        fullWidth
        validate={requiredText(requiredTexts.subject)}
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
        validate={requiredText(requiredTexts.message)}
        helperText={false}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX, 'data-testid': 'contact-message' } }}
        sx={{ mt: 2 }}
      />
    </FormDialog>
  );
}
