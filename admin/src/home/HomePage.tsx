import { Card, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useShellUser } from '../auth/useShellUser';
import { PageTitle } from '../common/PageTitle';
import { ShellLoading } from '../common/ShellLoading';
import { visibleMenu } from '../layout/menuModel';

/** Home (/): a greeting and the in-app screens this user may open. */
export function HomePage() {
  const { user, isPending } = useShellUser();
  if (isPending || !user) return <ShellLoading />;
  const groups = visibleMenu(user)
    .map((g) => ({ ...g, items: (g.items ?? []).filter((i) => i.to) }))
    .filter((g) => g.items.length);
  return (
    <Stack spacing={2} data-testid="home-page">
      <PageTitle title="Home" />
      <Typography variant="h6" component="p">
        Welcome, {user.userName}
      </Typography>
      <Typography color="text.secondary">{user.houseInfo.houseName}</Typography>
      <Grid container spacing={2}>
        {groups.map((g) => (
          <Grid key={g.key} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="subtitle2" component="h2" gutterBottom>
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
    </Stack>
  );
}
