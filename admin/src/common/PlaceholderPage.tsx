import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { PageTitle } from './PageTitle';

export const NOT_AVAILABLE_TEXT = 'This screen is not available yet.';

/** Stands in for a screen of the route table that is not built yet. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card variant="outlined" data-testid="placeholder-page">
      <PageTitle title={title} />
      <CardContent>
        <Typography>{NOT_AVAILABLE_TEXT}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}
