import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Snackbar, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TEXT, FEEDBACK_TOAST_MS, feedbackErrors, type DefaultFeedbackMessage } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { PageHeader } from '../../kit/PageHeader';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { useHouseRef } from '../../invoices/useHouseRef';

type Answer = { data: { defaultFeedbacks: DefaultFeedbackMessage[] } };
const key = (houseRef: string) => ['customers', 'defaultFeedbacks', houseRef] as const;

/**
 * Default Feedback Messages (/customers/feedback/default; spec 001): the house's three positive
 * messages, Save (the same rules as the server, then a toast for 3 s) and Exit Message Setup.
 */
export function FeedbackMessagesPage() {
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saved = useQuery({
    queryKey: key(houseRef),
    queryFn: async () => (await dp.call<Answer>('GET', housePath(houseRef, 'defaultFeedbacks'))).data.defaultFeedbacks,
    enabled: !!houseRef,
  });
  const [messages, setMessages] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [toast, setToast] = useState(false);
  useEffect(() => {
    if (saved.data && messages === null) setMessages(saved.data.map((f) => f.message));
  }, [saved.data, messages]);

  const save = useMutation({
    mutationFn: async (values: string[]) =>
      (
        await dp.call<Answer>('POST', housePath(houseRef, 'defaultFeedbacks'), {
          defaultFeedbacks: values.map((message, i) => ({ feedbackID: i + 1, message })),
        })
      ).data.defaultFeedbacks,
    onSuccess: (list) => {
      queryClient.setQueryData(key(houseRef), list);
      setMessages(list.map((f) => f.message));
      setToast(true);
    },
    onError: (err) => {
      const f = readApiError(err);
      setErrors(f.errors);
      setFailure(f.message ?? 'The messages could not be saved.');
    },
  });

  const submit = () => {
    if (!messages) return;
    const found = feedbackErrors(messages);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length === 0) save.mutate(messages.map((m) => m.trim()));
  };

  return (
    <Stack spacing={2} data-testid="feedback-messages">
      <PageHeader title={FEEDBACK_TEXT.title} />
      {saved.isPending || !messages ? (
        saved.error ? (
          <ErrorAlert error={saved.error} />
        ) : (
          <ShellLoading />
        )
      ) : (
        <Card variant="outlined" sx={{ maxWidth: 760 }}>
          <CardContent
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {FEEDBACK_TEXT.intro}
            </Typography>
            {failure && (
              <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
                {failure}
              </Alert>
            )}
            <Stack spacing={2}>
              {messages.map((m, i) => {
                const field = `message${i + 1}`;
                return (
                  <TextField
                    key={field}
                    label={FEEDBACK_TEXT.label(i + 1)}
                    value={m}
                    onChange={(e) => setMessages(messages.map((old, j) => (j === i ? e.target.value : old)))}
                    error={!!errors[field]}
                    helperText={errors[field] ?? `${Array.from(m.trim()).length}/${FEEDBACK_MESSAGE_MAX}`}
                    fullWidth
                    multiline
                    minRows={2}
                    slotProps={{ htmlInput: { maxLength: FEEDBACK_MESSAGE_MAX, 'data-testid': `feedback-${i + 1}` } }}
                  />
                );
              })}
            </Stack>
            <Box sx={{ mt: 3 }}>
              <Toolbar label="Feedback actions">
                <ToolbarButton type="submit" variant="contained" icon={<SaveIcon />} disabled={save.isPending} data-testid="feedback-save">
                  {FEEDBACK_TEXT.save}
                </ToolbarButton>
                <Button onClick={() => navigate('/')} data-testid="feedback-exit">
                  {FEEDBACK_TEXT.exit}
                </Button>
              </Toolbar>
            </Box>
          </CardContent>
        </Card>
      )}
      <Snackbar
        open={toast}
        autoHideDuration={FEEDBACK_TOAST_MS}
        onClose={() => setToast(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" onClose={() => setToast(false)} sx={{ boxShadow: 3 }} data-testid="feedback-saved">
          {FEEDBACK_TEXT.saved}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
