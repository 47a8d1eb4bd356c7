import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useLogout } from 'react-admin';
import { useNewVersion } from './useNewVersion';

/** Spec: "A modal appears when a new app version is detected." */
export function NewVersionDialog() {
  const outdated = useNewVersion();
  const logout = useLogout();
  return (
    <Dialog open={outdated} aria-labelledby="new-version-title" data-testid="new-version-dialog">
      <DialogTitle id="new-version-title">A new version is available</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A new version of the application is available. Please log out and log back in to get the latest version.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout({}, undefined, false)}>Log out</Button>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
