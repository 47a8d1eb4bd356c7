import { lazy } from 'react';

/** Its own chunk: the shell loads it only when the route is opened. */
const OpenNewFilePage = lazy(() => import('./OpenNewFilePage').then((m) => ({ default: m.OpenNewFilePage })));

export const openNewFileElement = <OpenNewFilePage />;
