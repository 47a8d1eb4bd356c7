import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';

export interface EmptyStateProps {
  /** The spec's empty text, e.g. 'No invoices available'. */
  message: string;
  /** A way on: a link or a button. */
  action?: ReactNode;
  'data-testid'?: string;
}

/** What a list shows when it has nothing: one line and, where there is one, the way on. */
export function EmptyState({ message, action, ...rest }: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{
        py: 4,
        px: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        textAlign: 'center',
        color: 'text.secondary',
      }}
      data-testid={rest['data-testid'] ?? 'empty-state'}
    >
      <InboxOutlinedIcon fontSize="large" aria-hidden />
      <Typography>{message}</Typography>
      {action}
    </Box>
  );
}
