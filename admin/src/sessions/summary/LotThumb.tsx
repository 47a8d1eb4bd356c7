import { Box } from '@mui/material';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupportedOutlined';

export interface LotThumbProps {
  src: string | null;
  alt: string;
  /** Pixels (a square), or a relative width that keeps `ratio`. */
  size?: number | string;
  ratio?: string;
}

/** A lot's primary image, or a placeholder when it has none. */
export function LotThumb({ src, alt, size = 56, ratio = '1' }: LotThumbProps) {
  const box = typeof size === 'number' ? { width: size, height: size } : { width: size, height: 'auto', aspectRatio: ratio };
  return src ? (
    <Box component="img" src={src} alt={alt} loading="lazy" sx={{ ...box, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
  ) : (
    <Box
      role="img"
      aria-label={`${alt}: no image`}
      sx={{ ...box, borderRadius: 1, bgcolor: 'grey.100', color: 'grey.500', display: 'grid', placeItems: 'center' }}
    >
      <ImageNotSupportedIcon fontSize="small" />
    </Box>
  );
}
