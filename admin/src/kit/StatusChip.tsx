import { Chip } from '@mui/material';

/** What a status means to the reader: the chip's colour, the same on every screen. */
export type StatusTone = 'neutral' | 'success' | 'warning' | 'error' | 'info';

const COLOR = { neutral: 'default', success: 'success', warning: 'warning', error: 'error', info: 'info' } as const;

export interface StatusChipProps {
  label: string;
  tone?: StatusTone;
  'data-testid'?: string;
}

/** A status (Paid, Unpaid, Shipped, Failed...) as a small outlined chip. */
export function StatusChip({ label, tone = 'neutral', ...rest }: StatusChipProps) {
  return <Chip size="small" variant="outlined" color={COLOR[tone]} label={label} data-testid={rest['data-testid']} />;
}
