import { Box } from '@mui/material';

/** The tag's look (also given to a plain span by tables that style their rows at the table). */
export const PLATFORM_TAG_SX = {
  ml: 0.75,
  px: 0.6,
  py: 0.1,
  fontSize: '0.7rem',
  fontWeight: 600,
  borderRadius: 0.5,
  border: 1,
  borderColor: 'divider',
  color: 'text.secondary',
  verticalAlign: 'middle',
  whiteSpace: 'nowrap',
} as const;

/** The bidder's platform beside the name: INV, PL, AZ or Floor (spec 000 section 1). */
export function PlatformTag({ platform }: { platform: string }) {
  if (!platform) return null;
  return (
    <Box component="span" data-testid="platform-tag" sx={PLATFORM_TAG_SX}>
      {platform}
    </Box>
  );
}
