/**
 * The lot page's image calls (spec 001 "Lot page"; rotate is ours): docs/decisions/lot-images.md.
 */
import type { AppDataProvider } from '../../api/dataProvider';

export interface LotImage {
  photoID: number;
  sequence: number;
  imageURL: string;
  thumbURL: string | null;
  width: number | null;
  height: number | null;
}

const base = (catalogId: string) => `/cps/app/catalog/${encodeURIComponent(catalogId)}`;

export const LOT_IMAGE_KEY = (catalogId: string, lotKey: string) => ['lot', catalogId, lotKey, 'images'] as const;

export async function fetchLotImages(dp: AppDataProvider, houseId: number, catalogId: string, lotKey: string, lotId: number) {
  const res = await dp.call<{ data: Record<string, LotImage[]> }>(
    'GET',
    `${base(catalogId)}/${encodeURIComponent(lotKey)}/house/${houseId}/getimageurls`,
  );
  return res.data[String(lotId)] ?? [];
}

/** `imageOrder[i]`: the original position of the image now at position i. */
export async function reorderLotImages(dp: AppDataProvider, catalogId: string, lotKey: string, imageOrder: number[]) {
  await dp.call('POST', `${base(catalogId)}/${encodeURIComponent(lotKey)}/reorderimages`, { imageOrder });
}

export async function deleteLotImage(dp: AppDataProvider, catalogId: string, lotId: number, sequence: number) {
  await dp.call('POST', '/cps/app/image/delete', { catalogID: Number(catalogId), lotID: lotId, sequence, imgType: 'lot' });
}

export async function rotateLotImage(dp: AppDataProvider, catalogId: string, lotId: number, sequence: number) {
  await dp.call('POST', '/cps/app/image/rotate', { catalogID: Number(catalogId), lotID: lotId, sequence, degrees: 90 });
}
