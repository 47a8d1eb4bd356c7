import { useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useDropzone, type FileRejection } from 'react-dropzone';
import {
  checkPickedFiles,
  sheetJobProgress,
  UPLOAD_FORMATS,
  UPLOAD_ITEMS_TEXT as T,
  uploadOutcome,
  type UploadFormat,
  type UploadOutcome,
} from '@ar/rules';
import { AppAlert } from '../../common/AppAlert';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { followSheetJob, uploadSheet, type SheetJobProgress } from './uploadItemsApi';

/**
 * The upload itself (spec 001 "upload items"): the file format radios, one file dropped or picked,
 * the pre-upload check with the spec's messages (@ar/rules checkPickedFiles), then the upload with
 * its 120 s timeout. A large file is read as a job on the server: its progress shows (percent and
 * rows) until it ends. The outcome (banner, panels, list) goes to the step.
 */
export function UploadPanel({
  saleType,
  catalogId,
  onOutcome,
  onBusy,
}: {
  saleType: 'live' | 'timed' | 'bin';
  catalogId: string;
  onOutcome: (o: UploadOutcome) => void;
  /** An upload started (true) or ended (false): the step holds its Skip & Continue meanwhile. */
  onBusy?: (busy: boolean) => void;
}) {
  const [format, setFormat] = useState<UploadFormat>('standard');
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<SheetJobProgress | null>(null);
  const pick = (accepted: File[], rejected: FileRejection[]) => {
    const files = [...accepted, ...rejected.map((r) => r.file)];
    const message = checkPickedFiles(files);
    setRefusal(message);
    setFile(message ? null : files[0]);
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop: pick, multiple: false, disabled: busy });
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    onBusy?.(true);
    try {
      const answer = await uploadSheet(saleType, format, catalogId, file);
      onOutcome(uploadOutcome(await followSheetJob(answer, setJob)));
    } finally {
      setBusy(false);
      onBusy?.(false);
      setJob(null);
    }
  };
  return (
    <Card variant="outlined" data-testid="upload-panel">
      <CardContent>
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id="upload-format-label">File format</FormLabel>
            <RadioGroup
              row
              aria-labelledby="upload-format-label"
              value={format}
              onChange={(e) => setFormat(e.target.value as UploadFormat)}
            >
              {UPLOAD_FORMATS.map((f) => (
                <FormControlLabel
                  key={f.id}
                  value={f.id}
                  control={<Radio slotProps={{ input: { 'data-testid': `upload-format-${f.id}` } as object }} />}
                  label={f.label}
                  disabled={busy}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Box
            {...getRootProps()}
            data-testid="upload-dropzone"
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: isDragActive ? 'primary.main' : 'divider',
              borderRadius: 1,
              bgcolor: isDragActive ? 'action.hover' : 'background.default',
              p: 4,
              textAlign: 'center',
              cursor: busy ? 'default' : 'pointer',
            }}
          >
            <input {...getInputProps({ accept: '.csv,.xls,.xlsx' })} data-testid="upload-file-input" aria-label="Spreadsheet file" />
            <UploadIcon color="action" sx={{ fontSize: 40 }} aria-hidden />
            <Typography variant="body1">{T.dropPrompt}</Typography>
            {file && (
              <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="upload-file-name" title={file.name}>
                {file.name.length > 50 ? `${file.name.slice(0, 50)}…` : file.name}
              </Typography>
            )}
          </Box>
          {refusal && (
            <Box role="alert" data-testid="upload-refusal">
              <AppAlert message={refusal} />
            </Box>
          )}
          {busy && !job && <LinearProgress aria-label="Uploading" data-testid="upload-progress" />}
          {busy && job && <JobProgress progress={job} />}
          <Box>
            <ToolbarButton
              variant="contained"
              icon={<UploadIcon />}
              disabled={!file || busy}
              onClick={() => void upload()}
              data-testid="upload-submit"
            >
              Upload
            </ToolbarButton>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A queued read of a large file: determinate once the rows are counted. */
function JobProgress({ progress }: { progress: SheetJobProgress }) {
  const { percent, text } = sheetJobProgress(progress);
  return (
    <Box data-testid="upload-job-progress">
      <Typography variant="body2" sx={{ mb: 0.5 }} aria-live="polite" data-testid="upload-job-text">
        {percent === null ? text : `${text} (${percent}%)`}
      </Typography>
      <LinearProgress
        aria-label="Reading the spreadsheet"
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
      />
    </Box>
  );
}
