import { useEffect, useMemo } from 'react';
import { Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lotLabel } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { ImageCards } from '../image-upload/ImageCards';
import { ImageDropzone } from '../image-upload/ImageDropzone';
import { IMAGE_STEP_TEXT as T } from '../image-upload/imageStepText';
import { summarize, type UploadCard } from '../image-upload/uploadPacing';
import { UploadProgress } from '../image-upload/UploadProgress';
import { UploadQueue } from '../image-upload/uploadQueue';
import { LOT_IMAGE_KEY, type LotImage } from './lotImagesApi';

/**
 * The Lot page's upload queue: the image step's own (sign, PUT with retries, register, the spec's
 * errors), aimed at this lot at new sequences after the images the page shows. Owned by the page,
 * not the form, so saving the form (which remounts it) does not cancel uploads in flight.
 */
export function useLotUploadQueue(
  houseId: number | undefined,
  catalogId: string,
  lot: { lotNumber: string | null; lotExt: string | null } | undefined,
): UploadQueue | null {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const lotNum = lot?.lotNumber ?? null;
  const lotExt = lot?.lotExt ?? '';
  const queue = useMemo(() => {
    if (!houseId || !lotNum) return null;
    const key = LOT_IMAGE_KEY(catalogId, lotLabel(lotNum, lotExt));
    const sequences = () => (queryClient.getQueryData<LotImage[]>(key) ?? []).map((i) => i.sequence);
    return new UploadQueue(dp, houseId, catalogId, { kind: 'lot', lotNum, lotExt, sequences });
  }, [dp, queryClient, houseId, catalogId, lotNum, lotExt]);
  useEffect(() => () => queue?.dispose(), [queue]);
  return queue;
}

/**
 * Drop or pick images for this lot (spec 001 "image uploader once the lot exists"): a card per
 * unfinished or failed file with its progress and error; saved images join the panel's list.
 * `ready` is false until the lot's images are read (their sequences number the new ones).
 */
export function LotImageUploader({
  queue,
  cards,
  saleType,
  ready,
}: {
  queue: UploadQueue;
  cards: readonly UploadCard[];
  saleType: 'live' | 'timed' | 'bin';
  ready: boolean;
}) {
  const summary = summarize(cards);
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="lot-image-uploader">
      <ImageDropzone testId="lot-upload" onFiles={(files) => queue.add(files)} disabled={!ready} hint={T.lotLimits} compact />
      {(summary.pending > 0 || summary.error > 0) && <UploadProgress queue={queue} cards={cards} saleType={saleType} testId="lot-upload" />}
      <ImageCards
        cards={cards.filter((c) => c.status !== 'complete')}
        saleType={saleType}
        onCancel={(id) => queue.cancel(id)}
        onRemove={(id) => queue.remove([id])}
      />
    </Stack>
  );
}
