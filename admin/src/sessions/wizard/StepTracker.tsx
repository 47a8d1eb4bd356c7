import { Step, StepButton, StepLabel, Stepper } from '@mui/material';
import { LIVE_TIMED_STEPS } from '../steps';

/**
 * The wizard's steps with the current one active. Steps up to the recorded tracker (the furthest
 * the session got) are links; a session not created yet offers none.
 */
export function StepTracker({
  step,
  tracker,
  onStep,
  steps = LIVE_TIMED_STEPS,
}: {
  step: number;
  tracker: number | null;
  onStep: ((n: number) => void) | null;
  /** The wizard's step titles (bin: 5, live/timed: 6). */
  steps?: readonly string[];
}) {
  const reached = Math.max(tracker ?? 1, step);
  return (
    <Stepper activeStep={step - 1} nonLinear alternativeLabel sx={{ mb: 3 }} data-testid="wizard-tracker" aria-label="Wizard steps">
      {steps.map((title, i) => {
        const n = i + 1;
        const link = onStep && n !== step && n <= reached;
        return (
          <Step key={title} completed={n < reached && n !== step}>
            {link ? (
              <StepButton onClick={() => onStep(n)} data-testid={`wizard-step-${n}`}>
                {title}
              </StepButton>
            ) : (
              <StepLabel data-testid={`wizard-step-${n}`} aria-current={n === step ? 'step' : undefined}>
                {title}
              </StepLabel>
            )}
          </Step>
        );
      })}
    </Stepper>
  );
}
