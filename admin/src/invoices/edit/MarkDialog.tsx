import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { localToday } from '../dates';
import { fetchPaymentMethods } from '../shared/editingApi';
import { paymentMethodLabel } from '../shared/editingRules';
import { EDIT_TEXT } from '../shared/editingTexts';
import { saveFailure } from '../shared/saveFailure';
import { EDIT_KEYS } from './useEditorData';

export interface MarkValues {
  /** YYYY-MM-DD. */
  date: string;
  paymentMethodID: number | null;
}

export interface MarkDialogProps {
  open: boolean;
  kind: 'paid' | 'shipped';
  /** 'Shipped' or 'Picked Up' (pickup invoices). */
  shippedWord: 'Shipped' | 'Picked Up';
  /** What is marked: 'Invoice #1001' or 'Lot 12 (invoice #1001)'. */
  target: string;
  groupId: number;
  houseRef: string;
  onSubmit: (values: MarkValues) => Promise<void>;
  onClose: () => void;
}

/**
 * Mark as Paid / Mark as Shipped / Mark as Picked Up (spec 000 sections 2 and 5): the date (the
 * picker cannot go beyond today) and, to mark paid, the payment method from the group's payment
 * methods (required).
 */
export function MarkDialog(props: MarkDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="mark-dialog-title">
      {props.open && <MarkForm {...props} />}
    </Dialog>
  );
}

function MarkForm({ kind, shippedWord, target, groupId, houseRef, onSubmit, onClose }: MarkDialogProps) {
  const dp = useAppDataProvider();
  const today = localToday();
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState('');
  const [errors, setErrors] = useState<{ date?: string; method?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const methods = useQuery({
    queryKey: EDIT_KEYS.paymentMethods(houseRef, groupId),
    queryFn: () => fetchPaymentMethods(dp, houseRef, groupId),
    enabled: kind === 'paid',
    staleTime: 5 * 60_000,
  });
  const title = kind === 'paid' ? 'Mark as Paid' : `Mark as ${shippedWord}`;
  const dateLabel = kind === 'paid' ? 'Date paid' : `Date ${shippedWord.toLowerCase()}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const next: typeof errors = {};
    if (!date) next.date = kind === 'paid' ? EDIT_TEXT.paidDateRequired : EDIT_TEXT.shippedDateRequired(shippedWord);
    else if (date > today) next.date = EDIT_TEXT.dateAfterToday;
    if (kind === 'paid' && !method) next.method = EDIT_TEXT.methodRequired;
    setErrors(next);
    if (next.date || next.method) return;
    setSaving(true);
    setAlert(null);
    try {
      await onSubmit({ date, paymentMethodID: kind === 'paid' ? Number(method) : null });
    } catch (err) {
      const f = saveFailure(err);
      const field = (k: string) => f.errors[k] ?? Object.entries(f.errors).find(([key]) => key.endsWith(`.${k}`))?.[1];
      setErrors({ date: field(kind === 'paid' ? 'paidDate' : 'shippedDate'), method: field('paymentMethodID') });
      setAlert(f.message);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="mark-dialog">
      <DialogTitle id="mark-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{target}</DialogContentText>
        {alert && (
          <Box sx={{ mb: 1.5 }}>
            <AppAlert message={alert} onClose={() => setAlert(null)} />
          </Box>
        )}
        {kind === 'paid' && (
          <TextField
            select
            fullWidth
            required
            label="Payment method"
            value={methods.data ? method : ''}
            onChange={(e) => {
              setMethod(e.target.value);
              setErrors((x) => ({ ...x, method: undefined }));
            }}
            error={!!errors.method}
            helperText={errors.method ?? (methods.isError ? 'The payment methods could not be loaded.' : undefined)}
            disabled={!methods.data}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'payment-method' } as object } }}
            sx={{ mt: 1, mb: 2 }}
          >
            {(methods.data ?? []).map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {paymentMethodLabel(m)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          fullWidth
          required
          type="date"
          label={dateLabel}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setErrors((x) => ({ ...x, date: undefined }));
          }}
          error={!!errors.date}
          helperText={errors.date}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'data-testid': 'mark-date' } }}
          sx={{ mt: kind === 'paid' ? 0 : 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={14} /> : undefined}
          data-testid="mark-save"
        >
          {title}
        </Button>
      </DialogActions>
    </form>
  );
}
