import { useState } from 'react';
import { Box, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ReplayIcon from '@mui/icons-material/Replay';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useDropzone } from 'react-dropzone';
import { CATALOG_FILE, checkCatalogFile, SHEET_TEXT } from '@ar/rules';
import { AppAlert } from '../../common/AppAlert';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import type { UploadResult } from './realizedApi';

/** Step 1, state "new": one .csv/.xls/.xlsx file, checked before it is sent (001 section 5). */
export function RealizedFilePicker({ busy, onUpload }: { busy: boolean; onUpload: (file: File) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = (files: File[]) => {
    const f = files[0] ?? null;
    const refusal = files.length > 1 ? 'Please select one file only.' : checkCatalogFile(f && { name: f.name, size: f.size });
    setProblem(refusal);
    setFile(refusal ? null : f);
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop: pick, multiple: false, disabled: busy });
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography>
            Upload a spreadsheet with the columns <b>Lot Number</b>, <b>Extension</b> (optional) and <b>Realized Price</b>. Use zero for an
            unsold item.
          </Typography>
          <Box
            {...getRootProps()}
            data-testid="realized-dropzone"
            sx={{
              border: '2px dashed',
              borderColor: isDragActive ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 4,
              textAlign: 'center',
              cursor: 'pointer',
              bgcolor: isDragActive ? 'action.hover' : undefined,
            }}
          >
            <input
              {...getInputProps({ accept: CATALOG_FILE.types.join(',') })}
              data-testid="realized-file"
              aria-label="Realized prices file"
            />
            <Typography>{file ? file.name : 'Drop your file here, or click to choose one (.csv, .xls, .xlsx)'}</Typography>
          </Box>
          {problem && <AppAlert message={problem} onClose={() => setProblem(null)} />}
          <Toolbar label="Upload">
            <ToolbarButton
              variant="contained"
              icon={<UploadFileIcon />}
              disabled={!file || busy}
              onClick={() => file && onUpload(file)}
              data-testid="realized-upload"
            >
              {busy ? 'Uploading…' : 'Upload'}
            </ToolbarButton>
          </Toolbar>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Step 1, state "uploaded": the banner, warnings and error panels; breaking errors (108, 166) offer only a new upload. */
export function RealizedUploadResult({
  result,
  breaking,
  onAgain,
  onContinue,
}: {
  result: UploadResult;
  breaking: boolean;
  onAgain: () => void;
  onContinue: () => void;
}) {
  const n = result.errors.length;
  return (
    <Stack spacing={2} data-testid="realized-uploaded">
      {n ? <AppAlert message={SHEET_TEXT.uploadFailed(n)} /> : <AppAlert severity="success" message={SHEET_TEXT.success} />}
      {result.warnings.map((w, i) => (
        <AppAlert key={i} severity="warning" message={w.displayMsg} />
      ))}
      {n > 0 && (
        <Card variant="outlined" data-testid="realized-errors">
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Errors
            </Typography>
            <List dense>
              {result.errors.map((e, i) => (
                <ListItem key={i} disableGutters>
                  <ListItemText
                    primary={e.displayMsg}
                    secondary={[e.row !== null && `Row ${e.row}`, e.lotNumber && `Lot ${e.lotNumber}`, `Code ${e.errorCode}`]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}
      <Toolbar label="Upload result">
        <ToolbarButton icon={<ReplayIcon />} onClick={onAgain} data-testid="realized-again">
          Go Back and Upload Again
        </ToolbarButton>
        {!breaking && (
          <ToolbarButton variant="contained" icon={<ArrowForwardIcon />} onClick={onContinue} data-testid="realized-continue">
            Continue
          </ToolbarButton>
        )}
      </Toolbar>
    </Stack>
  );
}
