import { PublishToken, StreamingProvider, StreamingProviderError } from './streaming-provider';

export interface MillicastOptions {
  apiUrl: string;
  apiSecret: string;
  accountId: string;
  viewerUrl: string;
  /** Milliseconds before a call to the provider is given up. */
  timeoutMs?: number;
}

/**
 * Millicast (Dolby.io Real-time Streaming): `POST {api}/api/publish_token` with the account's API
 * secret creates a token that may publish only the named stream. The token expires after a day, so a
 * leaked one cannot be reused for long.
 */
export class MillicastStreamingProvider implements StreamingProvider {
  readonly name = 'millicast';

  constructor(private readonly o: MillicastOptions) {}

  async publishToken(stream: { streamName: string; label: string }): Promise<PublishToken> {
    let res: Response;
    try {
      res = await fetch(`${this.o.apiUrl}/api/publish_token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.o.apiSecret}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          label: stream.label.slice(0, 100),
          streams: [{ streamName: stream.streamName }],
          expires: 24 * 3600,
        }),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new StreamingProviderError(`millicast unreachable: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as { data?: { token?: unknown } } | null;
    const token = body?.data?.token;
    if (!res.ok || typeof token !== 'string' || !token) throw new StreamingProviderError(`millicast answered ${res.status}`);
    const viewer = new URL(this.o.viewerUrl);
    viewer.searchParams.set('streamId', `${this.o.accountId}/${stream.streamName}`);
    return {
      token,
      streamName: stream.streamName,
      viewerUrl: viewer.toString(),
      whipUrl: millicastWhipUrl(this.o.apiUrl, stream.streamName),
    };
  }
}

/**
 * Millicast's WHIP endpoint `{director}/api/whip/{streamName}`: its director sits beside the REST API
 * (api.millicast.com -> director.millicast.com); any other API base (a stand-in) serves both itself.
 */
export function millicastWhipUrl(apiUrl: string, streamName: string): string {
  const base = new URL(apiUrl);
  if (base.hostname.startsWith('api.')) base.hostname = `director.${base.hostname.slice(4)}`;
  return new URL(`/api/whip/${encodeURIComponent(streamName)}`, base).toString();
}
