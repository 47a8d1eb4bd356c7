import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import { DISPUTE_MESSAGE_MAX, offeredActions, type DisputeAction, type DisputeFilter } from '@ar/rules';
import { AppSelect } from '../../kit/AppSelect';

export interface DisputeActionValues {
  action: Exclude<DisputeAction, 'open'>;
  message: string;
}

/** The action form of the list and single-dispute screens: the offered actions and a message. */
export function DisputeActionForm(props: {
  filter: DisputeFilter;
  isSuperUser: boolean;
  error?: string | null;
  busy?: boolean;
  message: string;
  onMessage: (m: string) => void;
  onSubmit: (v: DisputeActionValues) => void;
}) {
  const options = offeredActions(props.filter, props.isSuperUser);
  const [action, setAction] = useState<string>(options[0].value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit({ action: action as DisputeActionValues['action'], message: props.message.trim() });
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Dispute action" sx={{ display: 'grid', gap: 2, maxWidth: 640 }} noValidate>
      <AppSelect
        label="Action"
        value={options.some((o) => o.value === action) ? action : options[0].value}
        onChange={setAction}
        options={options}
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'dispute-action' } }}
      />
      <TextField
        label="Message"
        multiline
        minRows={3}
        value={props.message}
        onChange={(e) => props.onMessage(e.target.value)}
        slotProps={{ htmlInput: { maxLength: DISPUTE_MESSAGE_MAX, 'data-testid': 'dispute-message' } }}
      />
      {props.error && (
        <Alert severity="error" role="alert" data-testid="dispute-action-error">
          {props.error}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={props.busy} data-testid="dispute-action-submit">
          Submit
        </Button>
      </Box>
    </Box>
  );
}
