import { useMemo, useState } from 'react';
import { Box, Button, Card, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, TextField, useList, useNotify } from 'react-admin';
import { useAppDataProvider } from '../../api/dataProvider';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { Money } from '../../kit/MoneyCell';
import { StatusChip } from '../../kit/StatusChip';
import { TotalsStrip } from '../../kit/TotalsStrip';
import { fetchPaymentsPanel, PAYMENTS_KEYS, type PaymentRow, type PaymentsPanelData } from './paymentsApi';
import { kindText, statusChip } from './paymentsPanel';
import { PaymentActionDialog } from './PaymentActionDialog';

export interface PaymentsDialogProps {
  open: boolean;
  invoiceId: number;
  invoiceNumber: number;
  houseRef: string;
  symbol: string;
  /** After a refund or a void: the invoice's block reloads (balance, status, history). */
  onChanged: () => void;
  onClose: () => void;
}

/**
 * The payments panel of one invoice (issue 11, "A payments panel on each invoice"): its total,
 * payments made and balance, and every ledger row (payments and refunds, voided ones marked), with
 * Refund on card/ACH payments and Void on offline ones. Payment users only (the caller checks).
 */
export function PaymentsDialog({ open, ...rest }: PaymentsDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={rest.onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="payments-dialog-title"
      data-testid="payments-dialog"
    >
      {open && <PaymentsPanel {...rest} />}
    </Dialog>
  );
}

function PaymentsPanel({ invoiceId, invoiceNumber, houseRef, symbol, onChanged, onClose }: Omit<PaymentsDialogProps, 'open'>) {
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const notify = useNotify();
  const [action, setAction] = useState<{ mode: 'refund' | 'void'; row: PaymentRow } | null>(null);
  const key = PAYMENTS_KEYS.panel(houseRef, invoiceId);
  const panel = useQuery({ queryKey: key, queryFn: () => fetchPaymentsPanel(dp, houseRef, invoiceId), staleTime: 0, retry: false });
  const rows = useMemo(() => panel.data?.payments ?? [], [panel.data]);
  const list = useList<PaymentRow>({ data: rows, isPending: panel.isPending, resource: 'invoice-payments', perPage: 1000 });

  const done = (fresh: PaymentsPanelData, message: string) => {
    qc.setQueryData(key, fresh);
    setAction(null);
    notify(message, { type: 'success' });
    onChanged();
  };

  return (
    <>
      <DialogTitle id="payments-dialog-title">Payments · Invoice #{invoiceNumber}</DialogTitle>
      <DialogContent>
        {panel.isError ? (
          <ErrorAlert error={panel.error} notFound="This invoice was not found." />
        ) : !panel.data ? (
          <Box sx={{ py: 2 }}>
            <CircularProgress size={20} aria-label="Loading payments" />
          </Box>
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                Status:
              </Typography>
              <span data-testid="payments-status">{panel.data.invoiceStatus}</span>
            </Box>
            <TotalsStrip
              testId="payments-totals"
              symbol={symbol}
              items={[
                { label: 'Invoice Total', value: panel.data.invoiceTotalCents, money: true, testId: 'payments-total' },
                { label: 'Payments Made', value: panel.data.paymentsMadeCents, money: true, testId: 'payments-made' },
                { label: 'Balance', value: panel.data.balanceCents, money: true, testId: 'payments-balance' },
              ]}
            />
            {rows.length === 0 ? (
              <Typography variant="body2" color="text.secondary" data-testid="payments-empty">
                No payments have been recorded on this invoice.
              </Typography>
            ) : (
              <Card variant="outlined" sx={{ overflowX: 'auto' }}>
                <ResourceContextProvider value="invoice-payments">
                  <ListContextProvider value={list}>
                    <Datagrid
                      bulkActionButtons={false}
                      rowClick={false}
                      data-testid="payments-table"
                      sx={{ '& .RaDatagrid-row': { verticalAlign: 'top' } }}
                    >
                      <TextField source="dateString" label="Date" sortable={false} />
                      <FunctionField<PaymentRow>
                        label="Kind"
                        render={(r) => (
                          <span data-testid="payment-kind" style={{ whiteSpace: 'nowrap' }}>
                            {kindText(r)}
                            {r.lotNumber ? ` · Lot ${r.lotNumber}` : ''}
                          </span>
                        )}
                      />
                      <TextField source="method" label="Method" sortable={false} emptyText="—" />
                      <FunctionField<PaymentRow>
                        label="Amount"
                        textAlign="right"
                        render={(r) => (
                          <span
                            data-testid="payment-amount"
                            title={r.voided ? 'Voided: not counted' : undefined}
                            style={{ whiteSpace: 'nowrap', textDecoration: r.voided ? 'line-through' : undefined }}
                          >
                            {r.kind === 'refund' ? '−' : ''}
                            <Money cents={r.amountCents} symbol={symbol} />
                          </span>
                        )}
                      />
                      <FunctionField<PaymentRow>
                        label="Status"
                        render={(r) => {
                          const chip = statusChip(r);
                          return <StatusChip label={chip.label} tone={chip.tone} data-testid="payment-status" />;
                        }}
                      />
                      <TextField source="gatewayReference" label="Reference" sortable={false} emptyText="—" />
                      <TextField source="userName" label="By" sortable={false} emptyText="—" />
                      <FunctionField<PaymentRow>
                        label="Reason"
                        render={(r) => (
                          <Box component="span" sx={{ display: 'block', maxWidth: 220, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                            {r.voided ? `Voided${r.voidedBy ? ` by ${r.voidedBy}` : ''}: ${r.voidReason ?? ''}` : (r.reason ?? '—')}
                          </Box>
                        )}
                      />
                      <FunctionField<PaymentRow>
                        label="Refundable"
                        textAlign="right"
                        render={(r) =>
                          r.kind === 'payment' && r.source !== 'offline' ? <Money cents={r.refundableCents} symbol={symbol} /> : '—'
                        }
                      />
                      <FunctionField<PaymentRow>
                        label="Actions"
                        render={(r) => (
                          <Box sx={{ display: 'flex', gap: 1 }}>
                            {r.canRefund && (
                              <Button
                                size="small"
                                variant="outlined"
                                onClick={() => setAction({ mode: 'refund', row: r })}
                                data-testid="payment-refund"
                              >
                                Refund
                              </Button>
                            )}
                            {r.canVoid && (
                              <Button
                                size="small"
                                variant="outlined"
                                color="error"
                                onClick={() => setAction({ mode: 'void', row: r })}
                                data-testid="payment-void"
                              >
                                Void
                              </Button>
                            )}
                            {r.refundInProgress && (
                              <Typography variant="caption" color="text.secondary">
                                Refund in progress
                              </Typography>
                            )}
                          </Box>
                        )}
                      />
                    </Datagrid>
                  </ListContextProvider>
                </ResourceContextProvider>
              </Card>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="payments-close">
          Close
        </Button>
      </DialogActions>
      <PaymentActionDialog
        action={action}
        houseRef={houseRef}
        invoiceId={invoiceId}
        symbol={symbol}
        onDone={done}
        onClose={() => setAction(null)}
      />
    </>
  );
}
