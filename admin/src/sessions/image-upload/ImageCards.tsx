import { Box, Card, CardContent, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import { imageErrorTitle } from '@ar/rules';
import { IMAGE_STEP_TEXT as T } from './imageStepText';
import type { UploadCard } from './uploadPacing';

const STATUS_TEXT = { selected: 'Waiting', uploading: 'Uploading', complete: 'Complete', error: 'Error', cancelled: 'Cancelled' } as const;

/** One card per file: thumbnail once saved, name, status, its PUT's progress, and cancel or delete. */
export function ImageCards({
  cards,
  saleType,
  onCancel,
  onRemove,
}: {
  cards: readonly UploadCard[];
  saleType: 'live' | 'timed' | 'bin';
  onCancel: (id: number) => void;
  onRemove: (id: number) => void;
}) {
  if (!cards.length) return null;
  return (
    <Box
      component="ul"
      aria-label="Files"
      data-testid="image-cards"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
    >
      {cards.map((c) => (
        <Card
          component="li"
          key={c.id}
          variant="outlined"
          data-testid="image-card"
          data-status={c.status}
          data-name={c.name}
          sx={{ borderColor: c.status === 'error' ? 'error.main' : undefined }}
        >
          <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Box
              sx={{
                width: 56,
                height: 56,
                flexShrink: 0,
                bgcolor: 'action.hover',
                display: 'grid',
                placeItems: 'center',
                borderRadius: 0.5,
              }}
            >
              {c.thumbURL ? (
                <Box component="img" src={c.thumbURL} alt="" sx={{ maxWidth: 56, maxHeight: 56, objectFit: 'contain' }} />
              ) : (
                <ImageIcon color="disabled" aria-hidden />
              )}
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" noWrap title={c.name} sx={{ fontWeight: 600 }}>
                {c.name}
              </Typography>
              <Typography variant="caption" color={c.status === 'error' ? 'error' : 'text.secondary'} data-testid="image-card-status">
                {c.status === 'error' && c.error ? imageErrorTitle(c.error, saleType) : STATUS_TEXT[c.status]}
              </Typography>
              {c.replaced && c.status !== 'error' && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {T.replaced}
                </Typography>
              )}
              {(c.status === 'uploading' || c.status === 'complete') && (
                <LinearProgress
                  variant="determinate"
                  value={Math.round(c.progress * 100)}
                  sx={{ mt: 0.5 }}
                  aria-label={`Progress of ${c.name}`}
                  color={c.status === 'complete' ? 'success' : 'primary'}
                />
              )}
            </Box>
            {(c.status === 'selected' || c.status === 'uploading') && (
              <Tooltip title="Cancel">
                <IconButton size="small" aria-label={`Cancel ${c.name}`} onClick={() => onCancel(c.id)}>
                  <CancelIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {(c.status === 'error' || c.status === 'cancelled') && (
              <Tooltip title="Delete">
                <IconButton size="small" aria-label={`Delete ${c.name}`} onClick={() => onRemove(c.id)} data-testid="image-card-delete">
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
