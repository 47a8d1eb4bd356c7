import { Avatar, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { SessionDefinitionView } from '@ar/rules';
import { StatusChip } from '../../kit/StatusChip';

const place = (d: SessionDefinitionView) => [d.city, d.state, d.country].filter(Boolean).join(', ');
const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

/** The preview's house header (logo, name, city/state/country, phone) and, for live and timed, the session line. */
export function SessionHeader({ d }: { d: SessionDefinitionView }) {
  return (
    <Card variant="outlined" data-testid="session-header">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          {d.houseLogo ? (
            <Box component="img" src={d.houseLogo} alt={`${d.houseName} logo`} sx={{ maxHeight: 64, maxWidth: 220 }} />
          ) : (
            <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }} aria-hidden>
              {initials(d.houseName)}
            </Avatar>
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="p" data-testid="house-name">
              {d.houseName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[place(d), d.telNo].filter(Boolean).join(' · ') || '—'}
            </Typography>
          </Box>
          {d.saleType !== 'bin' && (
            <Box sx={{ textAlign: { sm: 'right' } }} data-testid="session-line">
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                {d.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {d.houseName} · {d.dateTimeDisplay}
              </Typography>
              <StatusChip label={d.isTimed ? 'Timed' : 'Live'} tone="info" data-testid="session-kind" />
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
