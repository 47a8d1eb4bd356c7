import { useEffect, useRef, useState } from 'react';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useAppDataProvider } from '../../api/dataProvider';
import { downloadUrl } from '../../common/downloadFile';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { fetchInvoicePdfJob, startInvoicePdf } from './invoicePdfApi';

const POLL_MS = 700;
export const PDF_FAILED = 'The PDF could not be made. Please try again.';

/**
 * Invoice Group Details' "Download PDF (all/selected)": starts the job invoice-pdf for the selected
 * invoices (none: the whole group), shows its progress on the button while polling /api/jobs/{id},
 * and downloads the file when it is done.
 */
export function DownloadPdfButton({
  houseRef,
  groupId,
  selectedIds,
  onError,
}: {
  houseRef: string;
  groupId: number;
  selectedIds: readonly number[];
  onError: (message: string | null) => void;
}) {
  const dp = useAppDataProvider();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const run = async () => {
    onError(null);
    setProgress({ done: 0, total: 0 });
    try {
      const jobId = await startInvoicePdf(dp, houseRef, groupId, selectedIds);
      while (alive.current) {
        const job = await fetchInvoicePdfJob(dp, jobId);
        if (!alive.current) return;
        setProgress({ done: job.progress.done, total: job.progress.total });
        if (job.status === 'completed' && job.result) {
          downloadUrl(job.result.downloadUrl, job.result.fileName);
          break;
        }
        if (job.status === 'failed') throw new Error(job.error ?? PDF_FAILED);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch {
      if (alive.current) onError(PDF_FAILED);
    } finally {
      if (alive.current) setProgress(null);
    }
  };

  return (
    <ToolbarButton
      icon={<PictureAsPdfIcon />}
      onClick={() => void run()}
      disabled={progress !== null}
      aria-busy={progress !== null}
      data-testid="download-pdf"
    >
      {progress
        ? `Making PDF… ${progress.total ? `${progress.done} of ${progress.total}` : ''}`.trim()
        : `Download PDF (${selectedIds.length ? 'selected' : 'all'})`}
    </ToolbarButton>
  );
}
