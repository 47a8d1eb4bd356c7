import { useState } from 'react';
import { Alert, AlertTitle, Box, Link, type AlertColor } from '@mui/material';
import { CUSTOMER_CARE_PHONES, GENERIC_ERROR_TEXT } from './customerCare';

/** Spec: texts over 150 characters collapse with Show More / Show Less. */
export const COLLAPSE_AT = 150;

export interface AppAlertProps {
  /** The text to show; without one the generic Customer Care text is shown. */
  message?: string | null;
  severity?: AlertColor;
  title?: string;
  onClose?: () => void;
}

export function AppAlert({ message, severity = 'error', title, onClose }: AppAlertProps) {
  const text = message?.trim();
  return (
    <Alert severity={severity} onClose={onClose} data-testid="app-alert">
      {title && <AlertTitle>{title}</AlertTitle>}
      {text ? <CollapsibleText text={text} /> : <GenericErrorText />}
    </Alert>
  );
}

function GenericErrorText() {
  return (
    <>
      {GENERIC_ERROR_TEXT}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 0, listStyle: 'none' }}>
        {CUSTOMER_CARE_PHONES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </>
  );
}

function CollapsibleText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  if (text.length <= COLLAPSE_AT) return <>{text}</>;
  return (
    <>
      {expanded ? text : `${text.slice(0, COLLAPSE_AT)}…`}{' '}
      <Link component="button" type="button" variant="body2" onClick={() => setExpanded((e) => !e)}>
        {expanded ? 'Show Less' : 'Show More'}
      </Link>
    </>
  );
}
