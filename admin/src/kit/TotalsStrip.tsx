import { Box, Card, Typography } from '@mui/material';
import { formatMoney } from '../invoices/money';

export interface StripItem {
  label: string;
  /** A count, or cents when `money`. */
  value: number;
  money?: boolean;
  testId?: string;
}

/**
 * The grid's columns: one row on wide screens; a long strip (the editor's ten totals) splits
 * evenly into two rows below 1200 px (5 + 5, not 8 + 2 with broken labels).
 */
export function stripColumns(count: number) {
  const n = Math.max(1, count);
  if (n <= 5) return { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(${n}, minmax(0, 1fr))` };
  return { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(${Math.ceil(n / 2)}, minmax(0, 1fr))`, lg: `repeat(${n}, minmax(0, 1fr))` };
}

/** A row of labelled totals (the totals strip of spec 000 section 2, the details page's totals). */
export function TotalsStrip({ items, symbol, testId }: { items: StripItem[]; symbol: string; testId?: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: stripColumns(items.length),
          '& > div': { px: 1.5, py: 1, borderRight: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 },
        }}
      >
        {items.map((it) => (
          <div key={it.label} data-testid={it.testId}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
              {it.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {it.money ? formatMoney(it.value, symbol) : it.value.toLocaleString('en-US')}
            </Typography>
          </div>
        ))}
      </Box>
    </Card>
  );
}
