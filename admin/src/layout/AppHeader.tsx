import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout } from 'react-admin';
import { useShellUser } from '../auth/useShellUser';
import { PRODUCT_NAME } from '../common/brand';
import { TopMenu } from './TopMenu';

/** House name, signed-in user and logout, with the top menu beneath. */
export function AppHeader() {
  const { user } = useShellUser();
  const logout = useLogout();
  return (
    <AppBar position="sticky" elevation={0} color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar variant="dense" sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="div" variant="subtitle1" noWrap sx={{ fontWeight: 700 }} data-testid="house-name">
            {user?.houseInfo.houseName ?? PRODUCT_NAME}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }} data-testid="signed-in-user">
          <AccountCircleIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{user?.userName}</Typography>
        </Box>
        <Button color="inherit" size="small" startIcon={<LogoutIcon />} onClick={() => logout({}, undefined, false)}>
          Log out
        </Button>
      </Toolbar>
      <Toolbar variant="dense" sx={{ minHeight: 40, bgcolor: 'background.paper' }}>
        <TopMenu />
      </Toolbar>
    </AppBar>
  );
}
