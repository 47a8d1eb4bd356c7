import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';

/**
 * Real paths under /ar (not hash routes) so /ar/invoices/ExistingInvoices deep-links
 * work; the server answers index.html for any /ar/... path. A data router (as
 * react-admin builds for itself) so forms can block navigation on unsaved changes;
 * no transitions, as react-admin's own router: with them a sign-out redirect races
 * react-admin's query reset and loops.
 */
const router = createBrowserRouter([{ path: '*', element: <App /> }], {
  basename: import.meta.env.BASE_URL.replace(/\/$/, ''),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} useTransitions={false} />
  </StrictMode>,
);
