import { lazy } from 'react';

/** Its own chunk: loaded only when the dashboard is opened. */
const AnalyticsDashboardPage = lazy(() => import('./AnalyticsDashboardPage').then((m) => ({ default: m.AnalyticsDashboardPage })));

export const analyticsElement = <AnalyticsDashboardPage />;
