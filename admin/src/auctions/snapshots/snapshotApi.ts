/**
 * Catalog snapshot's calls (spec 001 section 7 "Snapshot"; docs/api.md): the spec's GET starts the
 * job `catalog-snapshot`; its run, polled at /api/jobs/{id}, ends with the zip's signed link.
 */
import { SNAPSHOT_QUERY } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';

export interface SnapshotResult {
  fileName: string;
  downloadUrl: string;
  lots: number;
  images: number;
  skippedImages: number;
  size: number;
}

export interface SnapshotJob {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  progress: { done: number; total: number; message: string | null };
  result: SnapshotResult | null;
  error: string | null;
}

/** `GET /cps/app/snapshot/{catalogId}/lot-data` with the spec's parameters; answers the job's id. */
export async function startSnapshot(dp: AppDataProvider, catalogId: string): Promise<string> {
  const query = new URLSearchParams(SNAPSHOT_QUERY).toString();
  const res = await dp.call<{ data: { jobId: string } }>('GET', `/cps/app/snapshot/${encodeURIComponent(catalogId)}/lot-data?${query}`);
  return res.data.jobId;
}

export const fetchSnapshotJob = (dp: AppDataProvider, jobId: string) =>
  dp.call<SnapshotJob>('GET', `/api/jobs/${encodeURIComponent(jobId)}`);
