import { Fragment } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { SALE_RESULTS_TABLE_HEIGHT, SALE_RESULTS_TEXT, type SaleResultBidder, type SaleResultLot, type SaleResultsAnswer } from '@ar/rules';
import { MoneyCell } from '../../kit/MoneyCell';
import { StatusChip } from '../../kit/StatusChip';
import { buyerCheck } from './saleResultsSelection';

const MONEY_COLUMNS = ['Hammer', "Buyer's Premium", 'Live Fee', 'Payable'] as const;

export interface SaleResultsTableProps {
  data: SaleResultsAnswer;
  /** Lots ticked for Open New File (lotRefs); no checkbox column without `onSelect`. */
  selected: ReadonlySet<string>;
  onSelect?: (lotRefs: string[], on: boolean) => void;
  /** Whether a lot's dispute links to its page (customer access). */
  linkDisputes: boolean;
  onMessage: (bidder: SaleResultBidder) => void;
}

/**
 * The Sale Results table: a row per buyer, the buyer's lots (ticked for Open New File when a dispute
 * may be opened on them; a disputed lot shows its dispute), the buyer's sums, the grand totals.
 */
export function SaleResultsTable({ data, selected, onSelect, linkDisputes, onMessage }: SaleResultsTableProps) {
  const symbol = data.currencySymbol;
  const lead = onSelect ? 3 : 2;
  return (
    <TableContainer sx={{ maxHeight: SALE_RESULTS_TABLE_HEIGHT }}>
      <Table size="small" stickyHeader data-testid="results-table">
        <TableHead>
          <TableRow>
            {onSelect && (
              <TableCell padding="checkbox">
                <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  Select for Open New File
                </Box>
              </TableCell>
            )}
            <TableCell sx={{ width: 110 }}>Lot</TableCell>
            <TableCell>Title</TableCell>
            {MONEY_COLUMNS.map((c) => (
              <TableCell key={c} align="right" sx={{ width: 130, whiteSpace: 'nowrap' }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.groupedData.map((b) => (
            <Fragment key={b.memberID}>
              <BuyerRow bidder={b} selected={selected} onSelect={onSelect} onMessage={() => onMessage(b)} />
              {b.items.map((lot) => (
                <TableRow key={lot.transactionID} data-testid={`result-lot-${lot.lotRef}`}>
                  {onSelect && (
                    <TableCell padding="checkbox">
                      {lot.canOpenDispute && (
                        <Checkbox
                          size="small"
                          checked={selected.has(lot.lotRef)}
                          onChange={(e) => onSelect([lot.lotRef], e.target.checked)}
                          slotProps={{ input: { 'aria-label': `Select lot ${lot.catalogPrefix}-${lot.lotNumber}` } }}
                        />
                      )}
                    </TableCell>
                  )}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {lot.catalogPrefix}-{lot.lotNumber}
                  </TableCell>
                  <TableCell>
                    {lot.title}
                    <LotDispute lot={lot} link={linkDisputes} />
                  </TableCell>
                  <MoneyCell cents={lot.hammer} symbol={symbol} />
                  <MoneyCell cents={lot.buyPrem} symbol={symbol} />
                  <MoneyCell cents={lot.liveFee} symbol={symbol} />
                  <MoneyCell cents={lot.payble} symbol={symbol} />
                </TableRow>
              ))}
              <TableRow data-testid={`member-sums-${b.memberID}`} sx={{ '& td': { borderBottomWidth: 2 } }}>
                <TableCell colSpan={lead} sx={{ color: 'text.secondary' }}>
                  {b.memberSums.lotCount} {b.memberSums.lotCount === 1 ? 'lot' : 'lots'}
                </TableCell>
                <MoneyCell bold cents={b.memberSums.sumHammer} symbol={symbol} />
                <MoneyCell bold cents={b.memberSums.sumBuyPrem} symbol={symbol} />
                <MoneyCell bold cents={b.memberSums.sumLiveFee} symbol={symbol} />
                <MoneyCell bold cents={b.memberSums.sumPayable} symbol={symbol} testId={`member-payable-${b.memberID}`} />
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
        <TableFooter sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper', '& td': { fontSize: '0.875rem' } }}>
          <TableRow data-testid="grand-totals">
            <TableCell colSpan={lead} sx={{ fontWeight: 600, color: 'text.primary' }}>
              Grand Totals ({data.grandTotals.lotCount} {data.grandTotals.lotCount === 1 ? 'lot' : 'lots'})
            </TableCell>
            <MoneyCell bold cents={data.grandTotals.hammer} symbol={symbol} sx={{ color: 'text.primary' }} />
            <MoneyCell bold cents={data.grandTotals.buyPrem} symbol={symbol} sx={{ color: 'text.primary' }} />
            <MoneyCell bold cents={data.grandTotals.liveFee} symbol={symbol} sx={{ color: 'text.primary' }} />
            <MoneyCell bold cents={data.grandTotals.payable} symbol={symbol} sx={{ color: 'text.primary' }} testId="grand-payable" />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** A disputed lot: its dispute ref (linked for customer access) and where it stands. */
function LotDispute({ lot, link }: { lot: SaleResultLot; link: boolean }) {
  if (!lot.disputeRef) return null;
  const label = `Dispute ${lot.disputeRef}`;
  return (
    <Box component="span" sx={{ ml: 1, display: 'inline-flex', gap: 0.5, alignItems: 'center' }} data-testid={`lot-dispute-${lot.lotRef}`}>
      {link ? (
        <Link component={RouterLink} to={`/customers/dispute/${lot.disputeRef}`} variant="body2">
          {label}
        </Link>
      ) : (
        <Typography component="span" variant="body2">
          {label}
        </Typography>
      )}
      {lot.disputeStatDescription && (
        <StatusChip label={lot.disputeStatDescription} tone={lot.disputeStatDescription === 'Open' ? 'warning' : 'neutral'} />
      )}
    </Box>
  );
}

interface BuyerRowProps {
  bidder: SaleResultBidder;
  selected: ReadonlySet<string>;
  onSelect?: (lotRefs: string[], on: boolean) => void;
  onMessage: () => void;
}

function BuyerRow({ bidder: b, selected, onSelect, onMessage }: BuyerRowProps) {
  const place = [b.address.city, b.address.stateID, b.address.countryID].filter(Boolean).join(', ');
  const { refs, check } = buyerCheck(b, selected);
  return (
    <TableRow data-testid={`buyer-${b.memberID}`} sx={{ bgcolor: 'action.hover' }}>
      {onSelect && (
        <TableCell padding="checkbox">
          {refs.length > 0 && (
            <Checkbox
              size="small"
              checked={check === 'all'}
              indeterminate={check === 'some'}
              onChange={() => onSelect(refs, check !== 'all')}
              slotProps={{ input: { 'aria-label': `Select the lots of ${b.firstName} ${b.lastName}` } }}
            />
          )}
        </TableCell>
      )}
      <TableCell colSpan={6}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {b.firstName} {b.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Paddle {b.paddleNumber || '—'} · {b.channel}
            {b.email ? ` · ${b.email}` : ''}
            {b.phones.length ? ` · ${b.phones.join(', ')}` : ''}
            {place ? ` · ${place}` : ''}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {b.email ? (
            <Button size="small" startIcon={<MailOutlineIcon />} onClick={onMessage} data-testid={`message-bidder-${b.memberID}`}>
              Message
            </Button>
          ) : (
            <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
              {SALE_RESULTS_TEXT.noEmail}
            </Alert>
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
}
