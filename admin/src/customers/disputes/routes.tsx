import { lazy } from 'react';

/** Their own chunks: the shell loads them only when the route is opened. */
const DisputesListPage = lazy(() => import('./DisputesListPage').then((m) => ({ default: m.DisputesListPage })));
const ConfirmDisputeActionPage = lazy(() => import('./ConfirmDisputeActionPage').then((m) => ({ default: m.ConfirmDisputeActionPage })));
const DisputePage = lazy(() => import('./DisputePage').then((m) => ({ default: m.DisputePage })));

export const viewDisputesElement = <DisputesListPage />;
export const confirmDisputeActionElement = <ConfirmDisputeActionPage />;
export const disputeElement = <DisputePage />;
