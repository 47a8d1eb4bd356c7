import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Stack, TextField, Typography } from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useParams, useSearchParams } from 'react-router-dom';
import { BROADCAST_RESOLUTIONS, isWebRtcMode } from '@ar/rules';
import { useAppDataProvider } from '../api/dataProvider';
import { AppAlert } from '../common/AppAlert';
import { AppSelect } from '../kit/AppSelect';
import { PageHeader } from '../kit/PageHeader';
import { fetchPublishToken, tokenErrorText } from './broadcastApi';
import { BROADCAST_HELP_LINKS } from './helpLinks';
import { useLocalMedia } from './useLocalMedia';
import { useWhipPublish } from './useWhipPublish';

/**
 * Video broadcast (/broadcast/{eventId}?isWebRtc=0|1; spec 001 "Video broadcast"): a publish token
 * for the session's stream from the server's streaming provider, camera and microphone selection,
 * a 240p/480p choice, the local preview with audio, video and pause toggles, the viewer preview
 * link and help links. The camera is published to the provider over WHIP (useWhipPublish): the status
 * says Connected once the provider's peer connection is up. With isWebRtc=0 the house streams from its own encoder with the token.
 */
export function BroadcastPage() {
  const eventId = useParams().eventId ?? '';
  const webRtc = isWebRtcMode(useSearchParams()[0].get('isWebRtc'));
  const dp = useAppDataProvider();
  const token = useQuery({
    queryKey: ['broadcast', 'token', eventId],
    queryFn: () => fetchPublishToken(dp, eventId),
    retry: false,
    staleTime: 10 * 60_000,
  });
  const media = useLocalMedia();
  const publish = useWhipPublish(webRtc ? media.stream : null, token.data, media.paused);
  const [cameraId, setCameraId] = useState('');
  const [micId, setMicId] = useState('');
  const [resolution, setResolution] = useState<string>(BROADCAST_RESOLUTIONS[0].key);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (webRtc) void media.listDevices().catch(() => undefined);
    // Once on open: the lists fill with labels after the devices are allowed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [webRtc]);
  useEffect(() => {
    if (video.current) video.current.srcObject = media.stream;
  }, [media.stream]);

  // A new choice while connected switches devices at once (spec: connected when a device is chosen).
  const choose = (next: { cameraId?: string; micId?: string; resolution?: string }) => {
    const c = { cameraId, micId, resolution, ...next };
    setCameraId(c.cameraId);
    setMicId(c.micId);
    setResolution(c.resolution);
    if (media.state === 'connected') void media.connect(c);
  };
  const options = (kind: 'videoinput' | 'audioinput') =>
    media.devices.filter((d) => d.kind === kind && d.id).map((d) => ({ value: d.id, label: d.label }));
  // Connected means the provider receives the stream, not only that the camera is open.
  const status =
    media.state === 'not-started' || publish.state === 'failed'
      ? 'Not started'
      : media.state === 'connecting' || publish.state !== 'connected'
        ? 'Connecting'
        : media.paused
          ? 'Paused'
          : 'Connected';

  return (
    <Stack spacing={2} data-testid="broadcast-page" data-state={media.state} data-publish={publish.state} sx={{ maxWidth: 1100 }}>
      <PageHeader title="Video Broadcast" back={{ to: '/my-auctions/current', label: '< Auctions/Sales' }} />
      {token.isError && <AppAlert message={tokenErrorText(token.error)} />}
      {token.data && (
        <Alert severity="success" data-testid="broadcast-token-ready">
          Ready to broadcast stream <strong>{token.data.streamName}</strong>.
        </Alert>
      )}

      {!webRtc && token.data && (
        <Card variant="outlined" data-testid="broadcast-encoder">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Broadcast from your encoder
            </Typography>
            <Typography sx={{ mb: 2 }}>Set your encoder to publish the stream name below with this publish token.</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="Stream name" value={token.data.streamName} slotProps={{ htmlInput: { readOnly: true } }} />
              <TextField label="Publish token" type="password" value={token.data.token} slotProps={{ htmlInput: { readOnly: true } }} />
            </Stack>
          </CardContent>
        </Card>
      )}

      {webRtc && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '340px 1fr' } }}>
          <Card variant="outlined" component="section" aria-labelledby="broadcast-devices">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2" id="broadcast-devices">
                  Camera and microphone
                </Typography>
                <AppSelect
                  label="Camera"
                  value={cameraId}
                  onChange={(v) => choose({ cameraId: v })}
                  options={options('videoinput')}
                  placeholder="Default camera"
                  slotProps={{ htmlInput: { 'data-testid': 'broadcast-camera' } }}
                />
                <AppSelect
                  label="Microphone"
                  value={micId}
                  onChange={(v) => choose({ micId: v })}
                  options={options('audioinput')}
                  placeholder="Default microphone"
                  slotProps={{ htmlInput: { 'data-testid': 'broadcast-mic' } }}
                />
                <AppSelect
                  label="Resolution"
                  value={resolution}
                  onChange={(v) => choose({ resolution: v })}
                  options={BROADCAST_RESOLUTIONS.map((r) => ({ value: r.key, label: `${r.label}, ${r.width}x${r.height}` }))}
                  slotProps={{ htmlInput: { 'data-testid': 'broadcast-resolution' } }}
                />
                {media.state !== 'connected' && (
                  <Button
                    variant="contained"
                    onClick={() => void media.connect({ cameraId, micId, resolution })}
                    disabled={media.state === 'connecting' || !token.data}
                    data-testid="broadcast-connect"
                  >
                    Connect camera and microphone
                  </Button>
                )}
                {publish.error && (
                  <>
                    <Alert severity="error" data-testid="broadcast-publish-error">
                      {publish.error}
                    </Alert>
                    <Button variant="contained" onClick={publish.retry} data-testid="broadcast-retry">
                      Try again
                    </Button>
                  </>
                )}
                {media.error && (
                  <Alert severity="error" data-testid="broadcast-media-error">
                    {media.error}
                  </Alert>
                )}
              </Stack>
            </CardContent>
          </Card>

          <Card variant="outlined" component="section" aria-labelledby="broadcast-preview">
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h6" component="h2" id="broadcast-preview" sx={{ flexGrow: 1 }}>
                  Preview
                </Typography>
                <Chip size="small" label={status} color={status === 'Connected' ? 'success' : 'default'} data-testid="broadcast-status" />
              </Stack>
              <Box
                sx={{
                  bgcolor: 'grey.900',
                  aspectRatio: '16 / 9',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  borderRadius: 1,
                }}
              >
                {media.stream ? (
                  <video
                    ref={video}
                    autoPlay
                    muted
                    playsInline
                    aria-label="Camera preview"
                    data-testid="broadcast-video"
                    style={{ width: '100%', height: '100%' }}
                  />
                ) : (
                  <Typography sx={{ color: 'grey.300' }}>Choose a camera and microphone to see the preview.</Typography>
                )}
              </Box>
              <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
                <Button
                  variant="outlined"
                  disabled={media.state !== 'connected'}
                  startIcon={media.audioOn ? <MicIcon /> : <MicOffIcon />}
                  onClick={media.toggleAudio}
                  aria-pressed={!media.audioOn}
                  data-testid="broadcast-audio"
                >
                  {media.audioOn ? 'Mute microphone' : 'Unmute microphone'}
                </Button>
                <Button
                  variant="outlined"
                  disabled={media.state !== 'connected'}
                  startIcon={media.videoOn ? <VideocamIcon /> : <VideocamOffIcon />}
                  onClick={media.toggleVideo}
                  aria-pressed={!media.videoOn}
                  data-testid="broadcast-video-toggle"
                >
                  {media.videoOn ? 'Turn camera off' : 'Turn camera on'}
                </Button>
                <Button
                  variant="outlined"
                  disabled={media.state !== 'connected'}
                  startIcon={media.paused ? <PlayArrowIcon /> : <PauseIcon />}
                  onClick={media.togglePause}
                  data-testid="broadcast-pause"
                >
                  {media.paused ? 'Resume' : 'Pause'}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Box>
      )}

      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', gap: 1 }} component="nav" aria-label="Broadcast links">
        {token.data && (
          <Link href={token.data.viewerUrl} target="_blank" rel="noopener noreferrer" data-testid="broadcast-preview-link">
            Preview the broadcast as bidders see it <OpenInNewIcon fontSize="inherit" aria-hidden />
          </Link>
        )}
        {BROADCAST_HELP_LINKS.map((l) => (
          <Link key={l.href} href={l.href} target="_blank" rel="noopener noreferrer" data-testid="broadcast-help-link">
            {l.label} <OpenInNewIcon fontSize="inherit" aria-hidden />
          </Link>
        ))}
      </Stack>
    </Stack>
  );
}
