import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card } from '@mui/material';
import { ANALYTICS_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { PageHeader } from '../../kit/PageHeader';
import { useHouseRef } from '../../invoices/useHouseRef';
import { fetchDashboardEmbed } from './analyticsApi';

const FRAME = 'analytics-dashboard-frame';

/**
 * Analytics dashboard (spec 001 "Analytics dashboard"; route not shown, ours /reports/analytics): the
 * house's embed token from the server's dashboard provider, posted to the provider's embed page in a
 * frame (the token never goes in a URL). The update modal is the shell's new-version dialog.
 */
export function AnalyticsDashboardPage() {
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const embed = useQuery({
    queryKey: ['analytics', 'embed', houseRef],
    queryFn: () => fetchDashboardEmbed(dp, houseRef),
    enabled: houseRef !== '',
    retry: false,
    // Tokens last a day; a fresh one per visit is cheap and never stale.
    gcTime: 0,
  });
  const form = useRef<HTMLFormElement>(null);
  const ready = embed.data?.configured ? embed.data : null;

  useEffect(() => {
    if (ready) form.current?.submit();
  }, [ready]);

  return (
    <Box data-testid="analytics-page">
      <PageHeader title="Analytics Dashboard" />
      {embed.isPending && <ShellLoading />}
      {embed.isError && <AppAlert />}
      {embed.data && !embed.data.configured && (
        <Alert severity="info" data-testid="analytics-not-configured">
          {embed.data.message || ANALYTICS_TEXT.notConfigured}
        </Alert>
      )}
      {ready && (
        <>
          <form ref={form} method="POST" action={ready.embedUrl} target={FRAME} hidden>
            <input type="hidden" name="embedToken" value={ready.embedToken} />
          </form>
          <Card variant="outlined">
            <iframe
              name={FRAME}
              title="Analytics dashboard"
              data-testid="analytics-frame"
              style={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 600, border: 0, display: 'block' }}
            />
          </Card>
        </>
      )}
    </Box>
  );
}
