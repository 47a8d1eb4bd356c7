import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Toolbar } from '../kit/Toolbar';

/** The words of the upload steps' leave buttons (spec 001 "upload items", "Image upload step"). */
export const STEP_BUTTON = {
  continue: 'Continue',
  skip: 'Skip & Continue',
  saveReturn: 'Save & Return to Summary',
  saveExit: 'Save & Exit',
} as const;

/** Continue's label: "Skip & Continue" with nothing uploaded, "Save & Return to Summary" from the summary. */
export const continueLabel = (nothingUploaded: boolean, fromSummary: boolean): string =>
  nothingUploaded ? STEP_BUTTON.skip : fromSummary ? STEP_BUTTON.saveReturn : STEP_BUTTON.continue;

/**
 * The row under Upload Items and Upload Images, one look for both: what the step puts first (Go
 * Back, Cancel & Return to Summary), then a hint, Save & Exit and Continue (or Skip & Continue).
 */
export function UploadStepActions({
  label,
  start,
  hint,
  hintTestId,
  hintColor = 'text.secondary',
  showExit,
  disabled,
  continueDisabled,
  continueText,
  continueTestId = 'wizard-continue',
  onExit,
  onContinue,
}: {
  label: string;
  start?: ReactNode;
  hint?: string | null;
  hintTestId?: string;
  hintColor?: string;
  showExit: boolean;
  /** Both buttons (a save or an upload in progress). */
  disabled: boolean;
  /** Continue only (errors left). */
  continueDisabled?: boolean;
  continueText: string;
  continueTestId?: string;
  onExit: () => void;
  onContinue: () => void;
}) {
  return (
    <Toolbar label={label} justify="space-between">
      <Box>{start}</Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {hint && (
          <Typography variant="body2" color={hintColor} aria-live="polite" data-testid={hintTestId}>
            {hint}
          </Typography>
        )}
        {showExit && (
          <Button variant="outlined" disabled={disabled} onClick={onExit} data-testid="wizard-save-exit">
            {STEP_BUTTON.saveExit}
          </Button>
        )}
        <Button variant="contained" disabled={disabled || continueDisabled} onClick={onContinue} data-testid={continueTestId}>
          {continueText}
        </Button>
      </Box>
    </Toolbar>
  );
}
