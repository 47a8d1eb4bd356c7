import { useState } from 'react';
import { Alert, Button, Card, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import {
  Datagrid,
  FilterForm,
  FunctionField,
  ListBase,
  ListContextProvider,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  useList,
  useListContext,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  describeResult,
  EOA_ACTION_LABELS,
  EOA_CHANNELS,
  EOA_PAGE_SIZES,
  EOA_RESULTS,
  type EoaAuditEntry,
  type EoaLot,
  type EoaTotals,
} from '@ar/rules';
import { downloadUrl } from '../../common/downloadFile';
import { ShellLoading } from '../../common/ShellLoading';
import { useHouseRef } from '../../invoices/useHouseRef';
import { currencySymbol } from '../../invoices/sent/sentTexts';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { ListPager } from '../../kit/ListPager';
import { Money } from '../../kit/MoneyCell';
import { PageHeader } from '../../kit/PageHeader';
import { StatusChip } from '../../kit/StatusChip';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { TotalsStrip } from '../../kit/TotalsStrip';
import { BuyerDialog, HammerDialog } from './EoaDialogs';
import { EOA_LOTS, eoaDownloadPath, useEoa, useEoaActions, type EoaLotRecord } from './eoaApi';

const BACK = { to: '/reports/sessionResults', label: '< Sales Results' };

type LotRow = EoaLotRecord;
type AuditRow = EoaAuditEntry;

const choices = (values: readonly string[]) => values.map((v) => ({ id: v, name: v }));

// The reconciliation filters: the server filters in the database (result, channel, lot number or paddle).
const LOT_FILTERS = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Lot number or paddle" data-testid="eoa-filter-q" />,
  <SelectInput key="result" source="result" label="Result" alwaysOn choices={choices(EOA_RESULTS)} emptyText="All results" />,
  <SelectInput key="channel" source="channel" label="Channel" alwaysOn choices={choices(EOA_CHANNELS)} emptyText="All channels" />,
];

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * End of Auction (/reports/eoa/{catalogRef}; issue 14, docs/decisions/eoa.md): the session's lots
 * a page at a time (react-admin's list over `eoa-lots`: paged, sorted and filtered by the server)
 * with result, buyer, channel and amounts, and the whole session's totals; super users and reports users correct a
 * hammer, reassign a buyer by paddle or pass a lot before invoicing, each change listed in the
 * audit trail below. Once the session is invoiced the actions are off and the reason is shown.
 */
export function EoaPage() {
  const houseRef = useHouseRef();
  const { catalogRef = '' } = useParams();
  const eoa = useEoa(houseRef, catalogRef);
  const actions = useEoaActions(houseRef, catalogRef);
  const [hammerOf, setHammerOf] = useState<EoaLot | null>(null);
  const [buyerOf, setBuyerOf] = useState<EoaLot | null>(null);
  const [passOf, setPassOf] = useState<EoaLot | null>(null);
  const audit = useList<AuditRow>({ data: eoa.data?.audit ?? [], perPage: 25 });

  if (eoa.isPending) return <ShellLoading />;
  if (eoa.error) {
    return (
      <Stack spacing={2}>
        <PageHeader title="End of Auction" back={BACK} />
        <ErrorAlert error={eoa.error} notFound="This session was not found." />
      </Stack>
    );
  }
  const d = eoa.data;
  const symbol = currencySymbol(d.session.currencyCode);
  const money = (c: number | null) => (c === null ? '—' : <Money cents={c} symbol={symbol} />);
  const t = d.totals;
  return (
    <Stack spacing={2} data-testid="eoa">
      <PageHeader
        title="End of Auction"
        back={BACK}
        actions={
          <Toolbar label="EOA downloads">
            {(['xlsx', 'csv'] as const).map((format) => (
              <ToolbarButton
                key={format}
                icon={<DownloadIcon />}
                onClick={() => downloadUrl(eoaDownloadPath(houseRef, catalogRef, format), '')}
                data-testid={`eoa-download-${format}`}
              >
                Download .{format.toUpperCase()}
              </ToolbarButton>
            ))}
          </Toolbar>
        }
      />
      <Typography variant="h6" component="h2" data-testid="eoa-session">
        {d.session.title}{' '}
        <Typography component="span" color="text.secondary">
          {when(d.session.date)} · {d.session.currencyCode}
        </Typography>
      </Typography>
      {d.locked && (
        <Alert severity="info" icon={<LockIcon />} data-testid="eoa-locked">
          {d.lockedReason}
        </Alert>
      )}
      <TotalsStrip
        symbol={symbol}
        testId="eoa-totals"
        items={[
          { label: 'Lots', value: t.lots },
          { label: 'Sold', value: t.sold },
          { label: 'Passed', value: t.passed },
          { label: 'Hammer', value: t.hammer, money: true, testId: 'eoa-total-hammer' },
          { label: "Buyer's Premium", value: t.premium, money: true },
          { label: 'Live Fee', value: t.liveFee, money: true },
        ]}
      />
      <ListBase<LotRow>
        resource={EOA_LOTS}
        filter={{ houseRef, catalogRef }}
        sort={{ field: 'lotNumber', order: 'ASC' }}
        perPage={EOA_PAGE_SIZES[0]}
        disableSyncWithLocation
      >
        <FilterForm filters={LOT_FILTERS} />
        <FilteredTotals symbol={symbol} />
        <Card
          variant="outlined"
          sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' }, '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' } }}
        >
          <Datagrid
            rowClick={false}
            bulkActionButtons={false}
            data-testid="eoa-table"
            empty={
              <Typography sx={{ p: 2 }} color="text.secondary" data-testid="eoa-lots-empty">
                No lots match.
              </Typography>
            }
          >
            <FunctionField<LotRow> label="Lot" sortBy="lotNumber" render={(l) => l.lotNumber} />
            <FunctionField<LotRow> label="Title" sortable={false} render={(l) => l.title} />
            <FunctionField<LotRow>
              label="Result"
              sortBy="result"
              render={(l) => (
                <StatusChip label={l.result} tone={l.result === 'Sold' ? 'success' : 'neutral'} data-testid={`eoa-result-${l.lotID}`} />
              )}
            />
            <FunctionField<LotRow> label="Paddle" sortBy="paddleNumber" render={(l) => l.paddleNumber ?? '—'} />
            <FunctionField<LotRow> label="Buyer" sortBy="buyerName" render={(l) => l.buyerName ?? '—'} />
            <FunctionField<LotRow> label="Channel" sortBy="channel" render={(l) => l.channel ?? '—'} />
            <FunctionField<LotRow>
              label="Hammer"
              sortBy="hammer"
              textAlign="right"
              render={(l) => <span data-testid={`eoa-hammer-${l.lotID}`}>{money(l.hammer)}</span>}
            />
            <FunctionField<LotRow>
              label="Premium"
              sortable={false}
              textAlign="right"
              render={(l) => money(l.result === 'Sold' ? l.premium : null)}
            />
            <FunctionField<LotRow>
              label="Live Fee"
              sortable={false}
              textAlign="right"
              render={(l) => money(l.result === 'Sold' ? l.liveFee : null)}
            />
            <FunctionField<LotRow>
              label="Correct"
              sortable={false}
              render={(l) => (
                <Stack direction="row" spacing={0.5}>
                  <Button
                    size="small"
                    disabled={d.locked || l.result !== 'Sold'}
                    onClick={() => setHammerOf(l)}
                    data-testid={`eoa-edit-hammer-${l.lotID}`}
                  >
                    Hammer
                  </Button>
                  <Button size="small" disabled={d.locked} onClick={() => setBuyerOf(l)} data-testid={`eoa-edit-buyer-${l.lotID}`}>
                    Buyer
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={d.locked || l.result !== 'Sold'}
                    onClick={() => setPassOf(l)}
                    data-testid={`eoa-pass-${l.lotID}`}
                  >
                    Pass
                  </Button>
                </Stack>
              )}
            />
          </Datagrid>
        </Card>
        <ListPager sizes={EOA_PAGE_SIZES} label="EOA lot pages" testIds={{ size: 'eoa-page-size', range: 'eoa-page-range' }} />
      </ListBase>

      <Typography variant="h6" component="h2">
        Audit trail
      </Typography>
      {d.audit.length === 0 ? (
        <Typography color="text.secondary" data-testid="eoa-audit-empty">
          No corrections yet.
        </Typography>
      ) : (
        <ResourceContextProvider value="eoa-audit">
          <ListContextProvider value={audit}>
            <Card variant="outlined">
              <Datagrid rowClick={false} bulkActionButtons={false} data-testid="eoa-audit">
                <FunctionField<AuditRow> label="When" sortable={false} render={(a) => when(a.createdAt)} />
                <FunctionField<AuditRow> label="Who" sortable={false} render={(a) => a.userName} />
                <FunctionField<AuditRow> label="Lot" sortable={false} render={(a) => a.lotNumber} />
                <FunctionField<AuditRow> label="Change" sortable={false} render={(a) => EOA_ACTION_LABELS[a.action]} />
                <FunctionField<AuditRow> label="Before" sortable={false} render={(a) => describeResult(a.before)} />
                <FunctionField<AuditRow> label="After" sortable={false} render={(a) => describeResult(a.after)} />
              </Datagrid>
            </Card>
            <ListPager sizes={[25]} label="Audit pages" />
          </ListContextProvider>
        </ResourceContextProvider>
      )}

      <HammerDialog lot={hammerOf} onClose={() => setHammerOf(null)} onSave={(l, hammer) => actions.hammer(l.lotID, hammer)} />
      <BuyerDialog lot={buyerOf} onClose={() => setBuyerOf(null)} onSave={(l, paddle, hammer) => actions.buyer(l.lotID, paddle, hammer)} />
      <ConfirmDialog
        open={passOf !== null}
        title="Pass lot"
        text={passOf ? `Pass lot ${passOf.lotNumber}? Its buyer and hammer are removed (the change is in the audit trail).` : ''}
        confirmLabel="Pass lot"
        onConfirm={async () => {
          await actions.pass(passOf!.lotID);
          setPassOf(null);
        }}
        onClose={() => setPassOf(null)}
      />
    </Stack>
  );
}

/** While a filter is on, the count and sums of the lots it matches (the server's totals, over every page). */
function FilteredTotals({ symbol }: { symbol: string }) {
  const { filterValues, meta, isPending } = useListContext<LotRow>();
  const t = (meta as { totals?: EoaTotals } | undefined)?.totals;
  const filtered = Object.entries(filterValues ?? {}).some(
    ([k, v]) => k !== 'houseRef' && k !== 'catalogRef' && v !== undefined && v !== '',
  );
  if (!filtered || isPending || !t) return null;
  return (
    <TotalsStrip
      symbol={symbol}
      testId="eoa-filtered-totals"
      items={[
        { label: 'Matching lots', value: t.lots },
        { label: 'Sold', value: t.sold },
        { label: 'Passed', value: t.passed },
        { label: 'Hammer', value: t.hammer, money: true, testId: 'eoa-filtered-hammer' },
        { label: "Buyer's Premium", value: t.premium, money: true },
        { label: 'Live Fee', value: t.liveFee, money: true },
      ]}
    />
  );
}
