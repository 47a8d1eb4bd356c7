import { lazy, Suspense } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { dataProvider } from './api/dataProvider';
import { queryClient } from './api/queryClient';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { NotFoundPage } from './common/NotFoundPage';
import { PlaceholderPage } from './common/PlaceholderPage';
import { ShellLoading } from './common/ShellLoading';
import { HomePage } from './home/HomePage';
import { AppLayout } from './layout/AppLayout';
import { RouteGuard } from './routes/RouteGuard';
import { LEGACY_REDIRECTS, ROUTES } from './routes/routeTable';
import { theme } from './theme';

// Its own chunks (the strength scorer's dictionaries load from inside it): never in the initial load.
const PasswordResetPage = lazy(() => import('./passwordReset/PasswordResetPage').then((m) => ({ default: m.PasswordResetPage })));

/**
 * The admin shell. The outer browser router (main.tsx) carries the /ar basename, so
 * <Admin> gets none: react-admin then uses that router instead of a hash router.
 * requireAuth shows the spinner until the user and house load, else the login page.
 */
export function App() {
  return (
    <Admin
      title="Auction Back Office"
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      loginPage={LoginPage}
      layout={AppLayout}
      dashboard={HomePage}
      catchAll={NotFoundPage}
      loading={ShellLoading}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route
          path="/password-reset"
          element={
            <Suspense fallback={<ShellLoading />}>
              <PasswordResetPage />
            </Suspense>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        {ROUTES.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={
              <RouteGuard access={r.access} deniedRedirect={r.deniedRedirect}>
                {r.element ?? <PlaceholderPage title={r.title} />}
              </RouteGuard>
            }
          />
        ))}
        {LEGACY_REDIRECTS.map((r) => (
          <Route key={r.from} path={r.from} element={<Navigate replace to={r.to} />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
