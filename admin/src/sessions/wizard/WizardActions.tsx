import { Button, Link, Stack, Typography } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { SubmitButton } from '../../kit/SubmitButton';

export type SaveIntent = 'continue' | 'exit';

/**
 * The buttons under a wizard step's form: Continue (or "Save & Return to Summary" when arrived
 * from the summary), Save & Exit, and "Cancel & Return to Summary" from the summary. `onIntent`
 * records which button submitted before the form's submit runs.
 */
export function WizardActions({
  fromSummary,
  onIntent,
  onCancelToSummary,
  blockedHint,
  disabled,
}: {
  fromSummary: boolean;
  onIntent: (intent: SaveIntent) => void;
  onCancelToSummary: () => void;
  /** Why saving is not possible yet (the fields still to complete). */
  blockedHint?: string | null;
  disabled?: boolean;
}) {
  const { isSubmitting } = useFormState();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <SubmitButton disabled={disabled} onClick={() => onIntent('continue')} data-testid="wizard-continue">
        {fromSummary ? 'Save & Return to Summary' : 'Continue'}
      </SubmitButton>
      {!fromSummary && (
        <Button
          type="submit"
          variant="outlined"
          disabled={disabled || isSubmitting}
          onClick={() => onIntent('exit')}
          data-testid="wizard-save-exit"
        >
          Save &amp; Exit
        </Button>
      )}
      {fromSummary && (
        <Link component="button" type="button" onClick={onCancelToSummary} data-testid="wizard-cancel-summary">
          Cancel &amp; Return to Summary
        </Link>
      )}
      {blockedHint && (
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="wizard-blocked-hint">
          {blockedHint}
        </Typography>
      )}
    </Stack>
  );
}
