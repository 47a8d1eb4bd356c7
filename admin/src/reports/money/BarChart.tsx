import { Box, Typography } from '@mui/material';
import { formatMoney } from '../../invoices/money';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}
export interface ChartBar {
  label: string;
  /** Cents per series key (stacked in series order; negatives count as 0). */
  values: Record<string, number>;
}

const W = 1000;
const H = 260;
const PAD = { top: 20, right: 8, bottom: 40, left: 8 };

/**
 * Stacked bars in plain SVG (no chart library: the admin bundle stays small). Every bar has a
 * tooltip with its figures, and the figures are in the table beside the chart for screen readers.
 */
export function BarChart({
  bars,
  series,
  title,
  symbol = '$',
  testId,
}: {
  bars: ChartBar[];
  series: ChartSeries[];
  title: string;
  symbol?: string;
  testId?: string;
}) {
  const total = (b: ChartBar) => series.reduce((s, x) => s + Math.max(0, b.values[x.key] ?? 0), 0);
  const max = Math.max(1, ...bars.map(total));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, bars.length);
  const bar = Math.max(2, Math.min(56, slot * 0.7));
  const h = (c: number) => ((H - PAD.top - PAD.bottom) * Math.max(0, c)) / max;
  // Labels thin out when bars are many (a year of days): at most about 12 under the axis.
  const every = Math.max(1, Math.ceil(bars.length / 12));
  return (
    <Box data-testid={testId}>
      {series.length > 1 && (
        <Box sx={{ display: 'flex', gap: 2, mb: 1, flexWrap: 'wrap' }} aria-hidden>
          {series.map((s) => (
            <Box key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box sx={{ width: 12, height: 12, bgcolor: s.color, borderRadius: 0.5 }} />
              <Typography variant="body2">{s.label}</Typography>
            </Box>
          ))}
        </Box>
      )}
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={title} style={{ maxHeight: 360 }}>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#bdbdbd" />
        {bars.map((b, i) => {
          const x = PAD.left + slot * i + (slot - bar) / 2;
          let y = H - PAD.bottom;
          return (
            <g key={`${b.label}-${i}`} data-testid="chart-bar">
              <title>{`${b.label}: ${series.map((s) => `${s.label} ${formatMoney(b.values[s.key] ?? 0, symbol)}`).join(', ')}`}</title>
              {series.map((s) => {
                const height = h(b.values[s.key] ?? 0);
                y -= height;
                return height > 0 ? <rect key={s.key} x={x} y={y} width={bar} height={height} fill={s.color} /> : null;
              })}
              {bars.length <= 12 && total(b) > 0 && (
                <text x={x + bar / 2} y={y - 4} textAnchor="middle" fontSize={12} fill="currentColor">
                  {formatMoney(total(b), symbol)}
                </text>
              )}
              {i % every === 0 && (
                <text x={x + bar / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={12} fill="currentColor">
                  {b.label.length > 14 ? `${b.label.slice(0, 13)}…` : b.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
