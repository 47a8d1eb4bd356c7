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

/** The Lot page's `goToPage` when Upload Items' "Add single item" opened it (the single-item path). */
export const SINGLE_ITEM_PAGE = 'items';

/**
 * Where the Lot page's back and Cancel links lead (docs/decisions/session-wizard.md): the summary
 * when opened from there; on the single-item path, back to Upload Items until the lot is saved, then
 * on to Upload Images (live/timed) or the summary (bin, whose "Add single item" recorded 5); else the preview.
 */
export function lotPageReturn(type: SessionType, goToPage: string | undefined, isNew: boolean): { step: number; label: string } {
  const bin = type === 'bin';
  const summary = bin ? 5 : 6;
  if (goToPage === 'summary' || goToPage === 'step6' || goToPage === 'step5') return { step: summary, label: 'Return to Summary' };
  if (goToPage === SINGLE_ITEM_PAGE) {
    if (isNew) return { step: bin ? 2 : 3, label: 'Return to Upload Items' };
    return bin ? { step: summary, label: 'Continue to Review & Publish' } : { step: 4, label: 'Continue to Upload Images' };
  }
  return { step: summary - 1, label: 'Return to Preview' };
}
