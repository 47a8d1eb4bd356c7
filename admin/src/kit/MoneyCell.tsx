import { Box, TableCell, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { formatMoney } from '../invoices/money';

const digits = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** An amount in cents as '$1,684.38' (two decimals, currency symbol), digits aligned. */
export function Money({ cents, symbol, bold }: { cents: number; symbol: string; bold?: boolean }) {
  return (
    <Box component="span" sx={{ ...digits, fontWeight: bold ? 600 : undefined }}>
      {formatMoney(cents, symbol)}
    </Box>
  );
}

export interface MoneyCellProps {
  cents: number;
  symbol: string;
  bold?: boolean;
  /** Extra styles (italic additional-charge rows, dotted underline of an edited amount). */
  sx?: SxProps<Theme>;
  title?: string;
  testId?: string;
  /** Shown after the amount (e.g. a marker); rarely needed. */
  children?: ReactNode;
}

/** A table cell holding an amount: right-aligned, two decimals, currency symbol, tabular digits. */
export function MoneyCell({ cents, symbol, bold, sx, title, testId, children }: MoneyCellProps) {
  return (
    <TableCell
      align="right"
      title={title}
      data-testid={testId}
      sx={[digits, bold ? { fontWeight: 600 } : {}, ...(Array.isArray(sx) ? (sx as SxProps<Theme>[]) : [sx ?? {}])] as SxProps<Theme>}
    >
      {formatMoney(cents, symbol)}
      {children}
    </TableCell>
  );
}
