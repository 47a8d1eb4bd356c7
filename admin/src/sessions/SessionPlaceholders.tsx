import { lazy, Suspense } from 'react';
import { Typography } from '@mui/material';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { NotFoundPage } from '../common/NotFoundPage';
import { PageTitle } from '../common/PageTitle';
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

// Preview and Summary & Publish of the bin wizard, each its own chunk (the live/timed shell has its own map).
const PreviewStep = lazy(() => import('./preview/PreviewStep').then((m) => ({ default: m.PreviewStep })));
const SummaryStep = lazy(() => import('./summary/SummaryStep').then((m) => ({ default: m.SummaryStep })));

/** The bin wizard until it exists: its preview and summary steps are real, the others placeholders. */
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
  const ids = { type, groupId: Number(groupID), catalogId: Number(catalogID) };
  const Step = n === steps.length ? SummaryStep : n === steps.length - 1 ? PreviewStep : null;
  if (Step)
    return (
      <>
        <PageTitle title={steps[n - 1]} />
        <Suspense fallback={null}>
          <Step key={catalogID} {...ids} />
        </Suspense>
      </>
    );
  return (
    <PlaceholderPage title={steps[n - 1]}>
      <Typography variant="body2" color="text.secondary">
        Step {n} of {steps.length}
      </Typography>
    </PlaceholderPage>
  );
}
