import { Suspense } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { BIN_TEXT, SESSION_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { NotFoundPage } from '../../common/NotFoundPage';
import { PermissionDenied } from '../../common/PermissionDenied';
import { ShellLoading } from '../../common/ShellLoading';
import { PageHeader } from '../../kit/PageHeader';
import { BIN_STEPS, LIVE_TIMED_STEPS, normalizeStep } from '../steps';
import { StepTracker } from './StepTracker';
import { fetchSession, WIZARD_KEYS } from './wizardApi';
import { SAVE_EXIT_PATH, type WizardFrom } from './wizardContext';
import { BIN_STEP_COMPONENTS, LIVE_TIMED_STEP_COMPONENTS } from './wizardSteps';

const FROM = ['step4', 'step5', 'step6', 'summary'];

/**
 * /session/{live|timed}/{groupID}/{catalogID}/{step}[/{goToPage}] (spec 001 "Session wizard routes"):
 * the step header and tracker, out-of-range steps sent to 1, the session read once for every step,
 * and the step's screen from wizardSteps.tsx. The navigation state `from` (or the goToPage segment)
 * says where the user came from, so steps offer "Save & Return to Summary" / "Cancel & Return to Summary".
 */
export function SessionWizardPage() {
  const { type, groupID = '', catalogID = '', step, goToPage } = useParams();
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const dp = useAppDataProvider();
  const { user, isPending } = useShellUser();
  const valid = (type === 'live' || type === 'timed' || type === 'bin') && /^\d+$/.test(groupID) && /^\d+$/.test(catalogID);
  const bin = type === 'bin';
  const steps = bin ? BIN_STEPS : LIVE_TIMED_STEPS;
  const isNew = catalogID === '0';
  const allowed = !!user?.accessCalendar;
  const session = useQuery({
    queryKey: WIZARD_KEYS.session(catalogID),
    queryFn: () => fetchSession(dp, catalogID),
    enabled: valid && allowed && !isNew,
    retry: false,
    // Dropped once the wizard is left (e.g. for the Lot page), so a step always mounts on a fresh read
    // instead of on a cached one that a refetch would then replace under the user's hands.
    gcTime: 0,
  });
  if (!valid) return <NotFoundPage />;
  const n = normalizeStep(step, steps.length);
  // "A step outside the range becomes 1"; a session not created yet has only step 1.
  const target = isNew ? 1 : n;
  if (String(target) !== step) {
    return <Navigate replace to={`/session/${type}/${groupID}/${catalogID}/${target}${goToPage ? `/${goToPage}` : ''}`} state={state} />;
  }
  if (isPending || !user) return <ShellLoading />;
  if (!allowed) return <PermissionDenied />;
  if (session.isError && readApiError(session.error).status === 404) return <NotFoundPage />;

  const rawFrom = (state as { from?: string } | null)?.from ?? goToPage;
  const from = (FROM.includes(rawFrom ?? '') ? rawFrom : null) as WizardFrom;
  const fromSummary = from === 'summary' || from === 'step6';
  const goToStep = (next: number, id: number | string = catalogID) =>
    void navigate(`/session/${type}/${groupID}/${id}/${next}`, { state: next === steps.length || !from ? undefined : { from } });
  const exit = () => void navigate(SAVE_EXIT_PATH);
  const Step = (bin ? BIN_STEP_COMPONENTS : LIVE_TIMED_STEP_COMPONENTS)[target];

  return (
    <>
      <PageHeader title={bin ? 'Buy Now Wizard' : 'Session Wizard'} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h1" data-testid="wizard-title">
          {steps[target - 1]}
        </Typography>
        <Chip
          size="small"
          label={bin ? 'Buy Now' : type === 'timed' ? 'Timed' : 'Live'}
          color={bin ? 'success' : type === 'timed' ? 'secondary' : 'primary'}
        />
        {session.data && (
          <Typography variant="body2" color="text.secondary" noWrap data-testid="wizard-session-title">
            {session.data.title}
          </Typography>
        )}
      </Box>
      <StepTracker steps={steps} step={target} tracker={session.data?.stepTracker ?? null} onStep={isNew ? null : (s) => goToStep(s)} />
      {session.isError ? (
        <AppAlert message={bin && target === 1 ? BIN_TEXT.loadFailed : target === 2 && !bin ? SESSION_TEXT.loadDetailsFailed : null} />
      ) : !isNew && session.isPending ? (
        <ShellLoading />
      ) : (
        <Suspense fallback={<ShellLoading />}>
          <Step
            // One mount per step: a later refetch (window focus, a save) updates props and keeps what the
            // user has typed or picked; remounting on it lost a picked file (bin-wizard CI flake, session 12).
            key={pathname}
            type={type}
            groupID={groupID}
            catalogID={catalogID}
            step={target}
            houseId={user.houseInfo.houseID}
            session={session.data ?? null}
            from={from}
            fromSummary={fromSummary}
            goToStep={goToStep}
            exit={exit}
          />
        </Suspense>
      )}
    </>
  );
}
