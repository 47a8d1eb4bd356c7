import { lazy } from 'react';

/** Its own chunk: the shell loads it only when the route is opened. */
const EoaPage = lazy(() => import('./EoaPage').then((m) => ({ default: m.EoaPage })));

export const eoaElement = <EoaPage />;
