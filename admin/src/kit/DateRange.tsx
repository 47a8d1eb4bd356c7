import { Box, Button, TextField, Typography } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';

export interface DateRangeProps {
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  /** The latest day either field offers (YYYY-MM-DD), e.g. today. */
  max?: string;
  /** The pair's message (TO before FROM, a future date); shown beside the fields. */
  error?: string | null;
}

/**
 * From/To date fields with "Clear Dates" (spec 000 section 2). The fields are small, so the
 * button sits on their centre line; the message follows on the same row.
 */
export function DateRange({ from, to, onChange, max, error }: DateRangeProps) {
  const toMax = max;
  const fromMax = to && (!max || to <= max) ? to : max;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'stretch', flexWrap: 'wrap' }} data-testid="date-range">
      <TextField
        label="From"
        type="date"
        size="small"
        value={from}
        onChange={(e) => onChange(e.target.value, to)}
        error={!!error}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: fromMax, 'data-testid': 'date-from' } }}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={to}
        onChange={(e) => onChange(from, e.target.value)}
        error={!!error}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined, max: toMax, 'data-testid': 'date-to' } }}
      />
      <Button
        variant="outlined"
        startIcon={<ClearIcon />}
        onClick={() => onChange('', '')}
        disabled={!from && !to}
        // Stretched to the fields' own height, so its top and bottom line up with theirs.
        sx={{ alignSelf: 'stretch' }}
        data-testid="clear-dates"
      >
        Clear Dates
      </Button>
      {error && (
        <Typography color="error" variant="body2" role="alert" sx={{ alignSelf: 'center' }} data-testid="date-error">
          {error}
        </Typography>
      )}
    </Box>
  );
}
