import { lazy } from 'react';

/** Its own chunk (the page, its charts and tables): loaded only when the money reports are opened. */
const MoneyReportsPage = lazy(() => import('./MoneyReportsPage').then((m) => ({ default: m.MoneyReportsPage })));

export const moneyReportsElement = <MoneyReportsPage />;
