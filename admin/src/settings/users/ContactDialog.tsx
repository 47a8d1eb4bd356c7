import { Grid } from '@mui/material';
import { CONTACT_TYPES, STAFF_NAME_MAX } from '@ar/rules';
import { FormDialog } from '../../kit/FormDialog';
import { FormTextField } from '../../kit/FormTextField';
import { saveFailure } from '../../invoices/shared/saveFailure';
import type { HouseContact } from './staffUsers';

export interface ContactValues {
  contactType: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface HouseContactDialogProps {
  open: boolean;
  contact: HouseContact | null;
  onClose: () => void;
  onSubmit: (values: ContactValues) => Promise<void>;
}

const same = (a: ContactValues, b: ContactValues) => (Object.keys(a) as (keyof ContactValues)[]).every((k) => a[k] === b[k]);

/** Add/Edit Contact: a Consignment, Sale Administrator or Expert contact the session wizards offer. */
export function HouseContactDialog({ open, contact, onClose, onSubmit }: HouseContactDialogProps) {
  return (
    <FormDialog<ContactValues>
      key={contact?.id ?? 'new'}
      open={open}
      onClose={onClose}
      name="house-contact"
      title={contact ? 'Edit Contact' : 'Add Contact'}
      submitLabel="Save"
      unsavedText="The contact you entered has not been saved."
      initialValues={() => ({
        contactType: contact?.contactType ?? CONTACT_TYPES[0].id,
        firstName: contact?.firstName ?? '',
        lastName: contact?.lastName ?? '',
        email: contact?.email ?? '',
        phone: contact?.phone ?? '',
      })}
      isDirty={(v, initial) => !same(v, initial)}
      onSubmit={onSubmit}
      describeFailure={saveFailure}
      serverFields={{ contactType: 'contactType', firstName: 'firstName', lastName: 'lastName', email: 'email', phone: 'phone' }}
    >
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        <Grid size={12}>
          <FormTextField
            source="contactType"
            id="contact-type"
            label="Contact Type"
            select
            required
            fullWidth
            format={(v) => String(v ?? '')}
            parse={(v) => Number(v)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {CONTACT_TYPES.map((t) => (
              <option key={t.id} value={String(t.id)}>
                {t.name}
              </option>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="firstName"
            id="contact-firstName"
            label="First Name"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: STAFF_NAME_MAX } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="lastName"
            id="contact-lastName"
            label="Last Name"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: STAFF_NAME_MAX } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="email"
            id="contact-email"
            label="Email"
            type="email"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField source="phone" id="contact-phone" label="Phone" fullWidth slotProps={{ htmlInput: { maxLength: 40 } }} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
