import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../common/brand';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ResetPasswordForm } from './ResetPasswordForm';

/**
 * /password-reset (001 "Reset password"): with a jwt query parameter the Reset password form, with
 * none the Request reset password link form. Outside the signed-in shell: no house or user load.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const jwt = params.get('jwt');
  return (
    <PasswordResetShell title={jwt !== null ? 'Reset password' : 'Request reset password link'}>
      {jwt !== null ? <ResetPasswordForm key={jwt} jwt={jwt} /> : <ForgotPasswordForm />}
    </PasswordResetShell>
  );
}

function PasswordResetShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }} data-testid="password-reset-page">
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {PRODUCT_NAME}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
