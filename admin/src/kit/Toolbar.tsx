import type { ReactNode } from 'react';
import { Box } from '@mui/material';

export interface ToolbarProps {
  children: ReactNode;
  /** Accessible name of the group of buttons. */
  label: string;
  /** Where the buttons sit in the row. Default start. */
  justify?: 'start' | 'end' | 'space-between';
  'data-testid'?: string;
}

/**
 * A row of actions over a list or a form. Its buttons are `ToolbarButton`s, which always carry
 * an icon: one look for every toolbar (spec consistency: icons on every toolbar button).
 */
export function Toolbar({ children, label, justify = 'start', ...rest }: ToolbarProps) {
  return (
    <Box
      role="toolbar"
      aria-label={label}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: justify === 'start' ? 'flex-start' : justify === 'end' ? 'flex-end' : 'space-between',
      }}
      data-testid={rest['data-testid'] ?? 'kit-toolbar'}
    >
      {children}
    </Box>
  );
}
