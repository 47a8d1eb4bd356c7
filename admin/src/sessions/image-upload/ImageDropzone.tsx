import { useEffect, useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/AddPhotoAlternate';
import { useDropzone } from 'react-dropzone';
import { AppAlert } from '../../common/AppAlert';
import { IMAGE_STEP_TEXT as T } from './imageStepText';

/** navigator.onLine, kept current by the online/offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The drop-or-pick area of the image step and the Lot page, with the spec's offline rule: "Going
 * offline when dropping files shows an offline notice and the drop is ignored"; while offline a
 * notice stays up (uploads resume when the connection is back). Test ids: `{testId}-dropzone`,
 * `{testId}-file-input`, `{testId}-offline`.
 */
export function ImageDropzone({
  onFiles,
  testId,
  hint = T.limits,
  disabled = false,
  compact = false,
}: {
  onFiles: (files: File[]) => void;
  testId: string;
  hint?: string;
  disabled?: boolean;
  compact?: boolean;
}) {
  const online = useOnline();
  const [offlineDrop, setOfflineDrop] = useState(false);
  useEffect(() => {
    if (online) setOfflineDrop(false);
  }, [online]);
  const onDrop = (files: File[]) => {
    if (!navigator.onLine) return setOfflineDrop(true);
    setOfflineDrop(false);
    onFiles(files);
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop, multiple: true, disabled });
  return (
    <Stack spacing={1}>
      {(!online || offlineDrop) && (
        <Box data-testid={`${testId}-offline`} role="alert">
          <AppAlert severity="warning" message={offlineDrop ? T.offlineDrop : T.offline} />
        </Box>
      )}
      <Box
        {...getRootProps()}
        data-testid={`${testId}-dropzone`}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 1,
          bgcolor: isDragActive ? 'action.hover' : 'background.default',
          p: compact ? 2 : 4,
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <input {...getInputProps({ accept: '.jpg,.jpeg,.png' })} data-testid={`${testId}-file-input`} aria-label="Image files" />
        <UploadIcon color="action" sx={{ fontSize: compact ? 32 : 40 }} aria-hidden />
        <Typography variant="body1">{T.dropPrompt}</Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
    </Stack>
  );
}
