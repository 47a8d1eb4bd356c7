import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { PageTitle } from './PageTitle';

/** Spec: anything not in the route table shows "Page Not Found". */
export function NotFoundPage() {
  return (
    <Card variant="outlined" data-testid="not-found">
      <PageTitle title="Page Not Found" />
      <CardContent>
        <Typography gutterBottom>Please try another page</Typography>
        <Button component={Link} to="/" variant="outlined" size="small">
          Go to Home
        </Button>
      </CardContent>
    </Card>
  );
}
