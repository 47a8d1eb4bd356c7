import { useState } from 'react';
import { Alert, Box, Link, Stack } from '@mui/material';
import { Form } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { checkForgotPassword, FORGOT_PASSWORD_LABELS as LABELS, FORGOT_PASSWORD_TEXT as TEXT } from '@ar/rules';
import { readApiError } from '../common/apiError';
import { FormTextField } from '../kit/FormTextField';
import { nestErrors } from '../kit/formErrors';
import { SubmitButton } from '../kit/SubmitButton';
import { forgotPassword, type ForgotPasswordValues } from './passwordResetApi';

const EMPTY: ForgotPasswordValues = { houseUserName: '', userName: '', emailAddress: '' };
const validate = (values: FieldValues) => nestErrors(checkForgotPassword(values as ForgotPasswordValues));

/**
 * Request reset password link: House ID, Username and Email, all required. The answer is always the
 * check-your-email message, whether or not they matched an account; only a failed call says so.
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: FieldValues) => {
    setFailure(null);
    try {
      const answer = await forgotPassword(values as ForgotPasswordValues);
      setSent(answer.data.message || TEXT.checkEmail);
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      // The server's required-field messages show beside their fields; a throttle says to wait.
      if (f.status === 400 && Object.keys(f.errors).length) return f.errors;
      setFailure(f.status === 429 ? TEXT.rateLimited : TEXT.sendFailed);
      return undefined;
    }
  };

  if (sent) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status" data-testid="forgot-password-sent">
          {sent}
        </Alert>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Stack>
    );
  }
  return (
    <Form defaultValues={EMPTY} onSubmit={submit} validate={validate} noValidate sanitizeEmptyValues={false} disableInvalidFormNotification>
      <Box role="group" aria-label="Request reset password link">
        <Stack spacing={2}>
          <FormTextField
            source="houseUserName"
            id="forgot-house"
            label={LABELS.houseUserName}
            autoComplete="organization"
            autoFocus
            fullWidth
          />
          <FormTextField source="userName" id="forgot-username" label={LABELS.userName} autoComplete="username" fullWidth />
          <FormTextField source="emailAddress" id="forgot-email" label={LABELS.emailAddress} type="email" autoComplete="email" fullWidth />
          {failure && (
            <Alert severity="error" role="alert" data-testid="forgot-password-error">
              {failure}
            </Alert>
          )}
          <SubmitButton size="large" data-testid="forgot-password-submit">
            Send reset link
          </SubmitButton>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Stack>
      </Box>
    </Form>
  );
}
