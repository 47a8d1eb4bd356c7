import { useMemo } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../../api/dataProvider';
import { fetchInvoiceAudit } from '../shared/editingApi';
import type { EditableInvoice } from '../shared/editingTypes';
import { auditLine } from './auditText';
import { EDIT_KEYS } from './useEditorData';

/**
 * The invoice's audit trail, newest first: who, when, what changed (before → after). Loaded when
 * opened, and again when the invoice's version moves.
 */
export function HistoryList({ invoice, houseRef, symbol }: { invoice: EditableInvoice; houseRef: string; symbol: string }) {
  const dp = useAppDataProvider();
  const audit = useQuery({
    queryKey: EDIT_KEYS.audit(houseRef, invoice.invoiceID, invoice.version),
    queryFn: () => fetchInvoiceAudit(dp, houseRef, invoice.invoiceID),
    retry: false,
  });
  const lots = useMemo(
    () => new Map((invoice.invoiceDetails ?? []).map((l) => [l.invoiceDetailID, l.lotNumber])),
    [invoice.invoiceDetails],
  );
  const lines = useMemo(
    () => (audit.data?.entries ?? []).map((e) => auditLine(e, symbol, (id) => lots.get(id))),
    [audit.data, symbol, lots],
  );

  if (audit.isPending) {
    return (
      <Box sx={{ px: 2, pb: 1.5 }}>
        <CircularProgress size={16} />
      </Box>
    );
  }
  if (audit.isError) {
    return (
      <Typography variant="body2" color="error" sx={{ px: 2, pb: 1.5 }}>
        The history of this invoice could not be loaded.
      </Typography>
    );
  }
  if (!lines.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }} data-testid="history-empty">
        No changes since the invoice was created.
      </Typography>
    );
  }
  return (
    <Box component="ol" sx={{ m: 0, px: 2, pb: 1.5, listStyle: 'none' }} data-testid="history-list">
      {lines.map((l) => (
        <Box
          component="li"
          key={l.id}
          sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          data-testid="history-entry"
        >
          <Typography variant="body2">
            <Box component="span" sx={{ fontWeight: 600 }}>
              {l.what}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              by {l.who}, {l.when}
            </Box>
          </Typography>
          {l.changes.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2, color: 'text.secondary', fontSize: '0.8125rem' }}>
              {l.changes.map((c, i) => (
                <li key={i}>
                  {c.label}: {c.before} → {c.after}
                </li>
              ))}
            </Box>
          )}
        </Box>
      ))}
      {(audit.data?.totalRecords ?? 0) > lines.length && (
        <Typography component="li" variant="body2" color="text.secondary" sx={{ pt: 0.5 }}>
          The {lines.length} most recent of {audit.data?.totalRecords} changes.
        </Typography>
      )}
    </Box>
  );
}
