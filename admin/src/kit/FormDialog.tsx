import { useState, type ReactNode } from 'react';
import { Box, Button, DialogActions, DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import { Form } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { AppAlert } from '../common/AppAlert';
import { GuardedDialog, useReportBusy, useReportDirty } from './GuardedDialog';
import { SubmitButton } from './SubmitButton';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

/** A refused or failed submit as the dialog shows it: one message, and the server's messages by field. */
export interface FormDialogFailure {
  message: string;
  errors: Record<string, string>;
}

export interface FormDialogProps<V extends FieldValues> {
  open: boolean;
  onClose: () => void;
  /** Names the parts for tests and labels: `${name}-dialog`, `${name}-dialog-title`, `${name}-save`. */
  name: string;
  title: string;
  submitLabel: string;
  /** The submit button's test id, when not `${name}-save`. */
  submitTestId?: string;
  /** `error` for a submit that takes something away (void, delete). */
  submitColor?: 'primary' | 'error';
  /** The question asked before closing over unsaved input. */
  unsavedText: string;
  maxWidth?: DialogProps['maxWidth'];
  /** The values at opening; fixed then, so a reload behind the dialog never resets what was typed. */
  initialValues: () => V;
  /** Whether the values hold something not yet submitted. */
  isDirty: (values: V, initial: V) => boolean;
  /** Submits; throws when refused (the dialog stays open with the values). */
  onSubmit: (values: V) => Promise<void>;
  /** Reads a thrown failure. */
  describeFailure: (err: unknown) => FormDialogFailure;
  /** The form's field for each server field whose message shows beside it. */
  serverFields?: Record<string, string>;
  /** Whole-form rules run on submit (nested `{ field: message }`, see nestErrors); else only the inputs' own. */
  validate?: (values: V) => Record<string, unknown>;
  /** Shown above the alert (whose record, to whom). */
  intro?: ReactNode;
  /** The inputs. */
  children: ReactNode;
}

/**
 * A form in a GuardedDialog, the way every edit dialog behaves: the rules run on submit, a refusal
 * shows the server's field messages beside the inputs and its message above them (once: not when a
 * field already shows it), nothing typed is lost, Escape asks first when something was typed and
 * cannot close it mid-save.
 */
export function FormDialog<V extends FieldValues>(props: FormDialogProps<V>) {
  return (
    <GuardedDialog
      open={props.open}
      onClose={props.onClose}
      discardText={props.unsavedText}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
      aria-labelledby={`${props.name}-dialog-title`}
    >
      {props.open && <DialogForm {...props} />}
    </GuardedDialog>
  );
}

function DialogForm<V extends FieldValues>(props: FormDialogProps<V>) {
  const [alert, setAlert] = useState<string | null>(null);
  const [initial] = useState(props.initialValues);
  const submit = async (values: FieldValues) => {
    setAlert(null);
    try {
      await props.onSubmit(values as V);
      return undefined;
    } catch (err) {
      const f = props.describeFailure(err);
      const out: Record<string, string> = {};
      for (const [field, serverField] of Object.entries(props.serverFields ?? {})) {
        const message = f.errors[serverField] ?? Object.entries(f.errors).find(([k]) => k.endsWith(`.${serverField}`))?.[1];
        if (message) out[field] = message;
      }
      // Said once: a message already shown under its field is not repeated above the form.
      setAlert(Object.values(out).includes(f.message) ? null : f.message);
      return Object.keys(out).length ? out : undefined;
    }
  };
  return (
    <Form
      defaultValues={initial}
      onSubmit={submit}
      validate={props.validate as ((values: FieldValues) => Record<string, unknown>) | undefined}
      noValidate
      sanitizeEmptyValues={false}
      disableInvalidFormNotification
    >
      <Box data-testid={`${props.name}-dialog`}>
        <DialogTitle id={`${props.name}-dialog-title`}>{props.title}</DialogTitle>
        <DialogContent>
          {props.intro}
          {alert && (
            <Box sx={{ mb: 1.5 }}>
              <AppAlert message={alert} onClose={() => setAlert(null)} />
            </Box>
          )}
          {props.children}
        </DialogContent>
        <DialogFormActions {...props} initial={initial} />
      </Box>
    </Form>
  );
}

function DialogFormActions<V extends FieldValues>(props: FormDialogProps<V> & { initial: V }) {
  const { isSubmitting } = useFormState();
  const values = useWatch() as V;
  const dirty = props.isDirty(values, props.initial) && !isSubmitting;
  useReportDirty(dirty);
  useReportBusy(isSubmitting);
  return (
    <>
      <UnsavedChangesGuard when={dirty} text={props.unsavedText} />
      <DialogActions>
        <Button onClick={props.onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton color={props.submitColor ?? 'primary'} data-testid={props.submitTestId ?? `${props.name}-save`}>
          {props.submitLabel}
        </SubmitButton>
      </DialogActions>
    </>
  );
}
