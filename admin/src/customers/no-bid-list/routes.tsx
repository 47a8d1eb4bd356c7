import { lazy } from 'react';

/** Its own chunk: the shell loads it only when the route is opened. */
const NoBidListPage = lazy(() => import('./NoBidListPage').then((m) => ({ default: m.NoBidListPage })));

export const noBidListElement = <NoBidListPage />;
