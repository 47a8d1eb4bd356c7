import { defineJob } from '../../../core/queue/job-definition';

export interface SnapshotPayload {
  catalogId: number;
  /** The lot data as a Standard .xlsx (includeXLS). */
  includeXls: boolean;
  /** The images (images=1), those from startImage up to, not including, endImage. */
  images: boolean;
  startImage: number;
  endImage: number;
}

/** What a finished `catalog-snapshot` run answers in `/api/jobs/{id}`'s `result`. */
export interface SnapshotResult {
  fileName: string;
  /** Signed and expiring (SNAPSHOT_URL_TTL_MS); also needs a session or token of the house with accessCalendar. */
  downloadUrl: string;
  lots: number;
  images: number;
  /** Images in the range whose file is not in storage (outside URLs, or removed): left out. */
  skippedImages: number;
  size: number;
}

/**
 * A catalog's snapshot zip (issue 13): the lot data and the images, streamed into FileStorage. The
 * run carries the house id. Idempotent: a retry writes the zip again under the same key.
 */
export const CATALOG_SNAPSHOT = defineJob<SnapshotPayload>('imports', 'catalog-snapshot', { maxAttempts: 2, backoffMs: 2000 });
