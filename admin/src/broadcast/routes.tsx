import { lazy } from 'react';

/** Its own chunk: the shell loads it only when the broadcast page is opened. */
const BroadcastPage = lazy(() => import('./BroadcastPage').then((m) => ({ default: m.BroadcastPage })));

export const broadcastElement = <BroadcastPage />;
