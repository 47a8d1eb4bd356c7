import { Box, Card, Typography } from '@mui/material';
import { formatMoney } from '../money';

export interface StripItem {
  label: string;
  /** A count, or cents when `money`. */
  value: number;
  money?: boolean;
  testId?: string;
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
          gridTemplateColumns: `repeat(auto-fit, minmax(120px, 1fr))`,
          '& > div': { p: 1.5, borderRight: 1, borderColor: 'divider' },
        }}
      >
        {items.map((it) => (
          <div key={it.label} data-testid={it.testId}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
              {it.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {it.money ? formatMoney(it.value, symbol) : it.value.toLocaleString('en-US')}
            </Typography>
          </div>
        ))}
      </Box>
    </Card>
  );
}
