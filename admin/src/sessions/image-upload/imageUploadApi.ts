/**
 * The image step's calls (spec 001 "Image upload (all steps)"): signed PUT URLs (retried 3 times
 * 3 s apart), the PUT of the bytes with progress (XMLHttpRequest: fetch reports no upload
 * progress; 300 s timeout, 5 retries 3 s apart), and the register call. Server shapes:
 * docs/decisions/lot-images.md.
 */
import { IMAGE_ERROR_CODES, IMAGE_UPLOAD, type ImageErrorCode } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { readApiError } from '../../common/apiError';

export interface SignedSlot {
  imageUrl: string;
  putUrl: string;
}

export interface RegisterRecord {
  imageSeq: string;
  imageURL: string;
  lotExt?: string;
  lotNum?: string;
  invNumber?: string;
}

export interface RegisterAnswer {
  error: ImageErrorCode | null;
  imageS3URL: string | null;
  thumbURL: string | null;
  photoID: number | null;
  replaced: boolean;
}

/** Why a PUT or register failed for good: an image error code, or 'cancelled'. */
export class UploadFailure extends Error {
  constructor(readonly code: ImageErrorCode | 'cancelled' | 'linkUsed') {
    super(code);
  }
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new UploadFailure('cancelled'));
    });
  });

export async function signSlots(
  dp: AppDataProvider,
  houseId: number,
  catalogId: string,
  n: number,
  signal: AbortSignal,
): Promise<SignedSlot[]> {
  const q = new URLSearchParams({ numImages: String(n), bucket: `/house/${houseId}/catalog/${catalogId}`, nocache: String(Date.now()) });
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await dp.call<{ data: SignedSlot[] }>('GET', `/cps/app/image/signed-urls?${q}`);
      return res.data;
    } catch (err) {
      if (signal.aborted) throw new UploadFailure('cancelled');
      const status = readApiError(err).status;
      // A 4xx will answer the same again; the network and the server's 5xx may not.
      if ((status >= 400 && status < 500) || attempt >= IMAGE_UPLOAD.signRetries)
        throw new UploadFailure(status === 504 ? 'timeout' : 'default');
      await sleep(IMAGE_UPLOAD.retryDelayMs, signal);
    }
  }
}

/** The error code a refused PUT answered (`{ code: 'pixel', ... }`), if it is one of the spec's. */
function codeOf(body: string): ImageErrorCode | 'linkUsed' | null {
  try {
    const code = (JSON.parse(body) as { code?: string }).code;
    if (code === 'UPLOAD_LINK_USED' || code === 'UPLOAD_LINK_INVALID') return 'linkUsed';
    return (IMAGE_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as ImageErrorCode) : null;
  } catch {
    return null;
  }
}

/** One PUT attempt: resolves on 2xx, rejects with the failure; `onProgress` gets 0..1. */
function putOnce(url: string, file: File, onProgress: (f: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.timeout = IMAGE_UPLOAD.putTimeoutMs;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort);
    const done = (fn: () => void) => {
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    xhr.onload = () =>
      done(() => {
        if (xhr.status >= 200 && xhr.status < 300) return resolve();
        const code = codeOf(xhr.responseText);
        reject(code ? new UploadFailure(code) : Object.assign(new Error('put'), { status: xhr.status }));
      });
    xhr.ontimeout = () => done(() => reject(new UploadFailure('timeout')));
    xhr.onerror = () => done(() => reject(Object.assign(new Error('network'), { status: 0 })));
    xhr.onabort = () => done(() => reject(new UploadFailure('cancelled')));
    xhr.send(file);
  });
}

/**
 * The PUT with the spec's retries. An image error is final; a used link (its answer was lost)
 * needs a new slot, which the caller signs; a network failure or 5xx is retried 3 s later.
 */
export async function putWithRetries(
  slot: SignedSlot,
  file: File,
  onProgress: (f: number) => void,
  signal: AbortSignal,
  resign: () => Promise<SignedSlot>,
): Promise<SignedSlot> {
  let current = slot;
  for (let attempt = 0; ; attempt++) {
    try {
      await putOnce(current.putUrl, file, onProgress, signal);
      return current;
    } catch (err) {
      if (err instanceof UploadFailure && err.code !== 'linkUsed') throw err;
      if (attempt >= IMAGE_UPLOAD.putRetries) {
        const status = (err as { status?: number }).status;
        throw new UploadFailure(status === 504 ? 'timeout' : 'default');
      }
      await sleep(IMAGE_UPLOAD.retryDelayMs, signal);
      if (err instanceof UploadFailure) current = await resign();
      onProgress(0);
    }
  }
}

export async function registerImage(dp: AppDataProvider, houseId: number, catalogId: string, rec: RegisterRecord): Promise<RegisterAnswer> {
  const path = `/cps/app/image/house/${houseId}/catalog/${encodeURIComponent(catalogId)}?fromDIY=true&doValidation=false`;
  const res = await dp.call<{ images: RegisterAnswer[] }>('PUT', path, [rec]);
  return res.images[0];
}
