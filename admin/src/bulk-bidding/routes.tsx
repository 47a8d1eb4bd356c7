import { lazy } from 'react';

/** Its own chunk: the shell loads it only when the page is opened. */
const BulkBiddingPage = lazy(() => import('./BulkBiddingPage').then((m) => ({ default: m.BulkBiddingPage })));

export const bulkBiddingElement = <BulkBiddingPage />;
