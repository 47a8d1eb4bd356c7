import { useEffect, useState, useSyncExternalStore } from 'react';
import { Box, Card, CardContent, CardHeader, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import LeftIcon from '@mui/icons-material/ChevronLeft';
import RightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/Delete';
import RotateIcon from '@mui/icons-material/RotateRight';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import type { UploadQueue } from '../image-upload/uploadQueue';
import { LotImageUploader } from './LotImageUploader';
import { deleteLotImage, fetchLotImages, LOT_IMAGE_KEY, reorderLotImages, rotateLotImage, type LotImage } from './lotImagesApi';

/** Texts of the panel; a refused delete shows in its dialog (the spec's delete-error notice). */
const TEXT = {
  none: 'No images yet. Add them below, or in the Upload Images step with files named by lot number.',
  failed: 'The images could not be changed. Please try again.',
  hint: 'The first image is the lot\u2019s primary image. Drag an image (or use the arrows) to reorder.',
};

/**
 * The lot's images on the Lot page (spec 001 "Image upload": rotate in 90-degree steps, drag-reorder,
 * delete): each action is one call, then the list is read again (a rotated image has new URLs).
 * Below them the uploader adds images to the lot; each saved one re-reads the list. Reordering waits
 * for uploads to finish (the order must name every image).
 */
export function LotImagesPanel({
  houseId,
  catalogId,
  lotKey,
  lotId,
  saleType,
  uploads,
}: {
  houseId: number;
  catalogId: string;
  lotKey: string;
  lotId: number;
  saleType: 'live' | 'timed' | 'bin';
  uploads: UploadQueue;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = LOT_IMAGE_KEY(catalogId, lotKey);
  const images = useQuery({ queryKey: key, queryFn: () => fetchLotImages(dp, houseId, catalogId, lotKey, lotId), retry: false });
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<LotImage | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const list = images.data ?? [];
  const cards = useSyncExternalStore(uploads.subscribe, uploads.getSnapshot);
  const uploading = cards.some((c) => c.status === 'selected' || c.status === 'uploading');
  const saved = cards.filter((c) => c.status === 'complete').length;
  useEffect(() => {
    if (saved) void queryClient.invalidateQueries({ queryKey: LOT_IMAGE_KEY(catalogId, lotKey) });
  }, [saved, queryClient, catalogId, lotKey]);

  const run = async (photoId: number, action: () => Promise<void>, failText = TEXT.failed) => {
    setBusy(photoId);
    setFailure(null);
    try {
      await action();
    } catch (err) {
      setFailure(readApiError(err).status === 400 ? (readApiError(err).message ?? failText) : failText);
    } finally {
      await queryClient.invalidateQueries({ queryKey: key });
      setBusy(null);
    }
  };
  /** Moves the image at `from` to `to`: imageOrder lists each new position's original position. */
  const move = (from: number, to: number) => {
    if (uploading || from === to || to < 0 || to >= list.length) return;
    const order = list.map((_, i) => i);
    const [m] = order.splice(from, 1);
    order.splice(to, 0, m);
    void run(list[from].photoID, () => reorderLotImages(dp, catalogId, lotKey, order));
  };

  return (
    <Card variant="outlined" data-testid="lot-images">
      <CardHeader title="Images" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      <CardContent>
        {images.isPending && <CircularProgress size={24} aria-label="Loading images" />}
        {images.isError && <AppAlert />}
        {failure && (
          <Box role="alert" sx={{ mb: 1 }} data-testid="lot-images-error">
            <AppAlert message={failure} />
          </Box>
        )}
        {images.isSuccess && !list.length && (
          <Typography variant="body2" color="text.secondary">
            {TEXT.none}
          </Typography>
        )}
        {list.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {TEXT.hint}
            </Typography>
            <Box
              component="ol"
              aria-label="Lot images"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
            >
              {list.map((img, i) => (
                <Box
                  component="li"
                  key={img.photoID}
                  draggable
                  onDragStart={() => setDragFrom(i)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => dragFrom !== null && move(dragFrom, i)}
                  data-testid="lot-image"
                  data-photo-id={img.photoID}
                  sx={{
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    p: 0.5,
                    opacity: busy === img.photoID ? 0.5 : 1,
                    cursor: 'grab',
                  }}
                >
                  <Box sx={{ height: 120, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
                    <Box
                      component="img"
                      src={img.thumbURL ?? img.imageURL}
                      alt={`Image ${i + 1}`}
                      sx={{ maxWidth: '100%', maxHeight: 120, objectFit: 'contain' }}
                    />
                  </Box>
                  <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
                    {i === 0 ? 'Primary image' : `Image ${i + 1}`}
                  </Typography>
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                    <Box sx={{ display: 'flex', width: '100%', justifyContent: 'space-between' }}>
                      <Tooltip title="Move earlier">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Move image ${i + 1} earlier`}
                            disabled={i === 0 || busy !== null || uploading}
                            onClick={() => move(i, i - 1)}
                          >
                            <LeftIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Move later">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Move image ${i + 1} later`}
                            disabled={i === list.length - 1 || busy !== null || uploading}
                            onClick={() => move(i, i + 1)}
                          >
                            <RightIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Rotate 90 degrees">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Rotate image ${i + 1}`}
                            disabled={busy !== null}
                            onClick={() => void run(img.photoID, () => rotateLotImage(dp, catalogId, lotId, img.sequence))}
                            data-testid="lot-image-rotate"
                          >
                            <RotateIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Delete image ${i + 1}`}
                            disabled={busy !== null}
                            onClick={() => setConfirm(img)}
                            data-testid="lot-image-delete"
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </Box>
                  </Box>
                </Box>
              ))}
            </Box>
          </>
        )}
        <LotImageUploader queue={uploads} cards={cards} saleType={saleType} ready={images.isSuccess} />
      </CardContent>
      <ConfirmDialog
        open={confirm !== null}
        title="Delete Image"
        text="Delete this image? It cannot be restored."
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!confirm) return;
          await deleteLotImage(dp, catalogId, lotId, confirm.sequence);
          setConfirm(null);
          notify('Image deleted', { type: 'success' });
          await queryClient.invalidateQueries({ queryKey: key });
        }}
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}
