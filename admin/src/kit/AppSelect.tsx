import { TextField, type TextFieldProps } from '@mui/material';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type AppSelectProps = Omit<TextFieldProps, 'select' | 'children' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The first, empty choice ('Select a country', 'Loading…'); none when absent. */
  placeholder?: string;
};

/**
 * The one select of the admin: a native <select> inside an outlined field with its label always
 * shrunk (keyboard and screen readers get the platform's own list; tests use selectOption).
 */
export function AppSelect({ value, onChange, options, placeholder, slotProps, ...rest }: AppSelectProps) {
  return (
    <TextField
      select
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
      slotProps={{ ...slotProps, select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {/* A value that is no longer offered (data from elsewhere) stays visible until changed. */}
      {value !== '' && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
