/**
 * What a failed call answered, in one shape. The server's error body is
 * `{ statusCode, code, message, errors?: { field: message } }` (core/errors); fetchJson
 * rejects with an HttpError carrying the status and that body.
 */
export interface ApiFailure {
  /** HTTP status; 0 when the request never got an answer (network down). */
  status: number;
  /** The server's error code (`VALIDATION_FAILED`, `302`, `TEMPLATE_STALE`, ...), when it sent one. */
  code: string | null;
  message: string | null;
  /** Field messages keyed by the payload's paths (`taxSettings.0.taxRate`). */
  errors: Record<string, string>;
}

export function readApiError(error: unknown): ApiFailure {
  const e = (error ?? {}) as { status?: unknown; message?: unknown; body?: unknown };
  const body = (e.body && typeof e.body === 'object' ? e.body : {}) as { code?: unknown; message?: unknown; errors?: unknown };
  const errors: Record<string, string> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [k, v] of Object.entries(body.errors as Record<string, unknown>)) {
      if (typeof v === 'string') errors[k] = v;
    }
  }
  const message = typeof body.message === 'string' ? body.message : typeof e.message === 'string' && e.message ? e.message : null;
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    code: typeof body.code === 'string' ? body.code : null,
    message,
    errors,
  };
}
