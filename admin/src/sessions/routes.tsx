import { lazy } from 'react';
import { route } from '../routes/types';
import { SessionWizardRoute } from './SessionPlaceholders';

/** Its own chunk: the shell loads it only when a lot is opened. */
const LotPage = lazy(() => import('./lot/LotPage').then((m) => ({ default: m.LotPage })));

// Static "lot" outranks the dynamic step segment in react-router's matching.
export const sessionRoutes = [
  route('/session/:type/:groupID/:catalogID/lot/:lotNumber/:goToPage?', 'Lot', 'sessions', <LotPage />),
  route('/session/:type/:groupID/:catalogID/:step/:goToPage?', 'Session Wizard', 'sessions', <SessionWizardRoute />),
];
