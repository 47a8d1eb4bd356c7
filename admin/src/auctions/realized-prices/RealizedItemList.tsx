import { useMemo, useRef, useState } from 'react';
import {
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Button,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import ReplayIcon from '@mui/icons-material/Replay';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, useList } from 'react-admin';
import { checkRealizedRows, REALIZED_TEXT, realizedDisplay, type RealizedLotKey, type RealizedRowInput } from '@ar/rules';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ListPager } from '../../kit/ListPager';
import { StatusChip } from '../../kit/StatusChip';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import type { RealizedSaveRow } from './realizedApi';

export type ItemRow = Required<Pick<RealizedRowInput, 'id'>> & RealizedSaveRow;

const PAGE_SIZES = [100, 250, 500] as const;

interface Props {
  rows: ItemRow[];
  lots: readonly RealizedLotKey[];
  onChange: (rows: ItemRow[]) => void;
  onAgain: () => void;
  /** Saves the rows and the premium answer; throws the server's refusal. */
  onPublish: (includePremium: boolean) => Promise<void>;
}

const label = (r: ItemRow) => (r.lotNumber ? `${r.lotNumber}${r.lotExt ?? ''}` : (r.invNumber ?? ''));

/**
 * The item list (001 "Realized prices": new, uploaded, item list): each row's lot and realized
 * price, checked again with the shared rules at every edit; zero shows Passed. Publish is disabled
 * while errors remain, then asks whether the prices include the buyer's premium.
 */
/** A row as the grid shows it: the row plus its check, so a row re-renders when its errors change. */
type GridRow = ItemRow & { lotError?: string; priceError?: string; lotTitle: string | null; cents: number | null };

/**
 * A cell's text input. It keeps what is typed in its own state: the grid's rows are memoised on
 * their record, which reaches them an effect later, and a controlled value from the record would
 * drop keys typed in between.
 */
function CellInput(props: {
  value: string;
  error?: string;
  width: number;
  onChange: (v: string) => void;
  inputProps: Record<string, unknown>;
}) {
  const [value, setValue] = useState(props.value);
  return (
    <TextField
      size="small"
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        props.onChange(e.target.value);
      }}
      error={Boolean(props.error)}
      helperText={props.error}
      sx={{ width: props.width }}
      slotProps={{ htmlInput: props.inputProps }}
    />
  );
}

