import { BROADCAST_TEXT } from '@ar/rules';
import type { AppDataProvider } from '../api/dataProvider';
import { readApiError } from '../common/apiError';

export interface PublishToken {
  token: string;
  streamName: string;
  viewerUrl: string;
  /** The provider's WHIP endpoint: the page publishes the camera there with the token. */
  whipUrl: string;
}

/** The call answered `success: false` (no streaming provider configured). */
export class NoTokenError extends Error {}

/** GET /app/catalog/{eventId}/millicast-token (spec 001 section 7). */
export async function fetchPublishToken(dp: AppDataProvider, eventId: string): Promise<PublishToken> {
  const res = await dp.call<{
    data: { success: boolean; 'millicast-token': string | null; streamName: string; viewerUrl: string; whipUrl: string };
  }>('GET', `/app/catalog/${encodeURIComponent(eventId)}/millicast-token`);
  const token = res.data['millicast-token'];
  if (!res.data.success || !token) throw new NoTokenError(BROADCAST_TEXT.noToken);
  return { token, streamName: res.data.streamName, viewerUrl: res.data.viewerUrl, whipUrl: res.data.whipUrl };
}

/** Spec texts: `success: false` is "Cannot Fetch Milli token", a failed call "Unable to fetch publish token". */
export function tokenErrorText(error: unknown): string {
  if (error instanceof NoTokenError) return BROADCAST_TEXT.noToken;
  if (readApiError(error).status === 404) return BROADCAST_TEXT.notFound;
  return BROADCAST_TEXT.fetchFailed;
}
