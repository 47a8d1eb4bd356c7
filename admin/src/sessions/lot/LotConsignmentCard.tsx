import { useState } from 'react';
import { Box, Button, Card, CardContent, CardHeader, Link, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutocompleteInput, Form, ReferenceInput, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LOT_CONSIGNMENT_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { currencySymbolOf } from '../../home/currency';
import { formatMoney } from '../../invoices/money';
import { SubmitButton } from '../../kit/SubmitButton';
import { CommissionOverrideDialog } from '../../settlements/detail/CommissionOverrideDialog';
import { overrideCall, overrideLabel } from '../../settlements/detail/ledgerForms';
import { CONSIGNOR_CHOICES, consignmentKey, fetchConsignment, overridePath, saveConsignor, type LotConsignment } from './lotConsignmentApi';

const choiceText = (c: { name: string; email: string | null } | undefined) => (c ? (c.email ? `${c.name} (${c.email})` : c.name) : '');

/**
 * The Lot page's Consignment card (an existing lot): the lot's consignor, picked from the house's
 * consignors and saved on its own (the lot's other fields have their own Save); and, for staff with
 * settlement access, the lot's agreed commission with the settlement screen's dialog and its history.
 * What the server would refuse (no consignor yet, a ready or paid settlement) is said before a click.
 */
export function LotConsignmentCard({ catalogId, lotId }: { catalogId: string; lotId: number }) {
  const dp = useAppDataProvider();
  const { user } = useShellUser();
  const qc = useQueryClient();
  const key = consignmentKey(catalogId, lotId);
  const q = useQuery({ queryKey: key, queryFn: () => fetchConsignment(dp, lotId), retry: false });
  const [alert, setAlert] = useState<string | null>(null);
  const notify = useNotify();
  const saved = (c: LotConsignment) => qc.setQueryData(key, c);

  const submit = async (values: Record<string, unknown>) => {
    setAlert(null);
    const raw = values.consignorId;
    try {
      saved(await saveConsignor(dp, lotId, raw === '' || raw == null ? null : Number(raw)));
      notify('Consignor saved', { type: 'success' });
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      if (f.errors.consignorId) return { consignorId: f.errors.consignorId };
      setAlert(f.message || null);
      return undefined;
    }
  };

  return (
    <Card sx={{ mt: 3 }} data-testid="lot-consignment">
      <CardHeader title="Consignment" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      <CardContent>
        {alert !== null && (
          <Box sx={{ mb: 2 }} role="alert">
            <AppAlert message={alert} onClose={() => setAlert(null)} />
          </Box>
        )}
        {q.isError && <AppAlert />}
        {q.data && (
          <Stack spacing={2}>
            <Form key={String(q.data.consignorId)} defaultValues={{ consignorId: q.data.consignorId }} onSubmit={submit} noValidate>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                <Box sx={{ width: 420, maxWidth: '100%' }}>
                  <ReferenceInput source="consignorId" reference={CONSIGNOR_CHOICES} sort={{ field: 'name', order: 'ASC' }}>
                    <AutocompleteInput label="Consignor" optionText={choiceText} helperText="One of the house's consignors; empty: none." />
                  </ReferenceInput>
                </Box>
                <Box sx={{ pt: 1 }}>
                  <SubmitButton data-testid="lot-consignor-save" sx={{ whiteSpace: 'nowrap' }}>
                    Save Consignor
                  </SubmitButton>
                </Box>
              </Stack>
            </Form>
            {user?.accessSettlement && q.data.override !== undefined && (
              <LotCommission consignment={q.data} symbol={currencySymbolOf(user.houseInfo.currencyCode)} onSaved={saved} />
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function LotCommission({
  consignment: c,
  symbol,
  onSaved,
}: {
  consignment: LotConsignment;
  symbol: string;
  onSaved: (c: LotConsignment) => void;
}) {
  const dp = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const money = (cents: number) => formatMoney(cents, symbol);
  const current = c.override ?? null;
  const s = c.settlement ?? null;
  const refusal =
    c.consignorId == null
      ? LOT_CONSIGNMENT_TEXT.noConsignor
      : s && s.status !== 'draft'
        ? LOT_CONSIGNMENT_TEXT.settledCommission(s.id, s.status)
        : null;
  return (
    <Box data-testid="lot-commission">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography data-testid="lot-commission-value">Commission: {current ? overrideLabel(current, money) : "the plan's"}</Typography>
        {s && (
          <Link component={RouterLink} to={`/settlements/${s.id}`} data-testid="lot-commission-settlement">
            Settlement S-{s.id} ({s.status})
          </Link>
        )}
        <Button variant="outlined" onClick={() => setOpen(true)} disabled={!!refusal} data-testid="lot-commission-change">
          Change Commission
        </Button>
      </Stack>
      {refusal && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="lot-commission-refusal">
          {refusal}
        </Typography>
      )}
      {!!c.history?.length && (
        <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2.5 }} data-testid="lot-commission-history">
          {c.history.map((h) => (
            <Typography component="li" variant="body2" key={h.id}>
              {new Date(h.createdAt).toLocaleString('en-US')}, {h.userName}: {overrideLabel(h.before, money)} {'->'}{' '}
              {overrideLabel(h.after, money)}
              {h.note ? ` (${h.note})` : ''}
            </Typography>
          ))}
        </Box>
      )}
      <CommissionOverrideDialog
        open={open}
        title="Commission of this lot"
        current={current}
        symbol={symbol}
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          const { method, path, body } = overrideCall(overridePath(c.id), v);
          onSaved(await dp.call<LotConsignment>(method, path, body));
          setOpen(false);
        }}
        intro={
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {c.consignorName}: now {overrideLabel(current, money)}.{' '}
            {s ? `Saving recomputes draft settlement S-${s.id}.` : 'The next settlement of the sale uses it.'}
          </Typography>
        }
      />
    </Box>
  );
}
