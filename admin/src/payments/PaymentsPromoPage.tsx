import { Alert, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useAppDataProvider } from '../api/dataProvider';
import { useShellUser } from '../auth/useShellUser';
import { PageHeader } from '../kit/PageHeader';
import { fetchProcessorType } from './paymentsApi';
import { PAYMENTS_PROMO_TEXT as T, processorStateText, promoHref, promoVariant } from './paymentsPromo';

/**
 * The Payments promotion page (/payments, /payments/{action}): a sign-up call to action, or
 * "Book Appointment" when the action is `switch`; the January notice either way.
 */
export function PaymentsPromoPage() {
  const variant = promoVariant(useParams().action);
  const { user } = useShellUser();
  const dp = useAppDataProvider();
  const houseRef = user?.houseInfo.houseRef ?? '';
  const processor = useQuery({
    queryKey: ['payments', 'processorType', houseRef],
    queryFn: () => fetchProcessorType(dp, houseRef),
    enabled: houseRef !== '',
  });
  if (!user) return null;
  const house = user.houseInfo;
  // The shell's copy until the call answers (or if it fails): the page never blocks on it.
  const processorType = processor.data !== undefined ? processor.data : house.processorType;
  const isSwitch = variant === 'switch';
  const headingId = 'payments-promo-heading';

  return (
    <Stack spacing={2} data-testid="payments-promo" data-variant={variant} sx={{ maxWidth: 880 }}>
      <PageHeader title={T.title} />
      <Alert severity="info" data-testid="payments-january">
        {T.january}
      </Alert>
      <Card variant="outlined" component="section" aria-labelledby={headingId}>
        <CardContent>
          <Typography variant="overline" color="text.secondary" data-testid="payments-house">
            {house.houseName}
          </Typography>
          <Typography variant="h5" component="h2" id={headingId} gutterBottom>
            {isSwitch ? T.switchHeading : T.signUpHeading}
          </Typography>
          <Typography sx={{ mb: 1 }}>{isSwitch ? T.switchBody : T.signUpBody}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="payments-processor">
            {processorStateText(processorType, house.paymentProcessingEnabled)}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          {/* A real link: reachable by Tab, opened by Enter, and its new tab announced. */}
          <Button
            variant="contained"
            size="large"
            href={promoHref(variant, house.houseUserName)}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon aria-hidden />}
            aria-label={`${isSwitch ? T.bookAppointment : T.signUp} ${T.opensNewTab}`}
            data-testid="payments-cta"
          >
            {isSwitch ? T.bookAppointment : T.signUp}
          </Button>
        </CardActions>
      </Card>
    </Stack>
  );
}
