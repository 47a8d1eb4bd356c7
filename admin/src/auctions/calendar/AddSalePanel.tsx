import { useState } from 'react';
import { Box, Button, Card, CardContent, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { binBlockedBy, CALENDAR_TEXT, SALE_NAME_MAX, type AuctionTerms } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { createSale } from '../../sessions/wizard/wizardApi';
import { AppSelect } from '../../kit/AppSelect';
import { CALENDAR_KEYS, fetchBinSale, fetchTerms } from './calendarApi';

type SaleKind = 'live' | 'timed' | 'bin';

export interface AddSalePanelProps {
  houseRef: string;
  houseId: number;
  /** The house must enable payment processing first: nothing can be added. */
  activationRequired: boolean;
  paymentProcessingEnabled: boolean;
  binEnabled: boolean;
  liveOrTimedEnabled: boolean;
}

/**
 * Add Sale (spec 001 "Calendar / add sale"): the type (live, timed, buy now), the sale's internal
 * name (required, 120) and its terms (required; terms not eligible are disabled). Continue is
 * disabled for live and timed until both are set. Live/timed Continue creates the sale
 * (`POST .../auction`) and opens step 1 of its first session; Buy Now opens the bin wizard's
 * placeholder until `POST .../bin/sale` exists.
 */
export function AddSalePanel({
  houseRef,
  houseId,
  activationRequired,
  paymentProcessingEnabled,
  binEnabled,
  liveOrTimedEnabled,
}: AddSalePanelProps) {
  const dp = useAppDataProvider();
  const navigate = useNavigate();
  const terms = useQuery({ queryKey: CALENDAR_KEYS.terms(houseRef), queryFn: () => fetchTerms(dp, houseId), enabled: houseId > 0 });
  const bin = useQuery({ queryKey: CALENDAR_KEYS.binSale(houseRef), queryFn: () => fetchBinSale(dp, houseRef), enabled: houseRef !== '' });
  const [kind, setKind] = useState<SaleKind>(liveOrTimedEnabled ? 'live' : 'bin');
  const [name, setName] = useState('');
  const [termsId, setTermsId] = useState('');
  const [touched, setTouched] = useState({ name: false, terms: false });
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const onContinue = async () => {
    if (kind === 'bin') return void navigate('/session/bin/0/0/1');
    setCreating(true);
    setFailure(null);
    try {
      const sale = await createSale(dp, houseId, { isTimed: kind === 'timed' ? '1' : '0', title: name.trim(), termsID: Number(termsId) });
      // The new sale shows on the calendar when the user comes back.
      await queryClient.invalidateQueries({ queryKey: ['auction-calendar'] });
      void navigate(`/session/${kind}/${sale.groupID}/0/1`);
    } catch (err) {
      setFailure(readApiError(err).message ?? null);
      setCreating(false);
    }
  };

  const binBlocked = binBlockedBy(bin.data != null, paymentProcessingEnabled, binEnabled);
  const needsDetails = kind !== 'bin';
  const nameError = needsDetails && touched.name && !name.trim() ? CALENDAR_TEXT.saleTitleRequired : null;
  const termsError = needsDetails && touched.terms && !termsId ? CALENDAR_TEXT.termsRequired : null;
  const ready =
    !activationRequired && (kind === 'bin' ? !bin.isPending && binBlocked === null : liveOrTimedEnabled && !!name.trim() && !!termsId);
  const eligible = (t: AuctionTerms) => t.paymentProcessingEligible && t.houseFeeStepEligible;

  return (
    <Card variant="outlined" component="section" aria-label="Add Sale" data-testid="add-sale">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Add Sale
        </Typography>
        {terms.isError && (
          <Box sx={{ mb: 1.5 }}>
            <AppAlert message={CALENDAR_TEXT.termsLoadFailed} />
          </Box>
        )}
        <RadioGroup row value={kind} onChange={(e) => setKind(e.target.value as SaleKind)} aria-label="Sale type">
          <FormControlLabel value="live" control={<Radio />} label="Live" disabled={!liveOrTimedEnabled || activationRequired} />
          <FormControlLabel value="timed" control={<Radio />} label="Timed" disabled={!liveOrTimedEnabled || activationRequired} />
          <FormControlLabel
            value="bin"
            control={<Radio />}
            label="Buy Now"
            // Not while the existing buy-now sale is still being read.
            disabled={bin.isPending || binBlocked !== null || activationRequired}
            title={binBlocked ?? undefined}
            data-testid="add-sale-bin"
          />
        </RadioGroup>
        {binBlocked && (
          <Typography variant="caption" color="text.secondary" component="p" data-testid="add-sale-bin-reason">
            Buy Now: {binBlocked}
          </Typography>
        )}
        {needsDetails && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 2, mt: 2 }}>
            <TextField
              id="add-sale-name"
              label="Sale Name"
              size="small"
              value={name}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, name: true }))}
              error={!!nameError}
              helperText={nameError ?? `${CALENDAR_TEXT.saleNameInternal} ${name.length}/${SALE_NAME_MAX}`}
              disabled={activationRequired}
              slotProps={{ htmlInput: { maxLength: SALE_NAME_MAX } }}
            />
            <AppSelect
              id="add-sale-terms"
              label="Terms"
              size="small"
              value={termsId}
              onChange={setTermsId}
              onBlur={() => setTouched((t) => ({ ...t, terms: true }))}
              placeholder={terms.isPending ? 'Loading…' : 'Select your terms'}
              options={(terms.data ?? []).map((t) => ({ value: String(t.id), label: t.name, disabled: !eligible(t) }))}
              error={!!termsError}
              helperText={termsError ?? ' '}
              disabled={activationRequired}
            />
          </Box>
        )}
        {failure !== null && (
          <Box sx={{ mb: 1.5 }}>
            <AppAlert message={failure} />
          </Box>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button variant="contained" disabled={!ready || creating} onClick={() => void onContinue()} data-testid="add-sale-continue">
            Continue
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
