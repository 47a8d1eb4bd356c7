import { Alert, Stack } from '@mui/material';
import { CALENDAR_TEXT, SUMMARY_TEXT as T, type SessionSummary } from '@ar/rules';

/** The summary's banner alerts (spec 001 section 8 "Summary banners") and the two-hour lock warning. */
export function SummaryBanners({ s }: { s: SessionSummary }) {
  const live = s.lots.filter((l) => !l.deleted);
  const items: { key: string; severity: 'error' | 'warning' | 'info'; text: string }[] = [];
  if (s.sessionDefinition.in2Hours) items.push({ key: 'in2Hours', severity: 'warning', text: CALENDAR_TEXT.in2Hours });
  if (s.bannedlots.length) items.push({ key: 'banned', severity: 'error', text: T.bannedBanner(s.bannedlots.length) });
  if (s.potentiallybannedlots.length)
    items.push({ key: 'potentiallyBanned', severity: 'warning', text: T.potentiallyBannedBanner(s.potentiallybannedlots.length) });
  const unpublished = s.unpublishedlots.length + s.unpublishedlotsWithInvNumber.length;
  if (unpublished) items.push({ key: 'unpublished', severity: 'info', text: T.unpublishedBanner(unpublished) });
  if (s.restrictedlots.length) items.push({ key: 'restricted', severity: 'warning', text: T.restrictedBanner(s.restrictedlots.length) });
  if (live.length && s.lotswithoutimages)
    items.push({ key: 'withoutImages', severity: 'info', text: T.withoutImagesBanner(s.lotswithoutimages) });
  if (s.unlottedlots.length) items.push({ key: 'unlotted', severity: 'error', text: T.unlotted });
  if (!items.length) return null;
  return (
    <Stack spacing={1} data-testid="summary-banners">
      {items.map((b) => (
        <Alert key={b.key} severity={b.severity} data-testid={`banner-${b.key}`}>
          {b.text}
        </Alert>
      ))}
    </Stack>
  );
}
