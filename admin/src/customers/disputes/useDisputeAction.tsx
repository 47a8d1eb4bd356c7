import { useState } from 'react';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Typography } from '@mui/material';
import { DISPUTE_TEXT as T, type DisputeAction } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { readApiError } from '../../common/apiError';
import { useHouseRef } from '../../invoices/useHouseRef';
import { disputeCalls } from './disputesApi';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * Runs send, close, cancel or reopen on disputes. Closing by a non-super user of a house that has
 * not accepted the dispute terms shows the terms first (spec 001 section 5); the answer is the
 * server's success or refusal text.
 */
export function useDisputeAction() {
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();
  const { user } = useShellUser();
  const [pending, setPending] = useState<null | ((accepted: boolean) => void)>(null);
  const calls = disputeCalls(dp.call as never, houseRef);
  const isSuperUser = user?.isSuperUser != null && user.isSuperUser !== false;

  const run = async (action: Exclude<DisputeAction, 'open'>, disputeIDs: number[], message: string): Promise<Outcome | null> => {
    if (action === 'close' && !isSuperUser && !user?.houseInfo.disputeTermsAccepted) {
      const accepted = await new Promise<boolean>((resolve) => setPending(() => resolve));
      setPending(null);
      if (!accepted) return null;
      try {
        await calls.acceptTerms();
        if (user) user.houseInfo.disputeTermsAccepted = true;
      } catch (err) {
        return { ok: false, message: readApiError(err).message || T.mustAgree };
      }
    }
    try {
      const res = await calls.act({ action, disputeIDs, message, houseUserRef: user?.userRef ?? undefined });
      return { ok: true, message: res.message };
    } catch (err) {
      return { ok: false, message: readApiError(err).message ?? T.loadError };
    }
  };

  const dialog = <TermsDialog open={pending !== null} onClose={(accepted) => pending?.(accepted)} />;
  return { run, dialog, isSuperUser };
}

function TermsDialog({ open, onClose }: { open: boolean; onClose: (accepted: boolean) => void }) {
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState(false);
  const close = (accepted: boolean) => {
    setAgreed(false);
    setError(false);
    onClose(accepted);
  };
  return (
    <Dialog open={open} onClose={() => close(false)} aria-labelledby="dispute-terms-title" data-testid="dispute-terms">
      <DialogTitle id="dispute-terms-title">{T.termsTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{T.terms}</Typography>
        <FormControlLabel
          control={
            <Checkbox
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              slotProps={{ input: { 'aria-label': T.termsAgree } }}
            />
          }
          label={T.termsAgree}
          data-testid="dispute-terms-agree"
        />
        {error && (
          <Alert severity="error" role="alert">
            {T.mustAgree}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close(false)}>Cancel</Button>
        <Button variant="contained" onClick={() => (agreed ? close(true) : setError(true))} data-testid="dispute-terms-continue">
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
