import { Box } from '@mui/material';
import { formatMoney } from '../money';

/** An amount in cents as '$1,684.38', digits aligned. */
export function Money({ cents, symbol, bold }: { cents: number; symbol: string; bold?: boolean }) {
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: bold ? 600 : undefined }}>
      {formatMoney(cents, symbol)}
    </Box>
  );
}
