// Spec 001 "Session wizard routes": step titles per wizard.
export const SESSION_TYPES = ['bin', 'live', 'timed'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const BIN_STEPS = ['Sale Details', 'Upload Items', 'Upload Images', 'Preview Sale', 'Review & Publish'];
export const LIVE_TIMED_STEPS = [
  'Create Session',
  'Session Details',
  'Upload Items',
  'Upload Images',
  'Preview Session',
  'Review & Publish',
];

export const isSessionType = (t: string | undefined): t is SessionType => (SESSION_TYPES as readonly string[]).includes(t ?? '');

/** "A path containing bin uses the bin wizard, otherwise the live/timed wizard." */
export const stepsForPath = (pathname: string) => (pathname.includes('bin') ? BIN_STEPS : LIVE_TIMED_STEPS);

/** "A step outside the range becomes 1." */
export function normalizeStep(step: string | undefined, count: number): number {
  const n = Number(step);
  return Number.isInteger(n) && n >= 1 && n <= count ? n : 1;
}
