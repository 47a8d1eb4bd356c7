import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type DialogProps } from '@mui/material';

/** Lets the form inside say whether it holds unsaved input. */
const DirtyContext = createContext<(dirty: boolean) => void>(() => undefined);
/** Lets the form inside say it is saving: Escape or a click beside it must not close it mid-save. */
const BusyContext = createContext<(busy: boolean) => void>(() => undefined);
/** Lets a Cancel button inside close the way Escape does (asking first when something was typed). */
const CloseContext = createContext<() => void>(() => undefined);

/** Closes the GuardedDialog around, asking first when the form reported unsaved input. */
export function useGuardedClose(): () => void {
  return useContext(CloseContext);
}

/** Called by the form inside a GuardedDialog with its unsaved state. */
export function useReportDirty(dirty: boolean): void {
  const report = useContext(DirtyContext);
  useEffect(() => report(dirty), [report, dirty]);
}

/** Called by the form inside a GuardedDialog while it saves (react-hook-form's isSubmitting, or its own flag). */
export function useReportBusy(busy: boolean): void {
  const report = useContext(BusyContext);
  useEffect(() => report(busy), [report, busy]);
}

export interface GuardedDialogProps extends Omit<DialogProps, 'onClose' | 'open'> {
  open: boolean;
  onClose: () => void;
  /** While saving the dialog does not close (a form inside can also say so with useReportBusy). */
  busy?: boolean;
  /** The question's text when unsaved input would be lost. */
  discardText: string;
  children: ReactNode;
}

/**
 * A dialog that Escape (or a click beside it) closes, asking first only when the form inside has
 * unsaved input. MUI gives focus back to the control that opened it once it closes.
 */
export function GuardedDialog({ open, onClose, busy, discardText, children, ...rest }: GuardedDialogProps) {
  const dirty = useRef(false);
  const saving = useRef(false);
  const [asking, setAsking] = useState(false);
  const report = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const reportBusy = useCallback((b: boolean) => {
    saving.current = b;
  }, []);
  useEffect(() => {
    if (!open) {
      dirty.current = false;
      saving.current = false;
    }
  }, [open]);
  const requestClose = () => {
    if (busy || saving.current) return;
    if (dirty.current) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Dialog open={open} onClose={requestClose} {...rest}>
        <DirtyContext.Provider value={report}>
          <BusyContext.Provider value={reportBusy}>
            <CloseContext.Provider value={requestClose}>{children}</CloseContext.Provider>
          </BusyContext.Provider>
        </DirtyContext.Provider>
      </Dialog>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        maxWidth="xs"
        data-testid="discard-dialog"
        aria-labelledby="discard-dialog-title"
      >
        <DialogTitle id="discard-dialog-title">Discard changes?</DialogTitle>
        <DialogContent>
          <DialogContentText>{discardText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} autoFocus data-testid="discard-keep">
            Keep editing
          </Button>
          <Button
            color="error"
            data-testid="discard-confirm"
            onClick={() => {
              setAsking(false);
              onClose();
            }}
          >
            Discard
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
