import { Box, Card, CardActionArea, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { canAccess } from '../access/canAccess';
import { useAppDataProvider } from '../api/dataProvider';
import { useShellUser } from '../auth/useShellUser';
import { AppAlert } from '../common/AppAlert';
import { PageTitle } from '../common/PageTitle';
import { ShellLoading } from '../common/ShellLoading';
import { visibleMenu } from '../layout/menuModel';
import { currencySymbolOf } from './currency';
import { chartCurrency, greetingName, homeTasks, type HomeSummary } from './homeSummary';
import { MonthsChart } from './MonthsChart';

/**
 * Home (/): the staff's start page. A greeting by first name; what needs doing with counts that
 * link to the screens (uninvoiced sessions, unsent and unpaid invoices with amounts); invoiced vs
 * collected per month; and the screens this user may open. One call: GET home-summary. Open
 * disputes and upcoming sales join the tasks once those screens exist.
 */
export function HomePage() {
  const { user, isPending } = useShellUser();
  const dp = useAppDataProvider();
  const houseRef = user?.houseInfo.houseRef ?? '';
  const invoices = canAccess(user, 'invoices');
  const summary = useQuery({
    queryKey: ['app', 'home-summary', houseRef],
    queryFn: async () => (await dp.call<{ data: HomeSummary }>('GET', `/app/house/${encodeURIComponent(houseRef)}/home-summary`)).data,
    enabled: invoices && houseRef !== '',
    retry: false,
  });
  if (isPending || !user) return <ShellLoading />;
  const groups = visibleMenu(user)
    .map((g) => ({ ...g, items: (g.items ?? []).filter((i) => i.to) }))
    .filter((g) => g.items.length);
  const months = summary.data?.months ?? [];
  const currency = chartCurrency(months, user.houseInfo.currencyCode || 'USD');
  return (
    <Stack spacing={3} data-testid="home-page">
      <PageTitle title="Home" />
      <Box>
        <Typography variant="h6" component="p" data-testid="home-greeting">
          Welcome, {greetingName(user)}
        </Typography>
        <Typography color="text.secondary">{user.houseInfo.houseName}</Typography>
      </Box>
      {invoices && (
        <Box component="section" aria-labelledby="home-todo">
          <Typography id="home-todo" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            What needs doing
          </Typography>
          {summary.isError ? (
            <AppAlert message="The summary could not be loaded. Please reload the page." />
          ) : (
            <Grid container spacing={2}>
              {(summary.data ? homeTasks(summary.data) : []).map((t) => (
                <Grid key={t.key} size={{ xs: 12, sm: 4 }}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea component={RouterLink} to={t.to} data-testid={`home-task-${t.key}`} sx={{ height: '100%' }}>
                      <CardContent>
                        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="home-task-count">
                          {t.count.toLocaleString('en-US')}
                        </Typography>
                        <Typography sx={{ fontWeight: 600 }}>{t.label}</Typography>
                        <Typography variant="body2" color="text.secondary" data-testid="home-task-detail">
                          {t.detail}
                        </Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
            </Grid>
          )}
        </Box>
      )}
      {invoices && months.length > 0 && (
        <Card variant="outlined" component="section" aria-labelledby="home-chart-title">
          <CardContent>
            <Typography id="home-chart-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              Invoiced vs collected ({currency})
            </Typography>
            <MonthsChart months={months.filter((m) => m.currencyCode === currency)} symbol={currencySymbolOf(currency)} />
          </CardContent>
        </Card>
      )}
      <Box component="section" aria-labelledby="home-screens">
        <Typography id="home-screens" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Your screens
        </Typography>
        <Grid container spacing={2}>
          {groups.map((g) => (
            <Grid key={g.key} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="subtitle2" component="h3" gutterBottom>
                    {g.label}
                  </Typography>
                  <Stack spacing={0.5}>
                    {g.items.map((i) => (
                      <Link key={i.key} component={RouterLink} to={i.to!} underline="hover">
                        {i.label}
                      </Link>
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>
    </Stack>
  );
}
