import { lazy } from 'react';

/** Their own chunks: the shell loads them only when the routes are opened. */
const SessionResultsPage = lazy(() => import('./SessionResultsPage').then((m) => ({ default: m.SessionResultsPage })));
const ViewSessionResultsPage = lazy(() => import('./ViewSessionResultsPage').then((m) => ({ default: m.ViewSessionResultsPage })));

export const sessionResultsElement = <SessionResultsPage />;
export const viewSessionResultsElement = <ViewSessionResultsPage />;
