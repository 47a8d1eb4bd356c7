import { Box, Typography, useTheme } from '@mui/material';
import { formatMoney } from '../invoices/money';
import { monthLabel, type MonthFigures } from './homeSummary';

const W = 640;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };

/**
 * Invoiced vs collected per month: two bars a month in plain SVG (no chart library). The figures
 * are also in a visually hidden table, so screen readers get the numbers, not a picture.
 */
export function MonthsChart({ months, symbol }: { months: readonly MonthFigures[]; symbol: string }) {
  const theme = useTheme();
  const colors = { invoiced: theme.palette.primary.main, collected: '#2e7d32' };
  const max = Math.max(1, ...months.flatMap((m) => [m.invoicedCents, m.collectedCents]));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, months.length);
  const bar = Math.min(28, slot / 3);
  const y = (c: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - Math.max(0, c) / max);
  return (
    <Box data-testid="home-chart">
      <Box sx={{ display: 'flex', gap: 2, mb: 1 }} aria-hidden>
        {(['invoiced', 'collected'] as const).map((k) => (
          <Box key={k} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 12, height: 12, bgcolor: colors[k], borderRadius: 0.5 }} />
            <Typography variant="body2">{k === 'invoiced' ? 'Invoiced' : 'Collected'}</Typography>
          </Box>
        ))}
      </Box>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="Invoiced and collected per month" style={{ maxHeight: 260 }}>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke={theme.palette.divider} />
        {months.map((m, i) => {
          const x = PAD.left + slot * i + slot / 2;
          return (
            <g key={m.month}>
              <rect x={x - bar - 1} y={y(m.invoicedCents)} width={bar} height={H - PAD.bottom - y(m.invoicedCents)} fill={colors.invoiced}>
                <title>{`${monthLabel(m.month)} invoiced ${formatMoney(m.invoicedCents, symbol)}`}</title>
              </rect>
              <rect x={x + 1} y={y(m.collectedCents)} width={bar} height={H - PAD.bottom - y(m.collectedCents)} fill={colors.collected}>
                <title>{`${monthLabel(m.month)} collected ${formatMoney(m.collectedCents, symbol)}`}</title>
              </rect>
              <text x={x} y={H - 8} textAnchor="middle" fontSize="12" fill={theme.palette.text.secondary}>
                {monthLabel(m.month)}
              </text>
            </g>
          );
        })}
      </svg>
      {/* A table sizes to its content whatever its width: the hidden box around it is what clips. */}
      <Box sx={visuallyHidden}>
        <table data-testid="home-chart-table">
          <caption>Invoiced and collected per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Invoiced</th>
              <th scope="col">Collected</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{formatMoney(m.invoicedCents, symbol)}</td>
                <td>{formatMoney(m.collectedCents, symbol)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
