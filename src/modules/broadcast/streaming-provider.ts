/** A publish token for one session's stream, and where viewers watch it. */
export interface PublishToken {
  token: string;
  streamName: string;
  /** The provider's viewer page for the stream (the broadcast page's preview link). */
  viewerUrl: string;
  /** The provider's WHIP endpoint for the stream: the browser POSTs its SDP offer there with the token. */
  whipUrl: string;
}

/**
 * The video broadcast's streaming provider (spec 001 "Video broadcast": a token from the provider).
 * `null` from `publishToken` means no provider is configured.
 */
export interface StreamingProvider {
  readonly name: string;
  publishToken(stream: { streamName: string; label: string }): Promise<PublishToken | null>;
}

export const STREAMING_PROVIDER = Symbol('STREAMING_PROVIDER');

/** BROADCAST_PROVIDER=none: every request answers "no provider". */
export class NoStreamingProvider implements StreamingProvider {
  readonly name = 'none';
  async publishToken(): Promise<null> {
    return null;
  }
}

/** The provider answered, but not with a token (down, refused our secret, odd answer). */
export class StreamingProviderError extends Error {}