export function RealizedItemList({ rows, lots, onChange, onAgain, onPublish }: Props) {
  const check = useMemo(() => checkRealizedRows(rows, lots), [rows, lots]);
  const data = useMemo<GridRow[]>(() => {
    const errors = new Map<number, { lotError?: string; priceError?: string }>();
    for (const e of check.errors) {
      const cur = errors.get(e.row ?? 0) ?? {};
      const key = e.field === 'realizedPrice' ? 'priceError' : 'lotError';
      if (!cur[key]) cur[key] = e.displayMsg;
      errors.set(e.row ?? 0, cur);
    }
    const checked = new Map(check.rows.map((r) => [r.id, r]));
    return rows.map((r) => ({
      ...r,
      ...errors.get(r.id),
      lotTitle: checked.get(r.id)?.lotTitle ?? null,
      cents: checked.get(r.id)?.realizedCents ?? null,
    }));
  }, [rows, check]);
  const list = useList<GridRow>({ data, perPage: PAGE_SIZES[0] });
  // The latest rows for edits made from a grid cell (its closure may be a render old).
  const latest = useRef(rows);
  latest.current = rows;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const edit = (id: number, patch: Partial<ItemRow>) => onChange(latest.current.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const publish = async (includePremium: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      await onPublish(includePremium);
    } catch (err) {
      const f = readApiError(err);
      setFailure(Object.values(f.errors)[0] ?? f.message);
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} data-testid="realized-items">
      {check.errors.length > 0 && (
        <AppAlert severity="warning" message={`${check.errors.length} error(s) remain. Fix them or remove their rows to publish.`} />
      )}
      {failure && <AppAlert message={failure} onClose={() => setFailure(null)} />}
      <ResourceContextProvider value="realized-prices">
        <ListContextProvider value={list}>
          <Card variant="outlined" sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}>
            <Datagrid rowClick={false} bulkActionButtons={false} data-testid="realized-list">
              <FunctionField<GridRow> label="Row" sortable={false} render={(r) => r.id} />
              <FunctionField<GridRow>
                label="Lot #"
                sortable={false}
                render={(r) => (
                  <CellInput
                    value={r.lotNumber ?? ''}
                    onChange={(v) => edit(r.id, { lotNumber: v })}
                    error={r.lotError}
                    width={150}
                    inputProps={{ 'aria-label': `Lot number of row ${r.id}`, 'data-testid': `lot-${r.id}`, maxLength: 8 }}
                  />
                )}
              />
              <FunctionField<GridRow>
                label="Title"
                sortable={false}
                render={(r) => (
                  <Typography variant="body2" noWrap sx={{ maxWidth: 280 }}>
                    {r.lotTitle ?? '—'}
                  </Typography>
                )}
              />
              <FunctionField<GridRow>
                label="Realized Price"
                sortable={false}
                render={(r) => (
                  <CellInput
                    value={r.realizedPrice}
                    onChange={(v) => edit(r.id, { realizedPrice: v })}
                    error={r.priceError}
                    width={220}
                    inputProps={{ inputMode: 'decimal', 'aria-label': `Realized price of lot ${label(r)}`, 'data-testid': `price-${r.id}` }}
                  />
                )}
              />
              <FunctionField<GridRow>
                label="Result"
                sortable={false}
                render={(r) => {
                  const cents = r.cents;
                  if (cents === null || r.lotError || r.priceError) return <StatusChip label="Error" tone="error" />;
                  return cents === 0 ? (
                    <StatusChip label={REALIZED_TEXT.passed} tone="neutral" data-testid={`result-${r.id}`} />
                  ) : (
                    <span data-testid={`result-${r.id}`}>{realizedDisplay(cents)}</span>
                  );
                }}
              />
              <FunctionField<GridRow>
                label=""
                sortable={false}
                render={(r) => (
                  <Button
                    size="small"
                    startIcon={<DeleteIcon />}
                    onClick={() => onChange(latest.current.filter((x) => x.id !== r.id))}
                    aria-label={`Remove row ${r.id}`}
                    data-testid={`remove-${r.id}`}
                  >
                    Remove
                  </Button>
                )}
              />
            </Datagrid>
          </Card>
          <ListPager sizes={PAGE_SIZES} position="bottom" label="Item pages" />
        </ListContextProvider>
      </ResourceContextProvider>
      <Toolbar label="Item list" justify="space-between">
        <ToolbarButton icon={<ReplayIcon />} onClick={onAgain} data-testid="realized-again">
          Go Back and Upload Again
        </ToolbarButton>
        <ToolbarButton
          variant="contained"
          icon={<PublishIcon />}
          disabled={check.errors.length > 0 || rows.length === 0 || busy}
          onClick={() => setAsking(true)}
          data-testid="realized-publish"
        >
          Publish
        </ToolbarButton>
      </Toolbar>
      <Dialog
        open={asking}
        onClose={busy ? undefined : () => setAsking(false)}
        aria-labelledby="realized-publish-title"
        data-testid="realized-premium-dialog"
      >
        <DialogTitle id="realized-publish-title">{REALIZED_TEXT.publishTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{REALIZED_TEXT.publishQuestion}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="outlined" onClick={() => void publish(false)} disabled={busy} data-testid="premium-no">
            No
          </Button>
          <Button variant="contained" onClick={() => void publish(true)} disabled={busy} data-testid="premium-yes">
            Yes
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
