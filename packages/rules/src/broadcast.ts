// Video broadcast and analytics dashboard texts and constants (spec 001 "Video broadcast",
// "Analytics dashboard", sections 8 and 9), shared by the server's answers and the admin pages.

export const BROADCAST_TEXT = {
  /** The token call failed: the streaming provider could not be reached or refused (a 503), or no answer. */
  fetchFailed: 'Unable to fetch publish token',
  /** The call answered `success: false`: no streaming provider is configured. */
  noToken: 'Cannot Fetch Milli token',
  notFound: 'Catalog data not found.',
  /** The browser refused the camera or microphone. */
  mediaDenied: 'Unable to connect to media, please check permissions.',
  /** The spec's "permissions error text if devices are missing" (exact text not shown): ours. */
  noDevices: 'No camera or microphone was found. Please connect a camera and microphone and allow this site to use them.',
} as const;

/** Spec 001 section 9: standard 426x240, high 854x480. */
export const BROADCAST_RESOLUTIONS = [
  { key: '240p', label: 'Standard (240p)', width: 426, height: 240 },
  { key: '480p', label: 'High (480p)', width: 854, height: 480 },
] as const;

export type BroadcastResolutionKey = (typeof BROADCAST_RESOLUTIONS)[number]['key'];

export const broadcastResolution = (key: string) => BROADCAST_RESOLUTIONS.find((r) => r.key === key) ?? BROADCAST_RESOLUTIONS[0];

/** `?isWebRtc=0|1` (spec route table): WebRTC publishing unless it says 0. */
export const isWebRtcMode = (raw: string | null): boolean => raw !== '0';

export const ANALYTICS_TEXT = {
  /** The spec shows no text for a dashboard that is not set up: ours. */
  notConfigured: 'The analytics dashboard is not set up for your account yet. Please contact Customer Care to turn it on.',
} as const;

/** Ad Campaign Reporting's empty state (the spec shows none: ours). */
export const CAMPAIGN_REPORT_TEXT = {
  empty: 'No ad campaigns have run yet. Featured items you promote appear here after their sale.',
} as const;
