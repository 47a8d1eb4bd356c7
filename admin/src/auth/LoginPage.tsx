import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLogin } from 'react-admin';
import { PRODUCT_NAME } from '../common/brand';
import type { LoginParams } from './authProvider';

/** Sign in with house, user name and password; Enter submits from any field. */
export function LoginPage() {
  const login = useLogin();
  const [values, setValues] = useState<LoginParams>({ house: '', username: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof LoginParams) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(values);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Unable to sign in. Please try again later.');
      setBusy(false);
    }
  };

  return (
    // The page's one landmark: axe wants every piece of content inside one, and a main on each page.
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom sx={{ fontWeight: 600 }}>
            Sign in
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {PRODUCT_NAME}
          </Typography>
          <Box component="form" onSubmit={submit} noValidate aria-label="Sign in">
            <Stack spacing={2}>
              <TextField
                id="login-house"
                label="House"
                name="house"
                autoComplete="organization"
                autoFocus
                fullWidth
                value={values.house}
                onChange={set('house')}
              />
              <TextField
                id="login-username"
                label="User name"
                name="username"
                autoComplete="username"
                fullWidth
                value={values.username}
                onChange={set('username')}
              />
              <TextField
                id="login-password"
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                fullWidth
                value={values.password}
                onChange={set('password')}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                Sign in
              </Button>
              <Link component={RouterLink} to="/password-reset" variant="body2">
                Forgot your password?
              </Link>
            </Stack>
          </Box>
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="login-error">
              {error}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
