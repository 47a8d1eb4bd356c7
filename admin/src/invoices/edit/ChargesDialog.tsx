import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { formatMoney } from '../money';
import { fetchEditableInvoices, type InvoiceChargeBody, type LotChargeBody } from '../shared/editingApi';
import { canAddAdditionalCharges, chargesAreAdditional, taxIsComputed } from '../shared/editingRules';
import { EDIT_TEXT } from '../shared/editingTexts';
import type { EditableInvoice } from '../shared/editingTypes';
import { useDelayed } from '../shared/NoteIcon';
import { saveFailure } from '../shared/saveFailure';
import { UnsavedChangesGuard } from '../shared/UnsavedChangesGuard';
import {
  CHARGE_DEBOUNCE_MS,
  CHARGE_FIELDS,
  CHARGE_LABELS,
  CHARGE_TEXT,
  changedRows,
  chargeBodies,
  chargeRows,
  errorKey,
  normaliseChargeText,
  parseChargeAmount,
  rowTotal,
  validateCharges,
  type ChargeErrors,
  type ChargeField,
  type ChargeRowDraft,
} from './chargeForm';
import type { EditorSettings } from './editorTypes';
import { EDIT_KEYS } from './useEditorData';

export interface ChargesDialogProps {
  open: boolean;
  /** The invoices walked through (one for the single form). */
  ids: number[];
  startIndex: number;
  /** Bulk: Previous invoice and Save & Next walk through `ids`. */
  bulk: boolean;
  settings: EditorSettings;
  /** The invoice if the page has it (shown at once; fetched otherwise). */
  lookup: (invoiceId: number) => EditableInvoice | undefined;
  /** Saves one invoice's form; throws when refused (the form stays with its values). */
  onSave: (invoice: EditableInvoice, body: LotChargeBody[] | InvoiceChargeBody) => Promise<void>;
  onClose: () => void;
}

/**
 * Add/Edit Charges (spec 000 sections 2, 4, 5): the per-lot-cost form (a row per visible lot) or the
 * invoice-level form, single or bulk (Previous invoice, Save & Next, Save & Close). Amounts are
 * checked 500 ms after typing stops; Other may be negative; tax is not a field on US invoices with
 * processor p. On a paid invoice (processor p, online payment) the charges are additional charges,
 * locked once paid or pending. Moving to another invoice saves this one first, and a refused save
 * keeps every value entered: nothing typed is ever lost.
 */
export function ChargesDialog(props: ChargesDialogProps) {
  return (
    <Dialog open={props.open} fullWidth maxWidth={props.settings.perLot ? 'lg' : 'sm'} aria-labelledby="charges-dialog-title">
      {props.open && <ChargesForm {...props} />}
    </Dialog>
  );
}

