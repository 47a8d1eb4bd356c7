import { Suspense, type ReactNode } from 'react';
import { Box, Container } from '@mui/material';
import { TitlePortal } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { ShellLoading } from '../common/ShellLoading';
import { NewVersionDialog } from '../version/NewVersionDialog';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';

/** Keyboard users jump over the header and the menu: the page's first focusable control, visible once focused. */
function SkipLink() {
  return (
    <Box
      component="a"
      href="#main-content"
      data-testid="skip-link"
      onClick={(e: React.MouseEvent) => {
        e.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}

/** Header with the top menu, the screen under its title, the footer. No sidebar. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppHeader />
      {/* tabIndex -1: the skip link moves focus here, so the next Tab starts inside the screen. */}
      <Container component="main" id="main-content" tabIndex={-1} maxWidth="xl" sx={{ flex: 1, py: 2, '&:focus': { outline: 'none' } }}>
        {/* Screens put their names here through <Title> / <PageTitle>. */}
        <TitlePortal component="h1" variant="h5" sx={{ mb: 2, fontWeight: 600 }} />
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<ShellLoading />}>{children}</Suspense>
        </ErrorBoundary>
      </Container>
      <AppFooter />
      <NewVersionDialog />
    </Box>
  );
}
