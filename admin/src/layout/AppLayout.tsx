import { Suspense, type ReactNode } from 'react';
import { Box, Container } from '@mui/material';
import { TitlePortal } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { ShellLoading } from '../common/ShellLoading';
import { NewVersionDialog } from '../version/NewVersionDialog';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';

/** Header with the top menu, the screen under its title, the footer. No sidebar. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppHeader />
      <Container component="main" id="main-content" maxWidth="xl" sx={{ flex: 1, py: 2 }}>
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
