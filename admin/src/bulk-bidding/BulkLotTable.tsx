import { Box, Card, Link, Typography } from '@mui/material';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, useList } from 'react-admin';
import { AppSelect } from '../kit/AppSelect';
import { ListPager } from '../kit/ListPager';
import { StatusChip } from '../kit/StatusChip';
import { formatMoney } from '../invoices/money';
import { lotBidOptions, lotLabel, type BulkLot } from './bulkBidding';

type Row = BulkLot & { id: string };

/** Rows per table page: the lot calls take up to 500 refs at once. */
const PAGE_SIZES = [100, 250, 500] as const;

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));

export interface BulkLotTableProps {
  lots: BulkLot[];
  chosen: ReadonlyMap<string, number>;
  onChoose: (lotRef: string, cents: number | null) => void;
  onHistory: (lot: BulkLot) => void;
  formatTime: (iso: string) => string;
}

/** The lot table in react-admin's list parts: figures of each lot, its bid history link and its New Bid select. */
export function BulkLotTable({ lots, chosen, onChoose, onHistory, formatTime }: BulkLotTableProps) {
  const list = useList<Row>({ data: lots.map((l) => ({ ...l, id: l.lotRef })), perPage: PAGE_SIZES[0] });
  return (
    <ResourceContextProvider value="bulk-bidding-lots">
      <ListContextProvider value={list}>
        <Card variant="outlined" sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}>
          <Datagrid rowClick={false} bulkActionButtons={false} data-testid="bulk-lots">
            <FunctionField<Row> label="Lot #" sortable={false} render={(l) => lotLabel(l)} />
            <FunctionField<Row>
              label="Title"
              sortable={false}
              render={(l) => (
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  {l.lotImageUrl && (
                    <Box
                      component="img"
                      src={l.lotImageUrl}
                      alt=""
                      loading="lazy"
                      sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
                      data-testid={`image-${l.lotRef}`}
                    />
                  )}
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" title={l.lotDescription} sx={{ maxWidth: 280 }} noWrap>
                      {l.lotTitle}
                    </Typography>
                    {l.consignor && (
                      <Typography variant="caption" color="text.secondary" data-testid={`consignor-${l.lotRef}`}>
                        Consignor: {l.consignor}
                      </Typography>
                    )}
                  </Box>
                </Box>
              )}
            />
            <FunctionField<Row>
              label="Estimate"
              sortable={false}
              render={(l) =>
                l.estimateLow === null && l.estimateHigh === null ? '—' : `${money(l.estimateLow)} - ${money(l.estimateHigh)}`
              }
            />
            <FunctionField<Row> label="Reserve" sortable={false} textAlign="right" render={(l) => money(l.reserve)} />
            <FunctionField<Row>
              label="Current Bid"
              sortable={false}
              textAlign="right"
              render={(l) => <span data-testid={`current-${l.lotRef}`}>{money(l.currentBid)}</span>}
            />
            <FunctionField<Row>
              label="Bids"
              sortable={false}
              textAlign="right"
              render={(l) => (
                <Link
                  component="button"
                  onClick={() => onHistory(l)}
                  data-testid={`history-${l.lotRef}`}
                  aria-label={`Bid history of lot ${lotLabel(l)}`}
                >
                  {l.bidCount}
                </Link>
              )}
            />
            <FunctionField<Row>
              label="Max Bid / Bidder"
              sortable={false}
              render={(l) =>
                l.maxBid === null ? (
                  '—'
                ) : (
                  <>
                    {money(l.maxBid)}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {l.maxBidder}
                    </Typography>
                  </>
                )
              }
            />
            <FunctionField<Row>
              label="Ends"
              sortable={false}
              render={(l) =>
                l.isClosed ? (
                  <StatusChip label="Closed" tone="neutral" />
                ) : (
                  <>
                    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {formatTime(l.endTime)}
                    </Typography>
                    {l.isExtended && <StatusChip label="Extended" tone="warning" />}
                  </>
                )
              }
            />
            <FunctionField<Row>
              label="New Bid"
              sortable={false}
              render={(l) => {
                const options = lotBidOptions(l);
                return (
                  <AppSelect
                    size="small"
                    sx={{ minWidth: 130 }}
                    value={chosen.has(l.lotRef) ? String(chosen.get(l.lotRef)) : ''}
                    onChange={(v) => onChoose(l.lotRef, v === '' ? null : Number(v))}
                    placeholder={options.length ? 'No bid' : 'Closed'}
                    disabled={!options.length}
                    options={options.map((c) => ({ value: String(c), label: formatMoney(c) }))}
                    slotProps={{ htmlInput: { 'aria-label': `New bid for lot ${lotLabel(l)}`, 'data-testid': `new-bid-${l.lotRef}` } }}
                  />
                );
              }}
            />
          </Datagrid>
        </Card>
        <ListPager sizes={PAGE_SIZES} position="bottom" label="Lot pages" />
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
