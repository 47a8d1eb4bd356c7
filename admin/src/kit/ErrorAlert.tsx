import { AppAlert } from '../common/AppAlert';
import { readApiError } from '../common/apiError';

/** The spec's generic failure text (spec 000 section 8). */
export const LOAD_ERROR_TEXT = 'There was an error processing your request. Please try again later.';
export const NOT_FOUND_TEXT = 'This page was not found. It may have been removed, or it belongs to another house.';

export interface ErrorAlertProps {
  /** What the failed call threw (an HttpError from the data provider). */
  error: unknown;
  /** Shown for a 404 (a missing or foreign record); default NOT_FOUND_TEXT. */
  notFound?: string;
  /** Shown for anything else; default the spec's generic text. 400s show the server's message. */
  fallback?: string;
  onClose?: () => void;
}

/** What went wrong with a call, in words a reader can act on: 404 is "not found", not "try later". */
export function errorText(error: unknown, notFound = NOT_FOUND_TEXT, fallback = LOAD_ERROR_TEXT): string {
  const failure = readApiError(error);
  if (failure.status === 404) return notFound;
  if (failure.status === 400 && failure.message) return failure.message;
  return fallback;
}

export function ErrorAlert({ error, notFound, fallback, onClose }: ErrorAlertProps) {
  const is404 = readApiError(error).status === 404;
  return <AppAlert severity={is404 ? 'warning' : 'error'} message={errorText(error, notFound, fallback)} onClose={onClose} />;
}
