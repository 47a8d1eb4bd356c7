/**
 * A standard WHIP publisher (RFC 9725), no SDK: one sendonly audio and one sendonly video transceiver,
 * the complete SDP offer POSTed as application/sdp with the publish token as Bearer, 201 + the SDP
 * answer, and DELETE on the resource Location to stop.
 */
export interface WhipPublish {
  pc: RTCPeerConnection;
  /** A new stream (other device or resolution) goes out on the same senders: no renegotiation. */
  replaceStream(stream: MediaStream): Promise<void>;
  /** Paused: the senders send nothing (replaceTrack(null)); resumed: the stream's tracks again. */
  setPaused(paused: boolean): Promise<void>;
  stop(): Promise<void>;
}

/** The spec shows no text for a stream the provider did not take: ours. */
export const PUBLISH_FAILED_TEXT = 'Unable to publish the stream to the broadcast server. Please try again.';

export class WhipError extends Error {}

/** Waits until the offer holds its candidates (WHIP without trickle), at most `ms`. */
function gathered(pc: RTCPeerConnection, ms: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    pc.addEventListener('icegatheringstatechange', done);
    setTimeout(resolve, ms);
  });
}

export async function whipPublish(stream: MediaStream, url: string, token: string): Promise<WhipPublish> {
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  let current = stream;
  let paused = false;
  const senders = (['audio', 'video'] as const).map((kind) => {
    const track = stream.getTracks().find((t) => t.kind === kind);
    return { kind, sender: pc.addTransceiver(track ?? kind, { direction: 'sendonly', streams: [stream] }).sender };
  });
  const send = (s: MediaStream | null) =>
    Promise.all(senders.map(({ kind, sender }) => sender.replaceTrack(s?.getTracks().find((t) => t.kind === kind) ?? null)));
  let location: string | null = null;
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc, 3000);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
      body: pc.localDescription!.sdp,
    });
    if (res.status !== 201) throw new WhipError(`WHIP answered ${res.status}`);
    const loc = res.headers.get('location');
    location = loc ? new URL(loc, url).toString() : null;
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  } catch (err) {
    pc.close();
    throw err instanceof WhipError ? err : new WhipError((err as Error).message);
  }
  return {
    pc,
    replaceStream: async (next) => {
      current = next;
      if (!paused) await send(next);
    },
    setPaused: async (p) => {
      paused = p;
      await send(p ? null : current);
    },
    stop: async () => {
      pc.close();
      // Ends the publish at the provider; the page is going away, so a failure changes nothing.
      // keepalive: the DELETE still goes out when it is sent from pagehide.
      if (location)
        await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
    },
  };
}
