import { route } from '../routes/types';
import { LotPlaceholder, SessionWizardPlaceholder } from './SessionPlaceholders';

// Static "lot" outranks the dynamic step segment in react-router's matching.
export const sessionRoutes = [
  route('/session/:type/:groupID/:catalogID/lot/:lotNumber/:goToPage?', 'Lot', 'sessions', <LotPlaceholder />),
  route('/session/:type/:groupID/:catalogID/:step/:goToPage?', 'Session Wizard', 'sessions', <SessionWizardPlaceholder />),
];
