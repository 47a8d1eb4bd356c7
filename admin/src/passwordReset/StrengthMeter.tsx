import { Box, LinearProgress, Typography } from '@mui/material';
import { RESET_PASSWORD_LABELS, strengthBand, type StrengthLabel } from '@ar/rules';
import type { StrengthResult } from './strength';

const COLOR: Record<StrengthLabel, 'error' | 'warning' | 'info' | 'success'> = {
  Weak: 'error',
  Fair: 'warning',
  Good: 'info',
  Excellent: 'success',
};

/**
 * The strength bar under the new password: Weak (25), Fair (50), Good (75), Excellent (100), and
 * zxcvbn's feedback (common password, names, dates, sequences, repeats, keyboard patterns ...).
 * `result` null: nothing typed yet, or the scorer still loading.
 */
export function StrengthMeter({ result, loading }: { result: StrengthResult | null; loading: boolean }) {
  const band = result ? strengthBand(result.score) : null;
  const feedback = result ? [result.warning, ...result.suggestions].filter((s): s is string => !!s) : [];
  return (
    <Box data-testid="password-strength">
      <LinearProgress
        variant="determinate"
        value={band?.value ?? 0}
        color={band ? COLOR[band.label] : 'inherit'}
        aria-label={RESET_PASSWORD_LABELS.strength}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" sx={{ mt: 0.5 }} aria-live="polite">
        {RESET_PASSWORD_LABELS.strength}:{' '}
        <Box component="strong" data-testid="password-strength-label">
          {band ? band.label : loading ? 'checking…' : '—'}
        </Box>
      </Typography>
      {feedback.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid="password-feedback">
          {feedback.map((line) => (
            <Typography component="li" variant="body2" color="text.secondary" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
