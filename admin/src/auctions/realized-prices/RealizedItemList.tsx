import { useMemo, useState } from 'react';
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
export function RealizedItemList({ rows, lots, onChange, onAgain, onPublish }: Props) {
  const check = useMemo(() => checkRealizedRows(rows, lots), [rows, lots]);
  const byRow = useMemo(() => {
    const m = new Map<number, { lotNumber?: string; realizedPrice?: string }>();
    for (const e of check.errors) {
      const cur = m.get(e.row ?? 0) ?? {};
      const key = e.field === 'realizedPrice' ? 'realizedPrice' : 'lotNumber';
      if (!cur[key]) cur[key] = e.displayMsg;
      m.set(e.row ?? 0, cur);
    }
    return m;
  }, [check]);
  const checked = useMemo(() => new Map(check.rows.map((r) => [r.id, r])), [check]);
  const list = useList<ItemRow>({ data: rows, perPage: PAGE_SIZES[0] });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const edit = (id: number, patch: Partial<ItemRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
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
              <FunctionField<ItemRow> label="Row" sortable={false} render={(r) => r.id} />
              <FunctionField<ItemRow>
                label="Lot #"
                sortable={false}
                render={(r) => (
                  <TextField
                    size="small"
                    value={r.lotNumber ?? ''}
                    onChange={(e) => edit(r.id, { lotNumber: e.target.value })}
                    error={Boolean(byRow.get(r.id)?.lotNumber)}
                    helperText={byRow.get(r.id)?.lotNumber}
                    sx={{ width: 150 }}
                    slotProps={{ htmlInput: { 'aria-label': `Lot number of row ${r.id}`, 'data-testid': `lot-${r.id}`, maxLength: 8 } }}
                  />
                )}
              />
              <FunctionField<ItemRow>
                label="Title"
                sortable={false}
                render={(r) => (
                  <Typography variant="body2" noWrap sx={{ maxWidth: 280 }}>
                    {checked.get(r.id)?.lotTitle ?? '—'}
                  </Typography>
                )}
              />
              <FunctionField<ItemRow>
                label="Realized Price"
                sortable={false}
                render={(r) => (
                  <TextField
                    size="small"
                    value={r.realizedPrice}
                    onChange={(e) => edit(r.id, { realizedPrice: e.target.value })}
                    error={Boolean(byRow.get(r.id)?.realizedPrice)}
                    helperText={byRow.get(r.id)?.realizedPrice}
                    sx={{ width: 220 }}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'decimal',
                        'aria-label': `Realized price of lot ${label(r)}`,
                        'data-testid': `price-${r.id}`,
                      },
                    }}
                  />
                )}
              />
              <FunctionField<ItemRow>
                label="Result"
                sortable={false}
                render={(r) => {
                  const cents = checked.get(r.id)?.realizedCents;
                  if (cents === null || cents === undefined || byRow.has(r.id)) return <StatusChip label="Error" tone="error" />;
                  return cents === 0 ? (
                    <StatusChip label={REALIZED_TEXT.passed} tone="neutral" data-testid={`result-${r.id}`} />
                  ) : (
                    <span data-testid={`result-${r.id}`}>{realizedDisplay(cents)}</span>
                  );
                }}
              />
              <FunctionField<ItemRow>
                label=""
                sortable={false}
                render={(r) => (
                  <Button
                    size="small"
                    startIcon={<DeleteIcon />}
                    onClick={() => onChange(rows.filter((x) => x.id !== r.id))}
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
