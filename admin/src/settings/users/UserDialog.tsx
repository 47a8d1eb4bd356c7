import { Box, Checkbox, FormControlLabel, FormGroup, FormHelperText, Grid, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { STAFF_FLAG_LABELS, STAFF_NAME_MAX, STAFF_USER_TEXT, type StaffFlagName } from '@ar/rules';
import { FormDialog } from '../../kit/FormDialog';
import { FormTextField } from '../../kit/FormTextField';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { FLAG_NAMES, type StaffUser } from './staffUsers';

export type UserValues = {
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
} & Record<StaffFlagName, boolean>;

export interface UserDialogProps {
  open: boolean;
  /** The user edited; null adds one. */
  user: StaffUser | null;
  /** The signed-in user's id: their own flags can only go down. */
  selfId: number;
  onClose: () => void;
  onSubmit: (values: UserValues) => Promise<void>;
}

const NEW_USER_FLAGS: Record<StaffFlagName, boolean> = {
  accessSensitive: false,
  accessConsole: true,
  accessCalendar: true,
  accessCustomer: false,
  accessInvoices: false,
  accessSettlement: false,
  accessReports: false,
  accessBulkbiding: false,
};

const same = (a: UserValues, b: UserValues) => (Object.keys(a) as (keyof UserValues)[]).every((k) => a[k] === b[k]);

/** Add User / Edit User: names, email, the access flags; adding mails the user a link to set a password. */
export function UserDialog({ open, user, selfId, onClose, onSubmit }: UserDialogProps) {
  const isSelf = user?.id === selfId;
  return (
    <FormDialog<UserValues>
      key={user?.id ?? 'new'}
      open={open}
      onClose={onClose}
      name="user"
      title={user ? `Edit User ${user.userName}` : 'Add User'}
      submitLabel={user ? 'Save' : 'Add User'}
      unsavedText="The user you entered has not been saved."
      maxWidth="md"
      initialValues={() =>
        ({
          userName: user?.userName ?? '',
          email: user?.email ?? '',
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
          ...(user ? Object.fromEntries(FLAG_NAMES.map((f) => [f, user[f]])) : NEW_USER_FLAGS),
        }) as UserValues
      }
      isDirty={(v, initial) => !same(v, initial)}
      onSubmit={onSubmit}
      describeFailure={saveFailure}
      serverFields={{ userName: 'userName', email: 'email', firstName: 'firstName', lastName: 'lastName' }}
      intro={
        !user && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The new user receives an email with a link to choose their password. No password is ever sent by email.
          </Typography>
        )
      }
    >
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="userName"
            id="user-userName"
            label="User Name"
            required={!user}
            disabled={!!user}
            fullWidth
            helperText={user ? 'The user signs in with this name; it cannot be changed.' : undefined}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="email"
            id="user-email"
            label="Email"
            type="email"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="firstName"
            id="user-firstName"
            label="First Name"
            fullWidth
            slotProps={{ htmlInput: { maxLength: STAFF_NAME_MAX } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="lastName"
            id="user-lastName"
            label="Last Name"
            fullWidth
            slotProps={{ htmlInput: { maxLength: STAFF_NAME_MAX } }}
          />
        </Grid>
      </Grid>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
          Access
        </Typography>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {STAFF_FLAG_LABELS.map(([name, label]) => (
            <FlagInput key={name} name={name} label={label} lockedOn={isSelf && !user?.[name]} />
          ))}
        </FormGroup>
        {isSelf && <FormHelperText data-testid="own-flags-note">{STAFF_USER_TEXT.ownFlags}</FormHelperText>}
      </Box>
    </FormDialog>
  );
}

/** One access flag; `lockedOn`: the signed-in user's own missing flag (they cannot give it to themselves). */
function FlagInput({ name, label, lockedOn }: { name: StaffFlagName; label: string; lockedOn: boolean }) {
  const { field } = useInput({ source: name });
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={!!field.value}
          onChange={(e) => field.onChange(e.target.checked)}
          disabled={lockedOn}
          slotProps={{ input: { 'data-testid': `flag-${name}` } as object }}
        />
      }
      label={label}
    />
  );
}
