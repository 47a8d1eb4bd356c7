import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Box, Button, CircularProgress, GlobalStyles, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import type { InvoicePreview } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { INVOICE_TEXT } from '../invoiceTexts';
import { InvoiceDocument } from '../preview/InvoiceDocument';
import { fetchInvoicePreviews } from '../preview/previewApi';
import { retryUnlessRefused } from '../preview/previewNav';
import { INVOICE_KEYS, useHouseRef } from '../useHouseRef';

/** Printed in invoice-number order, whatever the order of the ids. */
const byInvoiceNumber = (list: InvoicePreview[]) => [...list].sort((a, b) => a.invoiceNumber - b.invoiceNumber);

export interface PrintViewProps {
  groupId: number;
  groupTitle: string;
  /** The invoices to print; null while the caller still gathers them (Print all). */
  invoiceIds: readonly number[] | null;
  /** The caller could not gather the ids. */
  error?: string | null;
  onClose: () => void;
}

/**
 * The print-optimised invoice view (Print all / Print selected of Invoice Group Details, Print of
 * Edit Invoices): the invoices' previews (`invoicePreview`, the data the mail and the PDF are drawn
 * from) drawn by the preview's `InvoiceDocument`, one invoice per printed page, by invoice number. The document model
 * leaves hidden lots out, marks restricted ones and heads the page with the template's location.
 * It covers the screen above the app; when printing, only it is printed.
 */
export function PrintView({ groupId, groupTitle, invoiceIds, error, onClose }: PrintViewProps) {
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();
  const previews = useQuery({
    queryKey: [...INVOICE_KEYS.all, 'preview', houseRef, groupId, invoiceIds],
    queryFn: () => fetchInvoicePreviews(dp, houseRef, groupId, invoiceIds ?? []),
    enabled: houseRef !== '' && !!invoiceIds?.length,
    // Printed as the invoices are now (an edit just saved shows).
    staleTime: 0,
    select: byInvoiceNumber,
    retry: retryUnlessRefused,
  });
  const invoices = invoiceIds?.length === 0 ? [] : previews.data;
  const failed = error ?? (previews.isError ? INVOICE_TEXT.loadError : null);

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  return createPortal(
    <Box
      className="ar-print-view"
      role="dialog"
      aria-modal="true"
      aria-label="Print invoices"
      data-testid="print-view"
      sx={{ position: 'fixed', inset: 0, zIndex: 1400, overflow: 'auto', bgcolor: '#e9ebef', color: '#000' }}
    >
      <GlobalStyles
        styles={{
          '@page': { margin: '12mm' },
          '@media print': {
            'body > *:not(.ar-print-view)': { display: 'none !important' },
            'body, html': { overflow: 'visible !important', background: '#fff !important' },
            '.ar-print-view': { position: 'static !important', overflow: 'visible !important', background: '#fff !important' },
            '.ar-print-toolbar': { display: 'none !important' },
            '.ar-print-pages': { padding: '0 !important', display: 'block !important' },
            '.ar-print-page': { breakAfter: 'page' },
            '.ar-print-page:last-of-type': { breakAfter: 'auto' },
            '.ar-print-page .ar-preview-page': {
              boxShadow: 'none !important',
              padding: '0 !important',
              maxWidth: 'none !important',
            },
          },
        }}
      />
      <Box
        className="ar-print-toolbar"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 1,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 3,
          py: 1.5,
          bgcolor: '#fff',
          borderBottom: '1px solid #ccd',
        }}
      >
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          {invoices ? `${invoices.length} invoice${invoices.length === 1 ? '' : 's'} · ${groupTitle}` : groupTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
          {INVOICE_TEXT.printNote}
        </Typography>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          disabled={!!failed || !invoices?.length}
          data-testid="print-now"
        >
          Print
        </Button>
        <Button onClick={onClose} data-testid="print-close">
          Close
        </Button>
      </Box>
      {failed ? (
        <Typography color="error" sx={{ p: 4 }}>
          {failed}
        </Typography>
      ) : !invoices ? (
        <Box sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading invoices" />
        </Box>
      ) : (
        <Box className="ar-print-pages" sx={{ display: 'grid', gap: 3, p: { xs: 1, sm: 3 } }}>
          {invoices.map((p) => (
            <div key={p.invoiceID} className="ar-print-page" data-testid={`printed-invoice-${p.invoiceID}`}>
              <InvoiceDocument preview={p} />
            </div>
          ))}
        </Box>
      )}
    </Box>,
    document.body,
  );
}
