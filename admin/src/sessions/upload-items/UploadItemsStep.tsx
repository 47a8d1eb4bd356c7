import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Link, Stack } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { UPLOAD_ITEMS_TEXT as T, uploadOutcome, type UploadOutcome } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { continueLabel, UploadStepActions } from '../UploadStepActions';
import { useWizardProgress } from '../wizard/useWizardProgress';
import type { WizardStepProps } from '../wizard/wizardContext';
import { ReviewList, useUploadErrorCount } from './ReviewList';
import { ErrorPanels, UploadBanner } from './UploadBanners';
import { UploadPanel } from './UploadPanel';
import {
  discardUpload,
  MODEL_SPREADSHEET_URL,
  saveStagedLots,
  TIP_SHEET_URL,
  UPLOAD_ROWS,
  useRefreshRows,
  type UploadRow,
} from './uploadItemsApi';

/**
 * Live/timed step 3, Upload Items (spec 001 "Bin step 2 and live/timed step 3", sections 4 and 7):
 * new (format, file, upload) then the review list. The uploaded rows are staged on the server per
 * session, so a closed tab comes back to its review list (docs/decisions/upload-items.md).
 * Continue saves them with lots/update and records step 4 (6 from the summary). Before a file,
 * Skip & Continue records the same and goes on, Save & Exit leaves (docs/decisions/session-wizard.md);
 * "Add single item" opens lot 0 on the single-item path (the Lot page then leads to Upload Images).
 */
export function UploadItemsStep({ type, groupID, catalogID, fromSummary, goToStep, exit }: WizardStepProps) {
  const { user } = useShellUser();
  const refresh = useRefreshRows();
  const dp = useAppDataProvider();
  const navigate = useNavigate();
  const record = useWizardProgress(type, catalogID);
  const [uploading, setUploading] = useState(false);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const [confirmBack, setConfirmBack] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null | false>(false);
  const staged = useGetList<UploadRow>(UPLOAD_ROWS, { filter: { catalogId: Number(catalogID) }, pagination: { page: 1, perPage: 1 } });
  const { errorCount } = useUploadErrorCount(catalogID);
  const connectType = user?.houseInfo.connectType ?? user?.connectType ?? '';
  const stepBase = `/session/${type}/${groupID}/${catalogID}`;
  const summaryStep = type === 'bin' ? 5 : 6;
  // The single-item path: the Lot page returns to the summary when the step was opened from there.
  const addSingleTo = `${stepBase}/lot/0/${fromSummary ? 'summary' : 'items'}`;

  if (staged.isPending || !user) return <ShellLoading />;
  const reviewing = (staged.total ?? 0) > 0 && (!outcome || outcome.showList);

  const backToNew = async () => {
    await discardUpload(dp, catalogID);
    setOutcome(null);
    setSaveError(false);
    setConfirmBack(false);
    refresh();
  };
  const save = async (then: 'continue' | 'exit') => {
    setSaving(true);
    setSaveError(false);
    try {
      await saveStagedLots(dp, catalogID);
      if (then === 'exit') return exit();
      // Bin 3, live/timed 4; the summary's step from there (@ar/rules stepTrackerValue).
      const next = await record('items', fromSummary);
      goToStep(next ?? summaryStep);
    } catch (err) {
      const f = readApiError(err);
      const refused = uploadOutcome({ kind: 'answer', status: f.status, body: (err as { body?: unknown }).body ?? null });
      if (f.status === 400 && refused.errors.length) {
        // Refused rows (the session's lots changed meanwhile): the server marked them; the panels list them.
        setOutcome({ ...refused, showList: true, banner: { ...refused.banner, retry: false } });
      } else setSaveError(f.status === 409 && f.message ? f.message : null);
      refresh();
    } finally {
      setSaving(false);
    }
  };

  /** Without a file: Skip & Continue records what Continue would, or "Add single item" what the spec says (bin 5). */
  const leave = async (moment: 'items' | 'addSingleItem') => {
    setSaving(true);
    setSaveError(false);
    try {
      const step = await record(moment, fromSummary);
      if (moment === 'addSingleItem') void navigate(addSingleTo);
      else goToStep(step ?? summaryStep);
    } catch (err) {
      const f = readApiError(err);
      setSaveError(f.status === 409 && f.message ? f.message : null);
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} data-testid="upload-items-step">
      {fromSummary && (
        <Alert severity="info" data-testid="upload-summary-guide">
          <AlertTitle>Edit items in three steps</AlertTitle>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {T.summaryGuide.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Link
          component={RouterLink}
          to={addSingleTo}
          onClick={(e: React.MouseEvent) => {
            // Recorded before lot 0 opens (bin: 5, spec 001 section 4); a modified click opens a tab as links do.
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            if (!saving) void leave('addSingleItem');
          }}
          data-testid="upload-add-single"
        >
          Add single item
        </Link>
        <Link href={MODEL_SPREADSHEET_URL} download="lot-spreadsheet-model.xlsx" data-testid="upload-model-spreadsheet">
          Download model spreadsheet
        </Link>
        <Link href={TIP_SHEET_URL} target="_blank" rel="noopener" data-testid="upload-tip-sheet">
          Tip sheet
        </Link>
        {fromSummary && (
          <Link component={RouterLink} to={`${stepBase}/${summaryStep}`} data-testid="wizard-cancel-summary">
            Cancel &amp; Return to Summary
          </Link>
        )}
      </Box>
      {outcome && (
        <UploadBanner
          outcome={outcome}
          onRetry={() => {
            // "Retry clears the errors": back to a new upload.
            void backToNew();
          }}
        />
      )}
      {outcome && <ErrorPanels errors={outcome.errors} />}
      {reviewing ? (
        <>
          <ReviewList catalogId={catalogID} saleType={type} connectType={connectType} onChanged={() => setOutcome(null)} />
          <UploadStepActions
            label="Upload items actions"
            start={
              <Button onClick={() => setConfirmBack(true)} data-testid="upload-go-back">
                {T.goBackTitle}
              </Button>
            }
            hint={errorCount > 0 ? T.errorsLeft(errorCount) : null}
            hintTestId="upload-errors-left"
            hintColor="error"
            showExit={errorCount === 0 && !fromSummary}
            disabled={saving}
            continueDisabled={errorCount > 0}
            continueText={continueLabel(false, fromSummary)}
            onExit={() => void save('exit')}
            onContinue={() => void save('continue')}
          />
        </>
      ) : (
        <>
          <UploadPanel
            saleType={type}
            catalogId={catalogID}
            onBusy={setUploading}
            onOutcome={(o) => {
              setOutcome(o);
              refresh();
            }}
          />
          <UploadStepActions
            label="Upload items actions"
            hint={T.skipHint}
            hintTestId="upload-skip-hint"
            showExit={!fromSummary}
            disabled={saving || uploading}
            continueText={continueLabel(true, fromSummary)}
            continueTestId="upload-skip"
            onExit={exit}
            onContinue={() => void leave('items')}
          />
        </>
      )}
      {saveError !== false && (
        <Box role="alert" data-testid="upload-save-error">
          <AppAlert message={saveError} />
        </Box>
      )}
      <ConfirmDialog
        open={confirmBack}
        title={T.goBackTitle}
        text={T.goBackText}
        confirmLabel="Upload Again"
        onConfirm={backToNew}
        onClose={() => setConfirmBack(false)}
      />
    </Stack>
  );
}
