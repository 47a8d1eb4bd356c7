import { lazy } from 'react';

/** Its own chunk: the shell loads it only when the route is opened. */
const SalesTaxReportsPage = lazy(() => import('./SalesTaxReportsPage').then((m) => ({ default: m.SalesTaxReportsPage })));

export const salesTaxReportsElement = <SalesTaxReportsPage />;
