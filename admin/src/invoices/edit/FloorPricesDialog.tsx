import { useMemo, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { AppAlert } from '../../common/AppAlert';
import type { FloorLineEdit } from '../shared/editingApi';
import type { EditableInvoice } from '../shared/editingTypes';
import { saveFailure } from '../shared/saveFailure';
import { UnsavedChangesGuard } from '../shared/UnsavedChangesGuard';
import { centsToAmount, centsToInput, parseChargeAmount } from './chargeForm';

export interface FloorPricesDialogProps {
  open: boolean;
  invoice: EditableInvoice | null;
  onSubmit: (edits: FloorLineEdit[]) => Promise<void>;
  onClose: () => void;
}

type Field = 'hammer' | 'premium' | 'livefee';
const FIELDS: { key: Field; label: string; call: keyof Omit<FloorLineEdit, 'lotId'> }[] = [
  { key: 'hammer', label: 'Hammer', call: 'hammer' },
  { key: 'premium', label: 'BP', call: 'buyersPremium' },
  { key: 'livefee', label: 'Live Fee', call: 'liveFee' },
];

/**
 * Floor-channel unpaid invoices: hammer, buyer's premium and live fee per lot (spec 000 section 4).
 * Only what was changed is sent: a new hammer with the premium untouched recomputes the premium.
 */
export function FloorPricesDialog(props: FloorPricesDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="floor-dialog-title">
      {props.open && props.invoice && <FloorForm {...props} invoice={props.invoice} />}
    </Dialog>
  );
}

function FloorForm({ invoice, onSubmit, onClose }: FloorPricesDialogProps & { invoice: EditableInvoice }) {
  const lines = useMemo(() => (invoice.invoiceDetails ?? []).filter((l) => !l.suppress), [invoice.invoiceDetails]);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.flatMap((l) => FIELDS.map((f) => [`${l.invoiceDetailID}.${f.key}`, centsToInput(l.priceInfoCents[f.key])]))),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = lines.some((l) =>
    FIELDS.some((f) => (texts[`${l.invoiceDetailID}.${f.key}`] ?? '') !== centsToInput(l.priceInfoCents[f.key])),
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const next: Record<string, string> = {};
    const edits: FloorLineEdit[] = [];
    for (const l of lines) {
      const edit: FloorLineEdit = { lotId: l.lotID };
      for (const f of FIELDS) {
        const key = `${l.invoiceDetailID}.${f.key}`;
        const p = parseChargeAmount(texts[key] ?? '', false);
        if (p.error !== undefined) next[key] = p.error;
        else if (p.cents !== l.priceInfoCents[f.key]) edit[f.call] = centsToAmount(p.cents);
      }
      if (Object.keys(edit).length > 1) edits.push(edit);
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    if (!edits.length) {
      onClose();
      return;
    }
    setSaving(true);
    setAlert(null);
    try {
      await onSubmit(edits);
    } catch (err) {
      const f = saveFailure(err);
      setAlert(f.message);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="floor-dialog">
      <DialogTitle id="floor-dialog-title">Edit hammer, BP &amp; live fee</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Invoice #{invoice.invoiceNumber} · {invoice.name}. A changed hammer recomputes the buyer&apos;s premium unless you change it too;
          tax and totals recompute.
        </DialogContentText>
        {alert && (
          <Box sx={{ mb: 1.5 }}>
            <AppAlert message={alert} onClose={() => setAlert(null)} />
          </Box>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Lot</TableCell>
                {FIELDS.map((f) => (
                  <TableCell key={f.key} align="right">
                    {f.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l) => (
                <TableRow key={l.invoiceDetailID}>
                  <TableCell sx={{ maxWidth: 260 }}>
                    <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                      {l.lotNumber}
                    </Box>
                    {l.lotTitle}
                  </TableCell>
                  {FIELDS.map((f) => {
                    const key = `${l.invoiceDetailID}.${f.key}`;
                    return (
                      <TableCell key={f.key} align="right" sx={{ minWidth: 120 }}>
                        <TextField
                          value={texts[key] ?? ''}
                          onChange={(e) => {
                            const v = e.target.value;
                            setTexts((t) => ({ ...t, [key]: v }));
                            setErrors((x) => ({ ...x, [key]: '' }));
                          }}
                          onBlur={() => {
                            const p = parseChargeAmount(texts[key] ?? '', false);
                            if (p.error === undefined) setTexts((t) => ({ ...t, [key]: centsToInput(p.cents) }));
                          }}
                          error={!!errors[key]}
                          helperText={errors[key] || undefined}
                          slotProps={{
                            htmlInput: {
                              inputMode: 'decimal',
                              'aria-label': `${f.label} of lot ${l.lotNumber}`,
                              'data-testid': `floor-${f.key}-${l.invoiceDetailID}`,
                              style: { textAlign: 'right' },
                            },
                          }}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </DialogContent>
      <UnsavedChangesGuard when={dirty && !saving} text="The prices you entered have not been saved." />
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={14} /> : undefined}
          data-testid="floor-save"
        >
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
