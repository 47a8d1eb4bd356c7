import { IMAGE_UPLOAD } from '@ar/rules';
import type { UploadSummary } from './uploadPacing';

/** The image step's words (spec 001 "Image upload step", "Image errors"). */
export const IMAGE_STEP_TEXT = {
  formatLabel: 'File names use',
  lotFormat: 'Lot number',
  inventoryFormat: 'Inventory number',
  lotHint: 'Name files {lot number}[extension].{sequence}.jpg, for example 12A.1.jpg or 0012-a-1.jpg (sequence 0 if left out).',
  inventoryHint: 'Name files {inventory number}.{sequence}.jpg, for example INV-0042.1.jpg.',
  dropPrompt: 'Drag and drop images here, or click to choose files',
  limits: `JPEG, JPG or PNG, at most ${IMAGE_UPLOAD.maxBytes / 1_048_576} MB, at least ${IMAGE_UPLOAD.minWidth}px x ${IMAGE_UPLOAD.minHeight}px. A file with the same name as an earlier one replaces it.`,
  lotLimits: `Added after this lot's images. JPEG, JPG or PNG, at most ${IMAGE_UPLOAD.maxBytes / 1_048_576} MB, at least ${IMAGE_UPLOAD.minWidth}px x ${IMAGE_UPLOAD.minHeight}px.`,
  offline: 'You are offline. Uploads resume when the connection is back.',
  offlineDrop: 'You are offline: the files you dropped were not added. Drop them again once you are back online.',
  counts: (s: UploadSummary) => `Success ${s.success} · Error ${s.error} · Pending ${s.pending} · Total ${s.total}`,
  cancelAll: 'Cancel uploads',
  viewErrors: 'View items with errors',
  deleteErrors: 'Delete items with errors',
  waitHint: 'Wait for the uploads to finish, or cancel them, to continue.',
  errorSummaryTitle: (n: number) => `${n} ${n === 1 ? 'image was' : 'images were'} not saved`,
  replaced: 'Replaces an earlier file of the same name',
} as const;
