import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { Form } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  checkNewPassword,
  PASSWORD_MAX_LENGTH,
  RESET_PASSWORD_LABELS as LABELS,
  RESET_PASSWORD_TEXT as TEXT,
  type ResetLinkProblem,
} from '@ar/rules';
import { readApiError } from '../common/apiError';
import { FormTextField } from '../kit/FormTextField';
import { nestErrors } from '../kit/formErrors';
import { SubmitButton } from '../kit/SubmitButton';
import { resetPassword } from './passwordResetApi';
import { StrengthMeter } from './StrengthMeter';
import { loadScorer, type Scorer } from './strength';

interface Values {
  password: string;
  confirm: string;
}

const PROBLEMS: Record<string, ResetLinkProblem> = {
  RESET_LINK_EXPIRED: 'expired',
  RESET_LINK_USED: 'used',
  RESET_LINK_SUPERSEDED: 'superseded',
  RESET_LINK_INVALID: 'invalid',
};

type Outcome = { kind: 'done' } | { kind: 'link'; problem: ResetLinkProblem } | { kind: 'failed'; message: string };

/**
 * Reset password: the new password twice, a strength meter, and every rule of the spec (10-50
 * characters, allowed characters, match, at least Fair). Then success (sign in), or the spec's
 * failure for a bad link with a link to request a new one.
 */
export function ResetPasswordForm({ jwt }: { jwt: string }) {
  const [scorer, setScorer] = useState<Scorer | null>(null);
  const [scorerFailed, setScorerFailed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The form's validate must stay the same function (a new one would rebuild the form's resolver):
  // it reads the scorer through a ref, and the form re-checks once the scorer arrives.
  const scorerRef = useRef<Scorer | null>(null);
  scorerRef.current = scorer;

  useEffect(() => {
    let live = true;
    loadScorer().then(
      (s) => live && setScorer(() => s),
      () => live && setScorerFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const validate = useCallback((values: FieldValues) => {
    const v = values as Values;
    const score = scorerRef.current && v.password ? scorerRef.current(v.password).score : undefined;
    return nestErrors(checkNewPassword(v, score));
  }, []);

  const submit = async (values: FieldValues) => {
    setOutcome(null);
    try {
      await resetPassword(jwt, (values as Values).password);
      setOutcome({ kind: 'done' });
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      const problem = f.code ? PROBLEMS[f.code] : undefined;
      if (problem) {
        setOutcome({ kind: 'link', problem });
        return undefined;
      }
      if (f.status === 400 && f.errors.newPassword) return { password: f.errors.newPassword };
      setOutcome({ kind: 'failed', message: f.status === 400 && f.message ? f.message : TEXT.failed });
      return undefined;
    }
  };

  if (outcome?.kind === 'done') {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status" data-testid="reset-password-done">
          {TEXT.success}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {TEXT.signIn}
        </Button>
      </Stack>
    );
  }
  if (outcome?.kind === 'link') {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert" data-testid="reset-password-failed">
          {TEXT.failed}
          <Box sx={{ mt: 0.5 }}>{TEXT[outcome.problem]}</Box>
        </Alert>
        <Link component={RouterLink} to="/password-reset" data-testid="request-new-link">
          {TEXT.requestNewLink}
        </Link>
      </Stack>
    );
  }
  return (
    <Form
      defaultValues={{ password: '', confirm: '' }}
      onSubmit={submit}
      validate={validate}
      mode="onChange"
      noValidate
      sanitizeEmptyValues={false}
      disableInvalidFormNotification
    >
      <Box role="group" aria-label="Reset password">
        <Stack spacing={2}>
          <FormTextField
            source="password"
            id="reset-password"
            label={LABELS.password}
            type="password"
            autoComplete="new-password"
            autoFocus
            fullWidth
            live
            slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH + 10 } }}
          />
          <Meter scorer={scorer} loading={!scorer && !scorerFailed} />
          <RecheckWhenScored scorer={scorer} />
          <FormTextField source="confirm" id="reset-confirm" label={LABELS.confirm} type="password" autoComplete="new-password" fullWidth />
          {outcome?.kind === 'failed' && (
            <Alert severity="error" role="alert" data-testid="reset-password-error">
              {outcome.message}
            </Alert>
          )}
          <ResetSubmit scorer={scorer} scorerFailed={scorerFailed} />
        </Stack>
      </Box>
    </Form>
  );
}

function Meter({ scorer, loading }: { scorer: Scorer | null; loading: boolean }) {
  const password = (useWatch({ name: 'password' }) as string | undefined) ?? '';
  return <StrengthMeter result={scorer && password ? scorer(password) : null} loading={loading && !!password} />;
}

/** The strength rule waits for the scorer: once it is there, what was typed meanwhile is checked. */
function RecheckWhenScored({ scorer }: { scorer: Scorer | null }) {
  const { trigger, getValues } = useFormContext();
  useEffect(() => {
    if (scorer && getValues('password')) void trigger('password');
  }, [scorer, trigger, getValues]);
  return null;
}

/** Disabled until every rule passes, strength included (while the scorer loads, the server decides). */
function ResetSubmit({ scorer, scorerFailed }: { scorer: Scorer | null; scorerFailed: boolean }) {
  const values = useWatch() as Values;
  const blocked =
    Object.keys(checkNewPassword(values, scorer && values.password ? scorer(values.password).score : undefined)).length > 0 ||
    (!scorer && !scorerFailed);
  return (
    <SubmitButton size="large" disabled={blocked} data-testid="reset-password-submit">
      Reset password
    </SubmitButton>
  );
}
