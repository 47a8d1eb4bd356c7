import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Card, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import GavelIcon from '@mui/icons-material/Gavel';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useParams } from 'react-router-dom';
import { BULK_BIDDING_TEXT as T, type BidType } from '@ar/rules';
import { ShellLoading } from '../common/ShellLoading';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { PageHeader } from '../kit/PageHeader';
import { Toolbar } from '../kit/Toolbar';
import { ToolbarButton } from '../kit/ToolbarButton';
import { formatMoney } from '../invoices/money';
import { BidHistoryDialog } from './BidHistoryDialog';
import { BulkLotTable } from './BulkLotTable';
import { BULK_PAGE_TEXT, chosenBids, failedLotNumbers, lotLabel, matchesSearch, SEARCH_DEBOUNCE_MS, type BulkLot } from './bulkBidding';
import { useAllLots, useBulkCalls, useSaleInfo } from './bulkBiddingApi';

interface Banner {
  severity: 'success' | 'error';
  text: string;
  testId: string;
}

/**
 * Bulk bidding (/bulk-bidding/{catalogRef}; spec 001 "Bulk bidding"): the timed session's lots with a
 * New Bid select each; "Place N New Max or Current Bids" asks, places them as the user's house
 * bidder, shows what succeeded and the failed lot numbers, and reloads the bid lots.
 */
export function BulkBiddingPage() {
  const catalogRef = useParams().catalogRef ?? '';
  const sale = useSaleInfo(catalogRef);
  const { query, lots: loaded, allLoaded } = useAllLots(catalogRef);
  const calls = useBulkCalls(catalogRef);
  // Lots reloaded by ref after a bid or a cancel, over the paged answer until the next refresh.
  const [fresh, setFresh] = useState<ReadonlyMap<string, BulkLot>>(new Map());
  const [chosen, setChosen] = useState<ReadonlyMap<string, number>>(new Map());
  const [bidType, setBidType] = useState<BidType>('maxBid');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [banners, setBanners] = useState<Banner[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [historyOf, setHistoryOf] = useState<BulkLot | null>(null);

  useEffect(() => {
    const t = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [searchText]);

  const lots = useMemo(() => loaded.map((l) => fresh.get(l.lotRef) ?? l), [loaded, fresh]);
  const shown = useMemo(() => lots.filter((l) => matchesSearch(l, search)), [lots, search]);
  const bids = chosenBids(lots, chosen);
  const tz = sale.data?.timeZone;
  const formatTime = useMemo(() => {
    const f = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: tz });
    return (iso: string) => `${f.format(new Date(iso))}${sale.data ? ` ${sale.data.timeZoneCode}` : ''}`;
  }, [tz, sale.data]);

  const reload = async (lotRefs: string[]) => {
    try {
      const got = await calls.lotsByRef(lotRefs);
      setFresh((prev) => new Map([...prev, ...got.map((l) => [l.lotRef, l] as const)]));
    } catch {
      setBanners((b) => [...b, { severity: 'error', text: T.lotsFailed, testId: 'banner-lots' }]);
    }
  };
  const refresh = () => {
    setFresh(new Map());
    setBanners([]);
    void query.refetch();
  };
  const choose = (lotRef: string, cents: number | null) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (cents === null) next.delete(lotRef);
      else next.set(lotRef, cents);
      return next;
    });

  const place = async () => {
    const sent = bids;
    setConfirming(false);
    const next: Banner[] = [];
    try {
      const res = await calls.place(sent, bidType);
      if (res.successBids > 0) next.push({ severity: 'success', text: T.placed, testId: 'banner-placed' });
      const failed = failedLotNumbers(lots, res.bidAdminOrderBidResponses);
      if (failed.length)
        next.push({ severity: 'error', text: `${T.placeFailed} ${BULK_PAGE_TEXT.failedLots(failed)}`, testId: 'banner-failed' });
      setChosen(new Map());
    } catch {
      next.push({ severity: 'error', text: T.placeUnavailable, testId: 'banner-unavailable' });
    }
    setBanners(next);
    await reload(sent.map((b) => b.lotRef));
  };

  if (sale.isPending) return <ShellLoading />;
  const notFound = sale.error ?? query.error;

  return (
    <Stack spacing={2} data-testid="bulk-bidding">
      <PageHeader
        title="Bulk Bidding"
        back={{ to: '/my-auctions/current', label: '< Auctions/Sales' }}
        actions={
          <Toolbar label="Bulk bidding actions">
            <ToolbarButton icon={<RefreshIcon />} onClick={refresh} data-testid="bulk-refresh">
              Refresh
            </ToolbarButton>
            <ToolbarButton
              variant="contained"
              icon={<GavelIcon />}
              disabled={bids.length === 0}
              onClick={() => setConfirming(true)}
              data-testid="bulk-place"
            >
              {BULK_PAGE_TEXT.placeButton(bids.length, bidType)}
            </ToolbarButton>
          </Toolbar>
        }
      />
      {notFound ? (
        <Alert severity="error" data-testid="bulk-not-found">
          {sale.error ? T.saleInfoNotFound : T.catalogNotFound}
        </Alert>
      ) : (
        <>
          <Box>
            <Typography variant="h6" component="h2" data-testid="sale-name">
              {sale.data?.saleName}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="sale-date">
              {sale.data && formatTime(sale.data.saleDate)} · {sale.data?.lotCount} lots
            </Typography>
          </Box>
          {banners.map((b) => (
            <Alert
              key={b.testId}
              severity={b.severity}
              onClose={() => setBanners((all) => all.filter((x) => x !== b))}
              data-testid={b.testId}
            >
              {b.text}
            </Alert>
          ))}
          <Card variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label="Search lots"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              disabled={!allLoaded}
              helperText={allLoaded ? undefined : `Loading lots (${loaded.length} of ${sale.data?.lotCount ?? 0})…`}
              slotProps={{ htmlInput: { 'data-testid': 'bulk-search' } }}
              sx={{ minWidth: 260 }}
            />
            <RadioGroup row value={bidType} onChange={(e) => setBidType(e.target.value as BidType)} aria-label="Bid type">
              <FormControlLabel value="maxBid" control={<Radio data-testid="type-max" />} label="Max Bid" />
              <FormControlLabel value="bidNow" control={<Radio data-testid="type-current" />} label="Current Bid" />
            </RadioGroup>
          </Card>
          {query.isPending ? (
            <ShellLoading />
          ) : (
            <BulkLotTable lots={shown} chosen={chosen} onChoose={choose} onHistory={setHistoryOf} formatTime={formatTime} />
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={BULK_PAGE_TEXT.confirmTitle(bids.length, bidType)}
        text={bids
          .map((b) => {
            const l = lots.find((x) => x.lotRef === b.lotRef);
            return `Lot ${l ? lotLabel(l) : b.lotRef}: ${formatMoney(b.bidAmount)}`;
          })
          .join('; ')}
        confirmLabel="Place Bids"
        onConfirm={place}
        onClose={() => setConfirming(false)}
      />
      <BidHistoryDialog
        catalogRef={catalogRef}
        lot={historyOf}
        formatTime={formatTime}
        onClose={() => setHistoryOf(null)}
        onCancelled={(ref) => void reload([ref])}
      />
    </Stack>
  );
}
