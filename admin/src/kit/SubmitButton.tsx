import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useFormState } from 'react-hook-form';

/**
 * The submit button of a react-admin `Form`: contained, disabled while the form submits (or when
 * `disabled`), with a named spinner in place of an icon meanwhile. Must sit inside the Form.
 */
export function SubmitButton({ disabled, children, ...rest }: Omit<ButtonProps, 'type' | 'startIcon'>) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={isSubmitting || disabled}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : undefined}
      {...rest}
    >
      {children}
    </Button>
  );
}
