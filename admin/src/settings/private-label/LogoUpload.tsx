import { useId, useState } from 'react';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { LOGO_MAX_BYTES, LOGO_SPECS, PRIVATE_LABEL_TEXT, type LogoKind } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { readApiError } from '../../common/apiError';
import { useHouseRef } from '../../invoices/useHouseRef';
import { uploadLogo, type IbSettingsHouse } from './privateLabelApi';

const PATHS: Record<LogoKind, 'console-logo' | 'logo'> = { console: 'console-logo', site: 'logo' };

/**
 * One logo: what is stored now (at its real size), and a JPG chooser that uploads at once. The
 * server decides on the bytes; its message (the spec's) shows under the logo.
 */
export function LogoUpload({ kind, url, onUploaded }: { kind: LogoKind; url: string | null; onUploaded: (h: IbSettingsHouse) => void }) {
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();
  const spec = LOGO_SPECS[kind];
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setDone(false);
    if (file.size > LOGO_MAX_BYTES) {
      setError(PRIVATE_LABEL_TEXT.tooLarge);
      return;
    }
    setBusy(true);
    try {
      onUploaded(await uploadLogo(dp, houseRef, PATHS[kind], file));
      setDone(true);
    } catch (err) {
      const f = readApiError(err);
      setError(f.status === 413 ? PRIVATE_LABEL_TEXT.tooLarge : (f.errors.file ?? f.message ?? spec.message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid={`pl-logo-${kind}`}>
      <Typography variant="subtitle2" component="h3">
        {spec.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        JPG, exactly {spec.width} x {spec.height} pixels
      </Typography>
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box
          sx={{
            width: spec.width,
            maxWidth: '100%',
            aspectRatio: `${spec.width} / ${spec.height}`,
            border: 1,
            borderColor: 'divider',
            borderStyle: url ? 'solid' : 'dashed',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'grey.50',
            overflow: 'hidden',
          }}
        >
          {url ? (
            <img
              src={url}
              alt={`Current ${spec.label.toLowerCase()}`}
              width={spec.width}
              height={spec.height}
              style={{ maxWidth: '100%', height: 'auto' }}
              data-testid={`pl-logo-${kind}-img`}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              No logo yet
            </Typography>
          )}
        </Box>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} aria-label="Uploading" /> : <UploadIcon />}
          disabled={busy}
        >
          {url ? 'Replace' : 'Upload'} {spec.label.toLowerCase()}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,.jpg,.jpeg"
            hidden
            data-testid={`pl-logo-${kind}-input`}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
      </Stack>
      {error && (
        <FormHelperText error role="alert" data-testid={`pl-logo-${kind}-error`}>
          {error}
        </FormHelperText>
      )}
      {done && !error && (
        <FormHelperText role="status" data-testid={`pl-logo-${kind}-done`}>
          {PRIVATE_LABEL_TEXT.uploaded(kind)}
        </FormHelperText>
      )}
    </Box>
  );
}
