import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { UPLOAD_ITEMS_TEXT as T, uploadOutcome, type UploadOutcome } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { Toolbar } from '../../kit/Toolbar';
import { recordStep } from '../wizard/wizardApi';
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
 * Continue saves them with lots/update and records step 4 (6 from the summary).
 */
export function UploadItemsStep({ type, groupID, catalogID, fromSummary, goToStep, exit }: WizardStepProps) {
  const { user } = useShellUser();
  const refresh = useRefreshRows();
  const dp = useAppDataProvider();
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const [confirmBack, setConfirmBack] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null | false>(false);
  const staged = useGetList<UploadRow>(UPLOAD_ROWS, { filter: { catalogId: Number(catalogID) }, pagination: { page: 1, perPage: 1 } });
  const { errorCount } = useUploadErrorCount(catalogID);
  const connectType = user?.houseInfo.connectType ?? user?.connectType ?? '';
  const stepBase = `/session/${type}/${groupID}/${catalogID}`;
  // Bin: Continue records 3 and the summary is step 5; live/timed: 4 and 6 (spec 001 section 4).
  const summaryStep = type === 'bin' ? 5 : 6;

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
      const next = fromSummary ? summaryStep : summaryStep - 2;
      await recordStep(dp, catalogID, next);
      goToStep(next);
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
          to={`${stepBase}/lot/0`}
          // Bin: "Add single item" records 5 (spec 001 section 4), so the calendar's edit link opens the summary.
          onClick={type === 'bin' ? () => void recordStep(dp, catalogID, 5) : undefined}
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
          {saveError !== false && (
            <Box role="alert" data-testid="upload-save-error">
              <AppAlert message={saveError} />
            </Box>
          )}
          <Toolbar label="Upload items actions" justify="space-between">
            <Button onClick={() => setConfirmBack(true)} data-testid="upload-go-back">
              {T.goBackTitle}
            </Button>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {errorCount > 0 && (
                <Typography variant="body2" color="error" aria-live="polite" data-testid="upload-errors-left">
                  {T.errorsLeft(errorCount)}
                </Typography>
              )}
              {errorCount === 0 && !fromSummary && (
                <Button variant="outlined" disabled={saving} onClick={() => void save('exit')} data-testid="wizard-save-exit">
                  Save &amp; Exit
                </Button>
              )}
              <Button
                variant="contained"
                disabled={saving || errorCount > 0}
                onClick={() => void save('continue')}
                data-testid="wizard-continue"
              >
                {fromSummary ? 'Save & Return to Summary' : 'Continue'}
              </Button>
            </Box>
          </Toolbar>
        </>
      ) : (
        <UploadPanel
          saleType={type}
          catalogId={catalogID}
          onOutcome={(o) => {
            setOutcome(o);
            refresh();
          }}
        />
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
