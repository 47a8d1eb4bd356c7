import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useGetOne } from 'react-admin';
import type { Invoice } from '../invoiceApi';
import { INVOICE_TEXT } from '../invoiceTexts';
import { formatMoney } from '../money';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The lots of one invoice, read when its row is opened (`GET /api/invoices/:id`): list rows come
 * without lines, so a page of 200 invoices does not carry thousands of lots nobody looks at.
 */
export function InvoiceLines({ id, invoiceNumber, symbol }: { id: number; invoiceNumber: number; symbol: string }) {
  const { data, error } = useGetOne<Invoice & { id: number }>('invoices', { id }, { retry: false });
  // react-admin seeds getOne's cache with the list row, which has no lines: wait for the invoice itself.
  const lines = data?.invoiceDetails;
  if (error) return <Alert severity="error">{INVOICE_TEXT.loadError}</Alert>;
  if (!lines)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
        <CircularProgress size={20} aria-label={`Loading the lots of invoice ${invoiceNumber}`} />
      </Box>
    );
  return (
    <Table size="small" aria-label={`Lots of invoice ${invoiceNumber}`} data-testid="invoice-lines">
      <TableHead>
        <TableRow>
          <TableCell>Lot #</TableCell>
          <TableCell>Title</TableCell>
          <TableCell align="right">Hammer</TableCell>
          <TableCell align="right">Premium</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.invoiceDetailID} data-testid="invoice-line" sx={l.suppress ? { opacity: 0.6 } : undefined}>
            <TableCell sx={num}>{l.lotNumber}</TableCell>
            <TableCell>{l.suppress ? `${l.lotTitle} (hidden)` : l.lotTitle}</TableCell>
            <TableCell align="right" sx={num}>
              {formatMoney(l.priceInfoCents.hammer, symbol)}
            </TableCell>
            <TableCell align="right" sx={num}>
              {formatMoney(l.priceInfoCents.premium, symbol)}
            </TableCell>
            <TableCell align="right" sx={num}>
              {formatMoney(l.totalAmountCents, symbol)}
            </TableCell>
            <TableCell>{l.itemStatus}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
