import { Grid } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { LOT_LABELS, UPLOAD_ITEMS_TEXT as T, validateLot, type LotField, type LotSaleType } from '@ar/rules';
import { readApiError } from '../../common/apiError';
import { FormDialog, type FormDialogFailure } from '../../kit/FormDialog';
import { FormTextField } from '../../kit/FormTextField';
import { UPLOAD_ROWS, type UploadRow } from './uploadItemsApi';

type Values = Partial<Record<LotField | 'consignor', string>>;

/** Thrown by the dialog's own rules: the same shape as the server's refusal. */
class RulesFailed extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('Please correct the errors noted and try saving again.');
  }
}

/** The fields each sale type edits (001 section 3): estimates and starting bid not for bin, reserve timed only, price bin only. */
function fieldsOf(saleType: LotSaleType): LotField[] {
  const bin = saleType === 'bin';
  return [
    'lotNumber',
    'lotExt',
    'invNumber',
    'lotTitle',
    'lotDescription',
    'dimensions',
    ...(bin ? (['itemPrice'] as LotField[]) : (['loEst', 'hiEst', 'startingBid'] as LotField[])),
    ...(saleType === 'timed' ? (['reserve'] as LotField[]) : []),
    'shipLength',
    'shipWidth',
    'shipHeight',
    'shipWeight',
    'shipping',
    ...(bin ? (['shippingIntl'] as LotField[]) : []),
    'artistName',
    'medium',
    'condition',
    'circa',
    'provenance',
    'literature',
    'exhibited',
    'notes',
  ];
}

const WIDE: LotField[] = ['lotTitle', 'lotDescription'];
const HALF: LotField[] = ['provenance', 'literature', 'exhibited', 'notes'];
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * The review list's edit modal (spec 001 "Item fields"): the Lot page's rules (@ar/rules
 * validateLot) run on save with their messages beside the fields; the server checks again with the
 * other uploaded items and the session's lots (numbers in use, deleted numbers) and answers the
 * same way. Saved: the row's errors clear and the server rechecks duplicates.
 */
export function EditRowDialog({
  row,
  saleType,
  connectType,
  onClose,
  onSaved,
}: {
  row: UploadRow | null;
  saleType: LotSaleType;
  connectType: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const dp = useDataProvider();
  const fields = fieldsOf(saleType);
  const all = [...fields, 'consignor'] as (LotField | 'consignor')[];
  const initial = (): Values => Object.fromEntries(all.map((f) => [f, text(row?.[f as keyof UploadRow])]));
  const submit = async (values: Values) => {
    const r = validateLot(values, saleType, connectType);
    if (!r.ok) throw new RulesFailed(r.errors as Record<string, string>);
    await dp.update(UPLOAD_ROWS, { id: row!.id, data: values, previousData: row! });
    onSaved();
  };
  const describe = (err: unknown): FormDialogFailure => {
    if (err instanceof RulesFailed) return { message: err.message, errors: err.errors };
    const f = readApiError(err);
    return { message: f.message ?? 'Unable to save this item.', errors: f.errors };
  };
  return (
    <FormDialog<Values>
      open={row !== null}
      onClose={onClose}
      name="upload-row"
      title={`${T.editTitle}${row ? ` (row ${row.row})` : ''}`}
      submitLabel="Save"
      unsavedText={T.unsaved}
      maxWidth="md"
      initialValues={initial}
      isDirty={(v, i) => all.some((f) => text(v[f]) !== text(i[f]))}
      onSubmit={submit}
      describeFailure={describe}
      serverFields={Object.fromEntries(all.map((f) => [f, f]))}
    >
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        {all.map((f) => (
          <Grid
            key={f}
            size={{
              xs: 12,
              sm: WIDE.includes(f as LotField) ? 12 : 6,
              md: WIDE.includes(f as LotField) ? 12 : HALF.includes(f as LotField) ? 6 : 4,
            }}
          >
            <FormTextField
              source={f}
              id={`upload-row-${f}`}
              label={f === 'consignor' ? 'Consignor' : LOT_LABELS[f]}
              required={f === 'lotTitle' || f === 'lotDescription' || (f === 'itemPrice' && saleType === 'bin')}
              multiline={f === 'lotDescription'}
              minRows={f === 'lotDescription' ? 2 : undefined}
              fullWidth
              size="small"
              autoComplete="off"
            />
          </Grid>
        ))}
      </Grid>
    </FormDialog>
  );
}
