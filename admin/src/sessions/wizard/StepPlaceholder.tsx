import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { BIN_STEPS, LIVE_TIMED_STEPS } from '../steps';
import type { WizardStepProps } from './wizardContext';

/** A step not built yet: its title, and the way on (next step) or out (Save & Exit). */
export function StepPlaceholder({ type, step, goToStep, exit }: WizardStepProps) {
  const steps = type === 'bin' ? BIN_STEPS : LIVE_TIMED_STEPS;
  return (
    <Card variant="outlined" data-testid="wizard-step-placeholder">
      <CardContent>
        <Typography variant="body1">{steps[step - 1]} is not available yet.</Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          {step < steps.length && (
            <Button variant="contained" onClick={() => goToStep(step + 1)}>
              Continue
            </Button>
          )}
          <Button variant="outlined" onClick={exit}>
            Save &amp; Exit
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
