import { Box, Card, CardContent, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { NOT_AVAILABLE_TEXT } from '../common/PlaceholderPage';

/** /password-reset: no house or user load; a jwt query parameter means the reset form. */
export function PasswordResetPlaceholder() {
  const [params] = useSearchParams();
  const title = params.has('jwt') ? 'Reset password' : 'Request reset password link';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card variant="outlined" sx={{ maxWidth: 420, width: '100%' }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {title}
          </Typography>
          <Typography>{NOT_AVAILABLE_TEXT}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
