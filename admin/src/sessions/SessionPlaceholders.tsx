import { lazy } from 'react';
import { Typography } from '@mui/material';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { NotFoundPage } from '../common/NotFoundPage';
import { PlaceholderPage } from '../common/PlaceholderPage';
import { isSessionType, normalizeStep, stepsForPath } from './steps';

/** Its own chunk: the live/timed wizard loads only when a session is opened. */
const SessionWizardPage = lazy(() => import('./wizard/SessionWizardPage').then((m) => ({ default: m.SessionWizardPage })));

/** /session/{type}/{groupID}/{catalogID}/{step}[/{goToPage}]: the live/timed wizard, or the bin wizard's placeholder. */
export function SessionWizardRoute() {
  const { type } = useParams();
  if (type === 'live' || type === 'timed') return <SessionWizardPage />;
  return <SessionWizardPlaceholder />;
}

/** The bin wizard until it exists. */
export function SessionWizardPlaceholder() {
  const { type, groupID, catalogID, step, goToPage } = useParams();
  const { pathname } = useLocation();
  if (!isSessionType(type)) return <NotFoundPage />;
  const steps = stepsForPath(pathname);
  const n = normalizeStep(step, steps.length);
  if (String(n) !== step) {
    const rest = goToPage ? `/${goToPage}` : '';
    return <Navigate replace to={`/session/${type}/${groupID}/${catalogID}/${n}${rest}`} />;
  }
  return (
    <PlaceholderPage title={steps[n - 1]}>
      <Typography variant="body2" color="text.secondary">
        Step {n} of {steps.length}
      </Typography>
    </PlaceholderPage>
  );
}
