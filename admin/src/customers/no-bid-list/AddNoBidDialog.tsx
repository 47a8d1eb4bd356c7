import { Typography } from '@mui/material';
import { TextInput, useCreate } from 'react-admin';
import { NO_BID_BIDDER_MAX, NO_BID_LIST_TEXT as T, NO_BID_REASON_MAX, readNoBidAdd, type NoBidEntry } from '@ar/rules';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { FormDialog } from '../../kit/FormDialog';

interface AddValues {
  bidder: string;
  reason: string;
}

export interface AddNoBidDialogProps {
  open: boolean;
  /** The react-admin resource (POST /api/no-bid-list). */
  resource: string;
  onClose: () => void;
  onAdded: (entry: NoBidEntry) => void;
}

/**
 * Staff put a bidder on the No Bid List by hand: the bidder's paddle number or email and a reason.
 * The shared rule (`readNoBidAdd`) checks both before sending; the server's refusals (no such
 * bidder, two bidders, already listed) show beside the field or above the form.
 */
export function AddNoBidDialog({ open, resource, onClose, onAdded }: AddNoBidDialogProps) {
  const [create] = useCreate<AddValues, Error, NoBidEntry>();
  return (
    <FormDialog<AddValues>
      open={open}
      onClose={onClose}
      name="no-bid-add"
      title={T.addTitle}
      submitLabel={T.add}
      unsavedText={T.addUnsaved}
      initialValues={() => ({ bidder: '', reason: '' })}
      isDirty={(v) => !!v.bidder.trim() || !!v.reason.trim()}
      validate={(v) => {
        const read = readNoBidAdd(v.bidder, v.reason);
        return read.ok ? {} : read.errors;
      }}
      onSubmit={async (v) => {
        const entry = await create(resource, { data: { bidder: v.bidder.trim(), reason: v.reason.trim() } }, { returnPromise: true });
        onAdded(entry as NoBidEntry);
      }}
      describeFailure={saveFailure}
      serverFields={{ bidder: 'bidder', reason: 'reason' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {T.addIntro}
        </Typography>
      }
    >
      <TextInput
        source="bidder"
        label={T.bidderLabel}
        fullWidth
        slotProps={{ htmlInput: { maxLength: NO_BID_BIDDER_MAX, 'data-testid': 'no-bid-add-bidder' } }}
      />
      <TextInput
        source="reason"
        label={T.reasonLabel}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: NO_BID_REASON_MAX, 'data-testid': 'no-bid-add-reason' } }}
      />
    </FormDialog>
  );
}
