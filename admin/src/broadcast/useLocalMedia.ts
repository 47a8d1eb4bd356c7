import { useCallback, useEffect, useRef, useState } from 'react';
import { BROADCAST_TEXT, broadcastResolution } from '@ar/rules';

export interface MediaDevice {
  id: string;
  label: string;
  kind: 'videoinput' | 'audioinput';
}

export type MediaState = 'not-started' | 'connecting' | 'connected';

/**
 * The camera and microphone of the broadcast page (spec 001: not started, then connected when a
 * device is chosen; audio and video toggled; the stream paused and resumed). Tracks stop when the
 * page closes.
 */
export function useLocalMedia() {
  const [state, setState] = useState<MediaState>('not-started');
  const [devices, setDevices] = useState<MediaDevice[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [audioOn, setAudioOn] = useState(true);
  const [videoOn, setVideoOn] = useState(true);
  const [paused, setPaused] = useState(false);
  const current = useRef<MediaStream | null>(null);

  const stop = () => current.current?.getTracks().forEach((t) => t.stop());
  useEffect(() => stop, []);

  const listDevices = useCallback(async () => {
    const all = await navigator.mediaDevices.enumerateDevices();
    const found = all
      .filter((d): d is MediaDeviceInfo & { kind: MediaDevice['kind'] } => d.kind === 'videoinput' || d.kind === 'audioinput')
      .map((d, i) => ({ id: d.deviceId, kind: d.kind, label: d.label || `${d.kind === 'videoinput' ? 'Camera' : 'Microphone'} ${i + 1}` }));
    setDevices(found);
    return found;
  }, []);

  /** Opens the chosen devices at the chosen resolution (a new choice replaces the stream). */
  const connect = useCallback(
    async (choice: { cameraId: string; micId: string; resolution: string }) => {
      setError(null);
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(BROADCAST_TEXT.noDevices);
        return;
      }
      setState('connecting');
      const r = broadcastResolution(choice.resolution);
      try {
        const next = await navigator.mediaDevices.getUserMedia({
          video: {
            width: { ideal: r.width },
            height: { ideal: r.height },
            ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : {}),
          },
          audio: choice.micId ? { deviceId: { exact: choice.micId } } : true,
        });
        stop();
        current.current = next;
        next.getAudioTracks().forEach((t) => (t.enabled = audioOn && !paused));
        next.getVideoTracks().forEach((t) => (t.enabled = videoOn && !paused));
        setStream(next);
        setState('connected');
        // Labels and ids are only given once the user has allowed the devices.
        await listDevices();
      } catch (err) {
        const name = (err as DOMException)?.name;
        const missing = name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError';
        setError(missing ? BROADCAST_TEXT.noDevices : BROADCAST_TEXT.mediaDenied);
        setState(current.current ? 'connected' : 'not-started');
      }
    },
    [audioOn, videoOn, paused, listDevices],
  );

  const apply = (audio: boolean, video: boolean, isPaused: boolean) => {
    current.current?.getAudioTracks().forEach((t) => (t.enabled = audio && !isPaused));
    current.current?.getVideoTracks().forEach((t) => (t.enabled = video && !isPaused));
  };

  return {
    state,
    devices,
    error,
    stream,
    audioOn,
    videoOn,
    paused,
    listDevices,
    connect,
    toggleAudio: () => (setAudioOn(!audioOn), apply(!audioOn, videoOn, paused)),
    toggleVideo: () => (setVideoOn(!videoOn), apply(audioOn, !videoOn, paused)),
    togglePause: () => (setPaused(!paused), apply(audioOn, videoOn, !paused)),
  };
}
