import { Alert } from '@mui/material';
import { PageTitle } from './PageTitle';
import { PERMISSION_DENIED_TEXT } from './customerCare';

/** What a route shows when the user's access flags forbid it. */
export function PermissionDenied() {
  return (
    <>
      <PageTitle title="Permission Denied" />
      <Alert severity="warning" data-testid="permission-denied">
        {PERMISSION_DENIED_TEXT}
      </Alert>
    </>
  );
}
