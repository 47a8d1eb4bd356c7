import { TextInput } from 'react-admin';
import { Typography } from '@mui/material';
import { ACCOUNTING_ACCOUNTS, ACCOUNT_CODE_MAX, accountMappingErrors, type AccountKey, type AccountMapping } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { FormDialog } from '../../kit/FormDialog';
import { ACCOUNTS_PATH, type AccountsRecord } from './accountingApi';

export interface AccountsDialogProps {
  open: boolean;
  accounts: AccountsRecord;
  onClose: () => void;
  onSaved: (a: AccountsRecord) => void;
}

// The shared rule, one field at a time: the form says what the server says.
const ruleFor = (key: AccountKey) => (v: unknown) => accountMappingErrors({ [key]: v })[key];

/** The house's account mapping: the code (or name) of each account in the books, as the export writes it. */
export function AccountsDialog({ open, accounts, onClose, onSaved }: AccountsDialogProps) {
  const dp = useAppDataProvider();
  const initial = (): AccountMapping => Object.fromEntries(ACCOUNTING_ACCOUNTS.map((a) => [a.key, accounts[a.key]])) as AccountMapping;
  return (
    <FormDialog<AccountMapping>
      open={open}
      onClose={onClose}
      name="accounts"
      title="Accounts"
      submitLabel="Save accounts"
      unsavedText="The accounts you typed have not been saved."
      initialValues={initial}
      isDirty={(v, first) => ACCOUNTING_ACCOUNTS.some((a) => v[a.key] !== first[a.key])}
      onSubmit={async (v) => onSaved(await dp.call<AccountsRecord>('PUT', ACCOUNTS_PATH, v))}
      describeFailure={saveFailure}
      serverFields={Object.fromEntries(ACCOUNTING_ACCOUNTS.map((a) => [a.key, a.key]))}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Enter each account as your books name it (the account code in Xero, the account or product name in QuickBooks).
        </Typography>
      }
    >
      {ACCOUNTING_ACCOUNTS.map((a) => (
        <TextInput
          key={a.key}
          source={a.key}
          label={a.label}
          validate={ruleFor(a.key)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: ACCOUNT_CODE_MAX + 10, 'data-testid': `account-${a.key}` } }}
        />
      ))}
    </FormDialog>
  );
}
