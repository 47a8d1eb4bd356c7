import { readApiError } from '../../common/apiError';
import { EDIT_TEXT } from './editingTexts';

export interface SaveFailure {
  /** What to show: the server's message for a refusal, ours when the server could not answer. */
  message: string;
  /** The server's field messages (`{ errors: { field: message } }`). */
  errors: Record<string, string>;
  /** 409 with STALE_VERSION: someone else changed the invoice (it is reloaded). */
  stale: boolean;
  status: number;
}

/** A failed save as the dialogs show it (the entered values stay: nothing is lost). */
export function saveFailure(err: unknown): SaveFailure {
  const f = readApiError(err);
  const refused = f.status >= 400 && f.status < 500;
  return {
    message: refused && f.message ? f.message : EDIT_TEXT.saveFailed,
    errors: f.errors,
    stale: f.status === 409 && (f.code === 'STALE_VERSION' || f.code === null),
    status: f.status,
  };
}

/** The server's message for field `k`, also under a prefix (`[0].k` of a batch, `data.k`). */
export function fieldError(errors: Record<string, string>, k: string): string | undefined {
  return errors[k] ?? Object.entries(errors).find(([key]) => key.endsWith(`.${k}`))?.[1];
}
