import { Box, Link, Typography } from '@mui/material';
import { useShellUser } from '../auth/useShellUser';
import { LINKS, PRODUCT_NAME } from '../common/brand';
import { BUILD, formatBuildDate } from '../version/buildInfo';

/** Copyright, legal and contact links, and the build this page runs. */
export function AppFooter() {
  const { user } = useShellUser();
  const owner = user?.houseInfo.houseName ?? PRODUCT_NAME;
  return (
    <Box
      component="footer"
      data-testid="app-footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'caption',
      }}
    >
      <span>
        © {new Date().getFullYear()} {owner}
      </span>
      <Link href={LINKS.terms} target="_blank" rel="noopener noreferrer" color="inherit">
        Terms
      </Link>
      <Link href={LINKS.privacy} target="_blank" rel="noopener noreferrer" color="inherit">
        Privacy
      </Link>
      <Link href={LINKS.contact} target="_blank" rel="noopener noreferrer" color="inherit">
        Contact
      </Link>
      <Typography variant="caption" sx={{ ml: 'auto' }} data-testid="build-info">
        Version {BUILD.version} ({formatBuildDate(BUILD.buildDate)})
      </Typography>
    </Box>
  );
}
