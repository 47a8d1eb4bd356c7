import { FormControlLabel, Switch } from '@mui/material';
import { useController } from 'react-hook-form';

/** A Y/N (or on/off value pair) toggle of a react-admin Form, kept as text like the other fields. */
export function FormSwitch({
  source,
  label,
  on = 'Y',
  off = 'N',
  id,
}: {
  source: string;
  label: string;
  on?: string;
  off?: string;
  id: string;
}) {
  const { field } = useController({ name: source });
  return (
    <FormControlLabel
      control={
        <Switch id={id} checked={field.value === on} onChange={(e) => field.onChange(e.target.checked ? on : off)} onBlur={field.onBlur} />
      }
      label={label}
    />
  );
}
