import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Card, CardContent, Checkbox, FormControlLabel, InputAdornment, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, useInput } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { PRIVATE_LABEL_BANNER_MS, PRIVATE_LABEL_TEXT, privateLabelErrors } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { useHouseRef } from '../../invoices/useHouseRef';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { FormTextField } from '../../kit/FormTextField';
import { nestErrors } from '../../kit/formErrors';
import { PageHeader } from '../../kit/PageHeader';
import { SubmitButton } from '../../kit/SubmitButton';
import { LogoUpload } from './LogoUpload';
import { PrivateLabelPreview } from './PrivateLabelPreview';
import {
  fetchLists,
  fetchSettings,
  PL_KEYS,
  saveSettings,
  valuesOf,
  type ChoiceLists,
  type IbSettingsHouse,
  type PrivateLabelValues,
} from './privateLabelApi';

const validate = (v: FieldValues) =>
  nestErrors(
    privateLabelErrors({
      fontStyleId: v.fontStyle,
      fontColorId: v.fontColor,
      buttonColorId: v.buttonColor,
      languageId: v.defaultLanguage,
      displayPastAuctions: v.displayPastAuctions,
    }),
  );

/**
 * Private Label Settings (/settings/plSettings; spec 001): the console and site logos (uploaded at
 * once, checked by the server on their bytes), font style, font colour, button colour, language and
 * past auctions, with a live preview of the site; Save shows the success banner for 5 seconds.
 */
export function PrivateLabelPage() {
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const lists = useQuery({ queryKey: PL_KEYS.lists, queryFn: () => fetchLists(dp), staleTime: Infinity });
  const settings = useQuery({ queryKey: PL_KEYS.settings(houseRef), queryFn: () => fetchSettings(dp, houseRef), enabled: !!houseRef });
  const error = lists.error ?? settings.error;
  return (
    <Stack spacing={2} data-testid="private-label">
      <PageHeader title={PRIVATE_LABEL_TEXT.title} />
      {error ? (
        <ErrorAlert error={error} />
      ) : !lists.data || !settings.data ? (
        <ShellLoading />
      ) : (
        <Editor lists={lists.data} house={settings.data} />
      )}
    </Stack>
  );
}

function Editor({ lists, house }: { lists: ChoiceLists; house: IbSettingsHouse }) {
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The form starts from the saved choices once; logo uploads refresh only the logo links.
  const [initial] = useState(() => valuesOf(house));

  const submit = async (values: FieldValues) => {
    setFailure(null);
    setBanner(false);
    try {
      const saved = await saveSettings(dp, houseRef, values as PrivateLabelValues);
      queryClient.setQueryData(PL_KEYS.settings(houseRef), saved);
      setBanner(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setBanner(false), PRIVATE_LABEL_BANNER_MS);
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      setFailure(f.message ?? PRIVATE_LABEL_TEXT.invalid);
      return f.status === 400 ? f.errors : undefined;
    }
  };
  const uploaded = (next: IbSettingsHouse) =>
    queryClient.setQueryData<IbSettingsHouse>(PL_KEYS.settings(houseRef), (old) =>
      old ? { ...old, consoleLogoURL: next.consoleLogoURL, houseLogoURL: next.houseLogoURL } : next,
    );

  return (
    <Form
      defaultValues={initial}
      onSubmit={submit}
      validate={validate}
      noValidate
      sanitizeEmptyValues={false}
      disableInvalidFormNotification
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 5fr) minmax(0, 6fr)' },
        }}
      >
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Logos
              </Typography>
              <Stack spacing={3}>
                <LogoUpload kind="console" url={house.consoleLogoURL} onUploaded={uploaded} />
                <LogoUpload kind="site" url={house.houseLogoURL} onUploaded={uploaded} />
              </Stack>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Style and language
              </Typography>
              <Stack spacing={2.5} sx={{ mt: 2 }}>
                <ChoiceSelect
                  source="fontStyle"
                  id="pl-font-style"
                  label="Font style"
                  options={lists.fontStyles.map((f) => [f.id, f.label])}
                />
                <ChoiceSelect
                  source="fontColor"
                  id="pl-font-color"
                  label="Font colour"
                  options={lists.fontColors.map((c) => [c.id, c.label])}
                  swatch={(id) => lists.fontColors.find((c) => c.id === id)?.hex}
                />
                <ChoiceSelect
                  source="buttonColor"
                  id="pl-button-color"
                  label="Button colour"
                  options={lists.buttonColors.map((c) => [c.id, c.name])}
                  swatch={(id) => lists.buttonColors.find((c) => c.id === id)?.hex}
                />
                <ChoiceSelect
                  source="defaultLanguage"
                  id="pl-language"
                  label="Language"
                  options={lists.languages.map((l) => [l.id, l.label])}
                />
                <PastAuctionsCheckbox />
              </Stack>
              <Stack spacing={2} sx={{ mt: 3, alignItems: 'flex-start' }}>
                {/* Beside Save, where the eye is after clicking it (the form can be taller than the window). */}
                {banner && (
                  <Alert
                    severity="success"
                    role="status"
                    data-testid="pl-saved"
                    onClose={() => setBanner(false)}
                    sx={{ alignSelf: 'stretch' }}
                  >
                    {PRIVATE_LABEL_TEXT.saved}
                  </Alert>
                )}
                {failure && (
                  <Alert
                    severity="error"
                    role="alert"
                    data-testid="pl-error"
                    onClose={() => setFailure(null)}
                    sx={{ alignSelf: 'stretch' }}
                  >
                    {failure}
                  </Alert>
                )}
                <SubmitButton data-testid="pl-save">Save</SubmitButton>
              </Stack>
            </CardContent>
          </Card>
        </Stack>
        <PrivateLabelPreview lists={lists} consoleLogoURL={house.consoleLogoURL} houseLogoURL={house.houseLogoURL} />
      </Box>
    </Form>
  );
}

/** A native select of one list (ids as numbers), with a colour swatch for the colour lists. */
function ChoiceSelect({
  source,
  id,
  label,
  options,
  swatch,
}: {
  source: keyof PrivateLabelValues;
  id: string;
  label: string;
  options: [number, string][];
  swatch?: (id: number) => string | undefined;
}) {
  const value = useWatch({ name: source }) as number;
  const hex = swatch?.(Number(value));
  return (
    <FormTextField
      source={source}
      id={id}
      label={label}
      select
      fullWidth
      format={(v) => (v == null ? '' : String(v))}
      parse={(t) => (t === '' ? null : Number(t))}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': id },
        input: hex
          ? {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    data-testid={`${id}-swatch`}
                    data-hex={hex}
                    sx={{ width: 20, height: 20, borderRadius: 0.5, bgcolor: hex, border: 1, borderColor: 'divider' }}
                  />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </FormTextField>
  );
}

function PastAuctionsCheckbox() {
  const { field } = useInput({ source: 'displayPastAuctions', id: 'pl-past-auctions' });
  return (
    <FormControlLabel
      control={
        <Checkbox
          id="pl-past-auctions"
          checked={!!field.value}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { 'data-testid': 'pl-past-auctions', ref: field.ref } as object }}
        />
      }
      label="Display past auctions"
    />
  );
}
