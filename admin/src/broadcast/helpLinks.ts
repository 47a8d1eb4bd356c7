import { LINKS } from '../common/brand';

/** The broadcast page's help links (spec 001 "Video broadcast": help links). */
export const BROADCAST_HELP_LINKS = [
  { label: 'How to broadcast video', href: `${LINKS.helpCenter}/video-broadcast` },
  { label: 'Allow your camera and microphone', href: `${LINKS.helpCenter}/camera-microphone-permissions` },
] as const;
