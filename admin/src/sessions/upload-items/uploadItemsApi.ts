/**
 * The upload-items step's calls (spec 001 section 7 "Bin step 2 and live/timed upload step"): the
 * spreadsheet upload (120 s timeout), the staged upload read back and discarded, and lots/update.
 * The review list itself is the `lot-upload-rows` resource (ra-data-simple-rest on /api).
 */
import {
  SPREADSHEET_UPLOAD_TIMEOUT_MS,
  UPLOAD_FORMATS,
  type SheetError,
  type SheetLot,
  type UploadAnswer,
  type UploadFormat,
} from '@ar/rules';
import { useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../../api/dataProvider';
import { httpClient } from '../../api/httpClient';
import { readApiError } from '../../common/apiError';

/** The review list's resource: `/api/lot-upload-rows`. */
export const UPLOAD_ROWS = 'lot-upload-rows';

/** A review-list record: the lot's fields, the staging id, the sheet row and its errors. */
export type UploadRow = SheetLot & { row: number; hasError: boolean; errors: SheetError[]; consignor?: string | null };

/** Posts the file; never throws: the answer (any status), a timeout or no answer at all. */
export async function uploadSheet(
  saleType: 'live' | 'timed' | 'bin',
  format: UploadFormat,
  catalogId: string,
  file: File,
  timeoutMs = SPREADSHEET_UPLOAD_TIMEOUT_MS,
): Promise<UploadAnswer> {
  const path = saleType === 'bin' ? 'bin' : UPLOAD_FORMATS.find((f) => f.id === format)!.path;
  const body = new FormData();
  body.append('csvType', format);
  body.append('catalogID', catalogId);
  // Packages are not modelled: accepted and ignored by the server.
  body.append('packageID', '');
  body.append('fileData', file, file.name);
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  try {
    const res = await httpClient(`/cps/app/spreadsheet/csv/${path}?version=v2`, { method: 'POST', body, signal: abort.signal });
    return { kind: 'answer', status: res.status, body: res.json };
  } catch (err) {
    if (timedOut) return { kind: 'timeout' };
    const f = readApiError(err);
    if (f.status === 0) return { kind: 'network' };
    return { kind: 'answer', status: f.status, body: (err as { body?: unknown }).body ?? null };
  } finally {
    clearTimeout(timer);
  }
}

/** Saves the staged lots: read back in the spec's `{ lots }` shape, then `POST lots/update`. */
export async function saveStagedLots(dp: AppDataProvider, catalogId: string): Promise<void> {
  const staged = await dp.call<{ data: { lots: (SheetLot & { hasError?: boolean })[] } }>(
    'GET',
    `/cps/app/catalog/${encodeURIComponent(catalogId)}/lots/upload`,
  );
  // `hasError` is the client's own: removed before sending (001 section 3 "Uploaded lot").
  const lots = staged.data.lots.map(({ hasError: _h, ...lot }) => lot);
  await dp.call('POST', `/cps/app/catalog/${encodeURIComponent(catalogId)}/lots/update`, { lots });
}

/** "Go Back & Upload Items Again" and Retry: the staged rows are discarded. */
export async function discardUpload(dp: AppDataProvider, catalogId: string): Promise<void> {
  await dp.call('DELETE', `/cps/app/catalog/${encodeURIComponent(catalogId)}/lots/upload`);
}

/**
 * Refetches the review list and its error count only: react-admin's refresh() would also refetch
 * the session, which remounts the step (its key) and loses the upload's banner.
 */
export function useRefreshRows(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [UPLOAD_ROWS] });
}
