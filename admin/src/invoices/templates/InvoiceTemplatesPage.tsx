import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { PageHeader } from '../../kit/PageHeader';
import { ShellLoading } from '../../common/ShellLoading';
import { TemplateEditor } from './TemplateEditor';
import { TEMPLATE_TEXT, type GroupSettings, type InvoiceSettingSummary } from './templateForm';

export const TEMPLATES_PATH = '/invoices/invoiceTemplates';
const SUMMARIES_KEY = ['app', 'invoiceSettings'] as const;
const TEMPLATE_KEY = ['app', 'invoiceGroupSettings'] as const;

/** Navigation state the page understands. */
interface TemplatesNavState {
  /** '+ Create New Template' was chosen; `from` is where Cancel returns. */
  create?: boolean;
  from?: string;
  /** A save just went through: show 'Your changes have been saved.' once. */
  saved?: boolean;
}

/**
 * /invoices/invoiceTemplates and /invoices/invoiceTemplates/{settingsID} (accessInvoices): the
 * template dropdown, '+ Create New Template', and the editor of the chosen or new template.
 */
export function InvoiceTemplatesPage() {
  const { settingsID } = useParams<{ settingsID?: string }>();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useShellUser();
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const houseRef = user?.houseInfo.houseRef ?? '';
  const navState = (location.state ?? {}) as TemplatesNavState;
  const creating = !settingsID && navState.create === true;
  const id = settingsID && /^\d{1,10}$/.test(settingsID) ? Number(settingsID) : null;

  const [savedFlash, setSavedFlash] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // The saved flag rides on the navigation once: cleared from history so a reload does not repeat it.
  useEffect(() => {
    if (navState.saved) {
      setSavedFlash(true);
      void navigate(location.pathname, { replace: true, state: null });
    }
  }, [navState.saved, location.pathname, navigate]);

  const summaries = useQuery({
    queryKey: [...SUMMARIES_KEY, houseRef],
    queryFn: async () =>
      (
        await dp.call<{ data: { invoiceSettings: InvoiceSettingSummary[] } }>(
          'GET',
          `/app/house/${encodeURIComponent(houseRef)}/invoiceSettings`,
        )
      ).data.invoiceSettings,
    enabled: houseRef !== '',
  });

  const wanted = creating ? 'new' : id;
  const template = useQuery({
    queryKey: [...TEMPLATE_KEY, houseRef, wanted],
    queryFn: async () => {
      const qs = wanted === 'new' ? '' : `?groupSettingsID=${wanted}`;
      return (
        await dp.call<{ data: { groupSettings: GroupSettings } }>(
          'GET',
          `/app/house/${encodeURIComponent(houseRef)}/invoiceGroupSettings${qs}`,
        )
      ).data.groupSettings;
    },
    enabled: houseRef !== '' && wanted !== null,
    // A new form starts blank each time.
    gcTime: wanted === 'new' ? 0 : undefined,
    // Refetched only when asked (after a save or a conflict): a focus refetch would reset the form.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

  const choose = (value: string) => {
    setSavedFlash(false);
    setNotice(null);
    if (value) void navigate(`${TEMPLATES_PATH}/${value}`);
  };

  const startCreate = () => {
    setSavedFlash(false);
    setNotice(null);
    void navigate(TEMPLATES_PATH, { state: { create: true, from: location.pathname } satisfies TemplatesNavState });
  };

  const cancelCreate = () => {
    setNotice(null);
    void navigate(navState.from && navState.from !== TEMPLATES_PATH ? navState.from : TEMPLATES_PATH, { replace: true });
  };

  const saved = async (savedId: number) => {
    await queryClient.invalidateQueries({ queryKey: SUMMARIES_KEY });
    await queryClient.invalidateQueries({ queryKey: [...TEMPLATE_KEY, houseRef, savedId] });
    setNotice(null);
    void navigate(`${TEMPLATES_PATH}/${savedId}`, { state: { saved: true } satisfies TemplatesNavState });
  };

  const conflict = (message: string) => {
    setSavedFlash(false);
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: [...TEMPLATE_KEY, houseRef] });
    void queryClient.invalidateQueries({ queryKey: SUMMARIES_KEY });
  };

  const loadFailure = template.isError ? readApiError(template.error) : null;
  const selected = id !== null && summaries.data?.some((s) => s.id === id) ? String(id) : '';

  return (
    <Stack spacing={2} data-testid="invoice-templates-page">
      <PageHeader title="Invoice Templates" />
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            id="template-select"
            select
            label="Invoice Template"
            value={creating ? '' : selected}
            onChange={(e) => choose(e.target.value)}
            sx={{ minWidth: 320 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-label': 'Select Existing Template' } }}
          >
            <option value="" disabled>
              Select Existing Template
            </option>
            {summaries.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
                {s.active ? '' : ' (inactive)'}
              </option>
            ))}
          </TextField>
          <Button variant="outlined" onClick={startCreate} disabled={creating} data-testid="create-template">
            + Create New Template
          </Button>
          {summaries.isSuccess && summaries.data.length === 0 && !creating && (
            <Typography color="text.secondary">No templates yet: create your first one.</Typography>
          )}
        </CardContent>
      </Card>

      {savedFlash && (
        <Alert severity="success" onClose={() => setSavedFlash(false)} data-testid="template-saved">
          {TEMPLATE_TEXT.saved}
        </Alert>
      )}
      {notice && (
        <Alert severity="warning" onClose={() => setNotice(null)} data-testid="template-notice">
          <div>{notice}</div>
          <div>The template below shows its current version; make your changes again.</div>
        </Alert>
      )}

      {settingsID && id === null ? (
        <Alert severity="error">Invoice template not found.</Alert>
      ) : wanted === null ? (
        <Box sx={{ color: 'text.secondary' }}>
          <Typography>Choose a template to view or edit it, or create a new one.</Typography>
        </Box>
      ) : loadFailure ? (
        loadFailure.status === 404 ? (
          <Alert severity="error">{loadFailure.message ?? 'Invoice template not found.'}</Alert>
        ) : (
          <AppAlert />
        )
      ) : !template.data ? (
        <ShellLoading />
      ) : (
        <TemplateEditor
          // A fresh form for each template and each saved version of it.
          key={`${wanted}-${template.data.version ?? 'new'}-${template.data.active}`}
          houseRef={houseRef}
          template={template.data}
          creating={creating}
          onCancel={cancelCreate}
          onSaved={saved}
          onConflict={conflict}
        />
      )}
    </Stack>
  );
}
