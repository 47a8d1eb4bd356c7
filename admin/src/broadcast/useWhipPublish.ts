import { useCallback, useEffect, useRef, useState } from 'react';
import { PUBLISH_FAILED_TEXT, whipPublish, type WhipPublish } from './whip';

export type PublishState = 'idle' | 'connecting' | 'connected' | 'failed';

/**
 * Publishes the camera stream over WHIP once both the stream and the publish target are there; a new
 * stream (device or resolution) replaces the sender tracks, pause sends nothing; the publish ends
 * (DELETE) when the page closes.
 */
export function useWhipPublish(stream: MediaStream | null, target: { whipUrl: string; token: string } | undefined, paused: boolean) {
  const [state, setState] = useState<PublishState>('idle');
  const [attempt, setAttempt] = useState(0);
  const session = useRef<WhipPublish | null>(null);
  const starting = useRef(false);
  const latest = useRef({ stream, paused, gone: false });
  latest.current.stream = stream;
  latest.current.paused = paused;

  useEffect(() => {
    if (!stream || !target) return;
    if (session.current) {
      void session.current.replaceStream(stream);
      return;
    }
    if (starting.current) return;
    starting.current = true;
    setState('connecting');
    whipPublish(stream, target.whipUrl, target.token)
      .then(async (s) => {
        if (latest.current.gone) return void s.stop();
        session.current = s;
        // Choices made while the offer was out.
        if (latest.current.stream && latest.current.stream !== stream) await s.replaceStream(latest.current.stream);
        if (latest.current.paused) await s.setPaused(true);
        const follow = () => {
          const c = s.pc.connectionState;
          if (c === 'connected') setState('connected');
          else if (c === 'failed' || c === 'closed') setState('failed');
          else setState('connecting');
        };
        s.pc.addEventListener('connectionstatechange', follow);
        follow();
      })
      .catch(() => setState('failed'))
      .finally(() => (starting.current = false));
  }, [stream, target, attempt]);

  useEffect(() => void session.current?.setPaused(paused), [paused]);
  useEffect(() => {
    // Leaving the app (reload, closed tab) unmounts nothing: end the publish on pagehide as well.
    const end = () => {
      latest.current.gone = true;
      void session.current?.stop();
      session.current = null;
    };
    window.addEventListener('pagehide', end);
    return () => {
      window.removeEventListener('pagehide', end);
      end();
    };
  }, []);

  /** After a failure: a new offer on a new connection. */
  const retry = useCallback(() => {
    void session.current?.stop();
    session.current = null;
    setAttempt((n) => n + 1);
  }, []);

  return { state, error: state === 'failed' ? PUBLISH_FAILED_TEXT : null, retry };
}
