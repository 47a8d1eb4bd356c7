import { Chip } from '@mui/material';

/** What a status means to the reader: the chip's colour, the same on every screen. */
export type StatusTone = 'neutral' | 'success' | 'warning' | 'error' | 'info';

const COLOR = { neutral: 'default', success: 'success', warning: 'warning', error: 'error', info: 'info' } as const;

export interface StatusChipProps {
  label: string;
  tone?: StatusTone;
  'data-testid'?: string;
}

/**
 * MUI's warning (#ed6c02) and info (#0288d1) mains read at 3.0:1 and 4.1:1 on white, under WCAG AA's
 * 4.5:1 for small text: these tones draw their text in darker shades of the same hue (6.3:1 and 7.4:1).
 */
const READABLE_TEXT: Partial<Record<StatusTone, string>> = { warning: '#9a4a00', info: '#01579b' };

/** A status (Paid, Unpaid, Shipped, Failed...) as a small outlined chip. */
export function StatusChip({ label, tone = 'neutral', ...rest }: StatusChipProps) {
  const text = READABLE_TEXT[tone];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[tone]}
      label={label}
      sx={text ? { color: text } : undefined}
      data-testid={rest['data-testid']}
    />
  );
}
