import { Typography } from '@mui/material';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { NotFoundPage } from '../common/NotFoundPage';
import { PlaceholderPage } from '../common/PlaceholderPage';
import { isSessionType, normalizeStep, stepsForPath } from './steps';

/** /session/{type}/{groupID}/{catalogID}/{step}[/{goToPage}] until the wizards exist. */
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
