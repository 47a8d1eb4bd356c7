import { describe, expect, it } from '@jest/globals';
import { IMAGE_UPLOAD } from '@ar/rules';
import {
  newLotSequences,
  nextBatch,
  overallProgress,
  precheck,
  precheckForLot,
  summarize,
  type CardStatus,
  type UploadCard,
} from './uploadPacing';

const card = (id: number, status: CardStatus, extra: Partial<UploadCard> = {}): UploadCard => ({
  id,
  key: `${id}.0.JPG`,
  name: `${id}.jpg`,
  size: 1,
  status,
  progress: 0,
  error: null,
  thumbURL: null,
  replaced: false,
  ...extra,
});

describe('image upload pacing', () => {
  it('starts batches of 20 while fewer than 100 are uploading, never past 100', () => {
    const selected = Array.from({ length: 50 }, (_, i) => card(i, 'selected'));
    expect(nextBatch(selected)).toHaveLength(IMAGE_UPLOAD.batchSize);
    expect(nextBatch(selected).map((c) => c.id)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const busy = (n: number) => Array.from({ length: n }, (_, i) => card(1000 + i, 'uploading'));
    expect(nextBatch([...busy(90), ...selected])).toHaveLength(10);
    expect(nextBatch([...busy(100), ...selected])).toHaveLength(0);
    expect(nextBatch([card(1, 'complete'), card(2, 'error'), card(3, 'selected')])).toHaveLength(1);
  });

  it('starts nothing while offline', () => {
    expect(nextBatch([card(1, 'selected')], false)).toEqual([]);
  });

  it('checks names and the 10 MB cap before sending', () => {
    expect(precheck('0012-a-1.JPG', 100, 'lot')).toEqual({ key: '12A.1.JPG', error: null });
    expect(precheck('12A.x.jpg', 100, 'lot').error).toBe('imageSeq');
    expect(precheck('12.gif', 100, 'lot').error).toBe('type');
    expect(precheck('12.jpg', IMAGE_UPLOAD.maxBytes + 1, 'lot').error).toBe('size');
    expect(precheck('INV-0042.jpg', 100, 'inventory')).toEqual({ key: 'INV.42.JPG', error: null });
  });

  it('on the Lot page takes any JPEG or PNG name, still refusing other types and files over 10 MB', () => {
    expect(precheckForLot('IMG_0042.jpeg', 100)).toEqual({ key: 'IMG.0042.JPEG', error: null });
    expect(precheckForLot('photo.PNG', 100).error).toBeNull();
    expect(precheckForLot('scan.gif', 100).error).toBe('type');
    expect(precheckForLot('jpg', 100).error).toBe('type');
    expect(precheckForLot('photo.jpg', IMAGE_UPLOAD.maxBytes + 1).error).toBe('size');
  });

  it("numbers a lot's new images after its highest sequence, from 0 for a lot without images", () => {
    expect(newLotSequences([], 3)).toEqual([0, 1, 2]);
    expect(newLotSequences([0, 1, 4], 2)).toEqual([5, 6]);
  });

  it('summarizes counts and names per error kind, leaving cancelled files out', () => {
    const s = summarize([
      card(1, 'complete'),
      card(2, 'error', { error: 'lotNum', name: 'a.jpg' }),
      card(3, 'error', { error: 'lotNum', name: 'b.jpg' }),
      card(4, 'error', { error: 'pixel', name: 'c.jpg' }),
      card(5, 'uploading'),
      card(6, 'selected'),
      card(7, 'cancelled'),
    ]);
    expect(s).toEqual({
      success: 1,
      error: 3,
      pending: 2,
      total: 6,
      byError: [
        { code: 'lotNum', names: ['a.jpg', 'b.jpg'] },
        { code: 'pixel', names: ['c.jpg'] },
      ],
    });
    expect(overallProgress([card(1, 'complete'), card(2, 'selected')])).toBe(50);
    expect(overallProgress([])).toBe(0);
  });
});
