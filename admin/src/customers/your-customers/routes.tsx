import { lazy } from 'react';

/** Its own chunk: the shell loads it only when the route is opened. */
const YourCustomersPage = lazy(() => import('./YourCustomersPage').then((m) => ({ default: m.YourCustomersPage })));

export const yourCustomersElement = <YourCustomersPage />;
