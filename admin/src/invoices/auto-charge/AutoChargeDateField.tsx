import { Box, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { AUTO_CHARGE_TEXT } from '@ar/rules';

export interface AutoChargeDateFieldProps {
  /** The field's accessible name, e.g. 'Auto-charge date of invoice 12'. */
  label: string;
  /** YYYY-MM-DD or ''. */
  value: string;
  min?: string;
  max?: string;
  /** A date outside the window: red, with the spec's tooltip on a warning icon. */
  invalid?: boolean;
  /** A required date left empty: red. */
  missing?: boolean;
  onChange: (value: string) => void;
  /** Enter in the field does this instead of submitting the page's form. */
  onEnter?: () => void;
  testId?: string;
}

/**
 * The Auto-charge date picker (spec 000 section 5): the browser's own date field limited to the
 * window, with a clear button (clearable). Keyboard: type the date, or Alt+Down for the calendar;
 * the clear button and the warning icon are in the tab order (the icon's tooltip shows on focus).
 */
export function AutoChargeDateField({ label, value, min, max, invalid, missing, onChange, onEnter, testId }: AutoChargeDateFieldProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid={testId}>
      <TextField
        type="date"
        size="small"
        margin="none"
        value={value}
        error={!!invalid || !!missing}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={
          onEnter &&
          ((e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onEnter();
          })
        }
        sx={{ width: 200 }}
        slotProps={{
          htmlInput: { min, max, 'aria-label': label, 'data-testid': 'auto-charge-date' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={`Clear ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
                  onClick={() => onChange('')}
                  disabled={!value}
                  data-testid="auto-charge-clear"
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {invalid && (
        <Tooltip title={AUTO_CHARGE_TEXT.invalidDate} arrow>
          {/* The tooltip names the span (aria-label); the icon itself stays hidden from readers. */}
          <Box
            component="span"
            role="img"
            tabIndex={0}
            data-testid="auto-charge-invalid"
            sx={{ display: 'inline-flex', borderRadius: '50%' }}
          >
            <ErrorOutlineIcon color="error" />
          </Box>
        </Tooltip>
      )}
    </Box>
  );
}
