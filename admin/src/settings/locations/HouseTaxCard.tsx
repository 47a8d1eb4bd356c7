import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { VAT_TEXT, vatRateError } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { readApiError } from '../../common/apiError';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { FormTextField } from '../../kit/FormTextField';
import { SubmitButton } from '../../kit/SubmitButton';

/** `/api/house-tax`: the house's tax settings (the VAT rate as text, null for none). */
interface HouseTax {
  id: string;
  vatRate: string | null;
}

const HOUSE_TAX_KEY = ['houseTax'] as const;

const validate = (v: FieldValues) => {
  const message = vatRateError(v.vatRate);
  return message ? { vatRate: message } : {};
};

/**
 * The house's VAT rate on the Locations page (docs/decisions.md, "VAT rate on the Locations page"):
 * blank for none, else 0-100 % with up to three decimals, checked with the server's rule; the
 * session definition answers it as `vat`.
 */
export function HouseTaxCard() {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const tax = useQuery({ queryKey: HOUSE_TAX_KEY, queryFn: () => dp.call<HouseTax>('GET', '/api/house-tax') });

  const submit = async (values: FieldValues) => {
    try {
      const saved = await dp.call<HouseTax>('PUT', '/api/house-tax', { vatRate: String(values.vatRate ?? '').trim() });
      queryClient.setQueryData(HOUSE_TAX_KEY, saved);
      notify(VAT_TEXT.saved, { type: 'success' });
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      if (f.status === 400 && f.errors) return f.errors;
      notify(f.message ?? 'Unable to save the VAT rate.', { type: 'error' });
      return undefined;
    }
  };

  return (
    <Card variant="outlined" data-testid="house-tax">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {VAT_TEXT.title}
        </Typography>
        {tax.error ? (
          <ErrorAlert error={tax.error} />
        ) : tax.data ? (
          <Form
            defaultValues={{ vatRate: tax.data.vatRate ?? '' }}
            onSubmit={submit}
            validate={validate}
            mode="onTouched"
            noValidate
            sanitizeEmptyValues={false}
            disableInvalidFormNotification
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
              <FormTextField
                source="vatRate"
                id="house-vat-rate"
                label={VAT_TEXT.label}
                helperText={VAT_TEXT.help}
                inputMode="decimal"
                size="small"
                sx={{ width: 320 }}
                slotProps={{ htmlInput: { maxLength: 8 } }}
              />
              <SubmitButton sx={{ mt: 0.25 }} data-testid="save-vat-rate">
                Save
              </SubmitButton>
            </Box>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
