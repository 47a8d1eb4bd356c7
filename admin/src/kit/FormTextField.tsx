import { TextField, type TextFieldProps } from '@mui/material';
import { useInput } from 'react-admin';
import { errorText } from './formErrors';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'error'> & {
  /** The value's path in the form (`taxes.0.rate`). */
  source: string;
  id: string;
  /**
   * When the rule's message shows: once the field was left or a save was tried (react-admin's
   * inputs), or only after a save was tried. The server's message always shows.
   */
  showErrors?: 'touched' | 'submitted';
  /** Show the rule's message at once (a rule the user must see while typing). */
  live?: boolean;
  /** The form value shown (a number id in a select's text), and back. */
  format?: (value: unknown) => string;
  parse?: (text: string) => unknown;
};

const asText = (v: unknown) => (v == null ? '' : String(v));
const keep = (v: string) => v;

/**
 * A text field or native select of a react-admin `Form` (react-admin's `useInput`): the MUI field
 * with its message beside it, a value kept as typed ('' stays '', no null), and `disabled` only
 * on the control (react-hook-form would drop a disabled field's value from the saved values).
 */
export function FormTextField({
  source,
  id,
  showErrors = 'touched',
  live = false,
  format = asText,
  parse = keep,
  onBlur,
  onChange,
  helperText,
  ...rest
}: FormTextFieldProps) {
  const { field, fieldState, formState } = useInput({ source, id, format, parse, onBlur, onChange });
  const message = errorText(fieldState.error);
  const server = fieldState.error?.type === 'server';
  const visible = server || live || formState.isSubmitted || (showErrors === 'touched' && fieldState.isTouched);
  const shown = visible ? message : undefined;
  return (
    <TextField
      {...rest}
      id={id}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!shown}
      helperText={shown ?? helperText}
    />
  );
}
