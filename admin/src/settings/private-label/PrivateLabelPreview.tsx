import { Box, Card, CardContent, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { LOGO_SPECS } from '@ar/rules';
import type { ChoiceLists } from './privateLabelApi';

/** A few words of the site in each language, so the preview shows the language choice. */
const WORDS: Record<string, { upcoming: string; past: string; bid: string; lot: string }> = {
  en: { upcoming: 'Upcoming auctions', past: 'Past auctions', bid: 'Bid now', lot: 'Lot' },
  fr: { upcoming: 'Ventes à venir', past: 'Ventes passées', bid: 'Enchérir', lot: 'Lot' },
  de: { upcoming: 'Kommende Auktionen', past: 'Vergangene Auktionen', bid: 'Jetzt bieten', lot: 'Los' },
  es: { upcoming: 'Próximas subastas', past: 'Subastas pasadas', bid: 'Pujar ahora', lot: 'Lote' },
  it: { upcoming: 'Aste in arrivo', past: 'Aste passate', bid: 'Offri ora', lot: 'Lotto' },
};

function LogoBox({ url, kind, dark }: { url: string | null; kind: 'console' | 'site'; dark?: boolean }) {
  const spec = LOGO_SPECS[kind];
  return url ? (
    <img
      src={url}
      alt={`${spec.label} preview`}
      width={spec.width}
      height={spec.height}
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    />
  ) : (
    <Box
      sx={{
        width: spec.width,
        maxWidth: '100%',
        aspectRatio: `${spec.width} / ${spec.height}`,
        border: 1,
        borderStyle: 'dashed',
        borderColor: dark ? 'grey.600' : 'grey.400',
        color: dark ? 'grey.400' : 'text.secondary',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 12,
      }}
    >
      {spec.label} {spec.width} x {spec.height}
    </Box>
  );
}

/** The live preview: the site header, a sale with its Bid button, past auctions when shown, and the console bar. */
export function PrivateLabelPreview({
  lists,
  consoleLogoURL,
  houseLogoURL,
}: {
  lists: ChoiceLists;
  consoleLogoURL: string | null;
  houseLogoURL: string | null;
}) {
  const [fontStyle, fontColor, buttonColor, language, past] = useWatch({
    name: ['fontStyle', 'fontColor', 'buttonColor', 'defaultLanguage', 'displayPastAuctions'],
  }) as [number, number, number, number, boolean];
  const font = lists.fontStyles.find((f) => f.id === Number(fontStyle))?.label ?? 'inherit';
  const color = lists.fontColors.find((c) => c.id === Number(fontColor))?.hex ?? '#212121';
  const button = lists.buttonColors.find((c) => c.id === Number(buttonColor))?.hex ?? '#1565c0';
  const lang = lists.languages.find((l) => l.id === Number(language));
  const w = WORDS[lang?.language ?? 'en'] ?? WORDS.en!;

  return (
    <Card variant="outlined" sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Preview
        </Typography>
        <Box
          data-testid="pl-preview"
          data-font={font}
          lang={lang?.language}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', fontFamily: font, color }}
        >
          <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider', bgcolor: '#fff' }}>
            <LogoBox url={houseLogoURL} kind="site" />
          </Box>
          <Box sx={{ p: 2, bgcolor: '#fff' }}>
            <Box component="h3" sx={{ m: 0, mb: 1.5, fontSize: 18, fontWeight: 600 }} data-testid="pl-preview-heading">
              {w.upcoming}
            </Box>
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 2,
                py: 1,
                borderTop: 1,
                borderColor: 'grey.200',
              }}
            >
              <Box>
                <Box sx={{ fontWeight: 600 }}>Autumn Fine Art &amp; Antiques</Box>
                <Box sx={{ fontSize: 13, opacity: 0.8 }}>{w.lot} 1 · Georgian silver teapot</Box>
              </Box>
              <Box
                component="span"
                data-testid="pl-preview-button"
                sx={{
                  bgcolor: button,
                  color: '#fff',
                  px: 2,
                  py: 0.75,
                  borderRadius: 1,
                  fontSize: 14,
                  fontWeight: 600,
                  whiteSpace: 'nowrap',
                }}
              >
                {w.bid}
              </Box>
            </Box>
            {past && (
              <Box data-testid="pl-preview-past" sx={{ mt: 2 }}>
                <Box component="h3" sx={{ m: 0, mb: 1, fontSize: 16, fontWeight: 600 }}>
                  {w.past}
                </Box>
                <Box sx={{ fontSize: 13, opacity: 0.8 }}>Summer Collectibles · Spring Estate Sale</Box>
              </Box>
            )}
          </Box>
          <Box sx={{ p: 1.5, bgcolor: '#263238', display: 'flex', alignItems: 'center', gap: 2 }}>
            <LogoBox url={consoleLogoURL} kind="console" dark />
            <Box sx={{ color: 'grey.300', fontSize: 12, fontFamily: 'Roboto, sans-serif' }}>Console</Box>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
