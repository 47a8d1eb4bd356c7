import { lazy } from 'react';

/** Its own chunk: the wizard (live/timed, or bin) loads only when a session is opened. */
const SessionWizardPage = lazy(() => import('./wizard/SessionWizardPage').then((m) => ({ default: m.SessionWizardPage })));

/** /session/{type}/{groupID}/{catalogID}/{step}[/{goToPage}]: one wizard shell; the bin type gets the bin steps. */
export function SessionWizardRoute() {
  return <SessionWizardPage />;
}