function ChargesForm({ ids, startIndex, bulk, settings, lookup, onSave, onClose }: ChargesDialogProps) {
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const [index, setIndex] = useState(startIndex);
  const id = ids[index];
  const invoiceQuery = useQuery({
    queryKey: EDIT_KEYS.one(settings.houseRef, settings.groupId, id),
    queryFn: async () => (await fetchEditableInvoices(dp, settings.houseRef, settings.groupId, [id]))[0] ?? null,
    initialData: () => lookup(id),
    staleTime: 30_000,
    retry: false,
  });
  const inv = invoiceQuery.data ?? null;

  const additional = inv ? chargesAreAdditional(inv, settings.house) : false;
  const cannotAdd = !!inv && additional && !canAddAdditionalCharges(inv, settings.house);
  const withTax = inv ? !taxIsComputed(inv, settings.house) : true;

  // The form of the invoice shown; rebuilt when another invoice is shown, merged when it reloads.
  const [form, setForm] = useState<{ id: number; version: number; rows: ChargeRowDraft[] } | null>(null);
  useEffect(() => {
    if (!inv) return;
    setForm((f) => {
      const fresh = chargeRows(inv, settings.perLot, additional).map((r) => (cannotAdd ? { ...r, locked: true } : r));
      if (!f || f.id !== inv.invoiceID) return { id: inv.invoiceID, version: inv.version, rows: fresh };
      if (f.version === inv.version) return f;
      // Reloaded (someone else's change, 409): new amounts underneath, the user's typing kept.
      const old = new Map(f.rows.map((r) => [r.key, r]));
      return {
        id: inv.invoiceID,
        version: inv.version,
        rows: fresh.map((r) => {
          const o = old.get(r.key);
          if (!o) return r;
          const typed = { ...r.texts };
          for (const k of CHARGE_FIELDS) {
            const p = parseChargeAmount(o.texts[k], k === 'other');
            if (p.error !== undefined || p.cents !== o.initial[k]) typed[k] = o.texts[k];
          }
          return { ...r, texts: typed };
        }),
      };
    });
  }, [inv, settings.perLot, additional, cannotAdd]);

  const rows = form && inv && form.id === inv.invoiceID ? form.rows : null;
  const settled = useDelayed(rows, CHARGE_DEBOUNCE_MS);
  const [submitErrors, setSubmitErrors] = useState<ChargeErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  // Messages show once typing pauses (500 ms), or at once on a save.
  const liveErrors = useMemo(() => (settled && settled === rows ? validateCharges(settled, withTax) : {}), [settled, rows, withTax]);
  const errors = { ...liveErrors, ...submitErrors };
  const dirty = !!rows && changedRows(rows, withTax).length > 0;

  const setText = (rowKey: string, field: ChargeField, value: string) => {
    setForm((f) => (f ? { ...f, rows: f.rows.map((r) => (r.key === rowKey ? { ...r, texts: { ...r.texts, [field]: value } } : r)) } : f));
    setSubmitErrors((e) => {
      const { [`${rowKey}.${field}`]: _gone, ...rest } = e;
      return rest;
    });
    // The summary speaks of the marked amounts; once one is being corrected it no longer holds.
    setAlert((a) => (a === CHARGE_TEXT.fixErrors ? null : a));
  };
  const normalise = (rowKey: string, field: ChargeField) =>
    setForm((f) =>
      f
        ? {
            ...f,
            rows: f.rows.map((r) =>
              r.key === rowKey ? { ...r, texts: { ...r.texts, [field]: normaliseChargeText(r.texts[field], field) } } : r,
            ),
          }
        : f,
    );

  const last = index === ids.length - 1;

  /** Saves what changed (nothing is sent when nothing did), then moves. */
  const go = async (target: 'prev' | 'next' | 'close') => {
    if (!inv || !rows || saving) return;
    const now = validateCharges(rows, withTax);
    setSubmitErrors(now);
    if (Object.keys(now).length) {
      setAlert(CHARGE_TEXT.fixErrors);
      return;
    }
    const body = chargeBodies(inv, rows, { perLot: settings.perLot, additional, withTax, isLastInvoice: target === 'close' || last });
    setAlert(null);
    if (body) {
      setSaving(true);
      try {
        await onSave(inv, body);
      } catch (err) {
        const f = saveFailure(err);
        setSubmitErrors(serverErrors(f.errors, body, rows));
        setAlert(f.message);
        setSaving(false);
        return;
      }
      setSaving(false);
      // Saved: the next visit of this invoice starts from what the server now has.
      setForm(null);
      void qc.invalidateQueries({ queryKey: EDIT_KEYS.one(settings.houseRef, settings.groupId, inv.invoiceID), refetchType: 'none' });
    }
    if (target === 'close') onClose();
    else {
      setForm(null);
      setSubmitErrors({});
      setIndex((i) => (target === 'prev' ? Math.max(0, i - 1) : Math.min(ids.length - 1, i + 1)));
    }
  };

  const cancel = () => (dirty ? setConfirmDiscard(true) : onClose());
  const money = (c: number) => formatMoney(c, settings.symbol);
  const fields = CHARGE_FIELDS.filter((f) => f !== 'tax' || withTax);

  const field = (row: ChargeRowDraft, f: ChargeField, label: string) => {
    const key = errorKey(row, f);
    return (
      <TextField
        key={f}
        value={row.texts[f]}
        onChange={(e) => setText(row.key, f, e.target.value)}
        onBlur={() => normalise(row.key, f)}
        disabled={row.locked || saving}
        error={!!errors[key]}
        helperText={errors[key]}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">{settings.symbol}</InputAdornment> },
          htmlInput: { inputMode: 'decimal', 'aria-label': label, 'data-testid': `charge-${row.key}-${f}`, style: { textAlign: 'right' } },
        }}
        sx={{ minWidth: 110, maxWidth: settings.perLot ? 150 : undefined }}
      />
    );
  };
  const head = (f: ChargeField) =>
    f === 'other' ? (
      <Tooltip title={CHARGE_TEXT.otherTooltip}>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid="other-tooltip">
          {CHARGE_LABELS.other}
          <InfoIcon sx={{ fontSize: 16 }} aria-label={CHARGE_TEXT.otherTooltip} />
        </Box>
      </Tooltip>
    ) : (
      CHARGE_LABELS[f]
    );

  return (
    <Box data-testid="charges-dialog">
      <DialogTitle id="charges-dialog-title">
        Add/Edit Charges
        {inv && (
          <Typography component="div" variant="body2" color="text.secondary" data-testid="charges-invoice">
            Invoice #{inv.invoiceNumber} · {inv.name}
            {bulk && ` · ${index + 1} of ${ids.length}`}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {alert && (
          <Box sx={{ mb: 1.5 }}>
            <AppAlert message={alert} onClose={() => setAlert(null)} />
          </Box>
        )}
        {invoiceQuery.isError ? (
          <AppAlert message="This invoice could not be loaded." />
        ) : !inv || !rows ? (
          <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress />
          </Box>
        ) : (
          <>
            {additional && (
              <Alert severity="info" sx={{ mb: 1.5 }} data-testid="additional-mode">
                This invoice has been paid: charges entered here are additional charges (Add&apos;l), billed on their own.
              </Alert>
            )}
            {cannotAdd && (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {CHARGE_TEXT.cannotAdd}
              </Alert>
            )}
            {!withTax && (
              <DialogContentText variant="body2" sx={{ mb: 1 }} data-testid="tax-computed">
                {CHARGE_TEXT.taxComputed}
              </DialogContentText>
            )}
            {settings.perLot ? (
              rows.length === 0 ? (
                <Typography color="text.secondary">Every lot of this invoice is hidden.</Typography>
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label="Charges per lot">
                    <TableHead>
                      <TableRow>
                        <TableCell>Lot</TableCell>
                        <TableCell align="right">Hammer</TableCell>
                        {fields.map((f) => (
                          <TableCell key={f} align="right">
                            {head(f)}
                          </TableCell>
                        ))}
                        <TableCell align="right">Charges</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rows.map((row) => {
                        const line = inv.invoiceDetails?.find((l) => l.invoiceDetailID === row.lineId);
                        return (
                          <TableRow key={row.key} data-testid={`charges-row-${row.lineId}`}>
                            <TableCell sx={{ maxWidth: 240 }}>
                              <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                                {line?.lotNumber}
                                {line?.restricted && '*'}
                              </Box>
                              {line?.lotTitle}
                              {row.locked && additional && (
                                <Typography variant="caption" component="div" color="text.secondary">
                                  {line?.additionalPriceInfo?.status ?? CHARGE_TEXT.locked}
                                </Typography>
                              )}
                            </TableCell>
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {line ? money(line.priceInfoCents.hammer) : ''}
                            </TableCell>
                            {fields.map((f) => (
                              <TableCell key={f} align="right">
                                {field(row, f, `${CHARGE_LABELS[f]} of lot ${line?.lotNumber ?? ''}`)}
                              </TableCell>
                            ))}
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                              {money(rowTotal(settled?.find((r) => r.key === row.key) ?? row, withTax))}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </Box>
              )
            ) : (
              rows.map((row) => (
                <Box
                  key={row.key}
                  sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}
                  data-testid="charges-row-invoice"
                >
                  {fields.map((f) => (
                    <Box key={f}>
                      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                        {head(f)}
                      </Typography>
                      {field(row, f, CHARGE_LABELS[f])}
                    </Box>
                  ))}
                  <Typography sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>
                    Charges: {money(rowTotal(settled?.find((r) => r.key === row.key) ?? row, withTax))}
                    {row.locked && additional && ` · ${inv.additionalPriceInfo?.status ?? CHARGE_TEXT.locked}`}
                  </Typography>
                </Box>
              ))
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={cancel} disabled={saving} data-testid="charges-cancel">
          Cancel
        </Button>
        <Box sx={{ flex: 1 }} />
        {saving && <CircularProgress size={18} aria-label="Saving" />}
        {bulk && (
          <Button onClick={() => void go('prev')} disabled={saving || index === 0 || !rows} data-testid="charges-prev">
            Previous invoice
          </Button>
        )}
        {bulk && (
          <Button variant="outlined" onClick={() => void go('next')} disabled={saving || last || !rows} data-testid="charges-next">
            Save &amp; Next
          </Button>
        )}
        <Button variant="contained" onClick={() => void go('close')} disabled={saving || !rows} data-testid="charges-close">
          Save &amp; Close
        </Button>
      </DialogActions>
      <UnsavedChangesGuard when={dirty && !saving} text={EDIT_TEXT.discardText} />
      <Dialog open={confirmDiscard} onClose={() => setConfirmDiscard(false)} maxWidth="xs">
        <DialogTitle>{EDIT_TEXT.discardTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{EDIT_TEXT.discardText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDiscard(false)} autoFocus>
            Keep editing
          </Button>
          <Button color="error" onClick={onClose} data-testid="charges-discard">
            Discard
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The server's field messages on the form's fields: `[i].shipping` is the i-th lot sent, `shipping` the only row. */
function serverErrors(
  errors: Record<string, string>,
  body: LotChargeBody[] | InvoiceChargeBody,
  rows: readonly ChargeRowDraft[],
): ChargeErrors {
  const out: ChargeErrors = {};
  const sent = Array.isArray(body) ? body.map((b) => rows.find((r) => r.lotID === b.lotID)) : [rows[0]];
  for (const [key, message] of Object.entries(errors)) {
    const m = /^(?:\[(\d+)\]\.)?(tax|shipping|insurance|other)$/.exec(key);
    if (!m) continue;
    const row = sent[m[1] ? Number(m[1]) : 0] ?? (Array.isArray(body) ? sent[0] : rows[0]);
    if (row) out[errorKey(row, m[2] as ChargeField)] = message;
  }
  return out;
}
