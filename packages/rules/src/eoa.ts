/**
 * End-of-auction reconciliation (issue 14, beyond the spec; docs/decisions/eoa.md): the texts and
 * the input rules the server checks and the admin's correction forms show before sending.
 */

/** The largest hammer a correction accepts (cents): 99,999,999.99, well inside a safe integer. */
export const EOA_MAX_HAMMER_CENTS = 9_999_999_999;
/** Paddle numbers are positive whole numbers (0 means "no paddle" on an approval). */
export const EOA_MAX_PADDLE = 2_147_483_647;

export const EOA_TEXT = {
  hammerRequired: 'Enter the hammer price.',
  hammerFormat: 'Hammer must be a number with at most two decimals.',
  hammerNegative: 'Hammer cannot be negative.',
  hammerTooLarge: 'Hammer must be at most 99,999,999.99.',
  paddleRequired: 'Enter a paddle number.',
  paddleFormat: 'Paddle must be a whole number.',
  paddleNotRegistered: (paddle: number) => `Paddle ${paddle} is not a registered bidder of this sale.`,
  paddleAmbiguous: (paddle: number) => `Paddle ${paddle} belongs to more than one bidder of this sale: correct the registrations first.`,
  lotPassed: 'This lot is passed: assign a buyer (with a hammer) to sell it.',
  alreadyPassed: 'This lot is already passed.',
  locked: 'This session is invoiced: its results are locked. Correct the invoice instead (invoice editing).',
  lotNotFound: 'Lot not found.',
  sessionNotFound: 'Session not found.',
  noAccess: 'You need reports access to reconcile results.',
  filterResult: 'Result must be Sold or Passed.',
  filterChannel: 'Channel must be INV, PL, AZ or Floor.',
  filterSearch: 'Search must be a lot number or a paddle (at most 32 characters).',
  filterUnknown: (field: string) => `Cannot filter by ${field}.`,
} as const;

/** The EOA lot list's page sizes (the spec gives none for this screen; first = default). */
export const EOA_PAGE_SIZES = [50, 100, 200] as const;
/** Columns the EOA lot list sorts by (lotNumber: numbers as numbers, then the letter). */
export const EOA_SORTS = ['lotNumber', 'result', 'paddleNumber', 'buyerName', 'channel', 'hammer'] as const;
export type EoaSort = (typeof EOA_SORTS)[number];
export const EOA_RESULTS = ['Sold', 'Passed'] as const;
export const EOA_CHANNELS = ['INV', 'PL', 'AZ', 'Floor'] as const;

/** The lot list's filter: result, channel (sold lots), and a lot number or paddle (`q`). */
export interface EoaLotFilter {
  result?: (typeof EOA_RESULTS)[number];
  channel?: (typeof EOA_CHANNELS)[number];
  q?: string;
}

export type EoaAction = 'hammer' | 'buyer' | 'pass';

export const EOA_ACTION_LABELS: Record<EoaAction, string> = {
  hammer: 'Hammer corrected',
  buyer: 'Buyer reassigned',
  pass: 'Passed',
};

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const HAMMER = /^\d+(\.\d{1,2})?$/;

/**
 * A hammer typed as text ("1,250.5" is refused: no separators) or a JSON number, in integer cents,
 * exact: the digits are read as text, never through floating point.
 */
export function parseHammer(raw: unknown): Checked<number> {
  if (raw === undefined || raw === null) return { ok: false, message: EOA_TEXT.hammerRequired };
  if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, message: EOA_TEXT.hammerFormat };
  if (typeof raw === 'number' && !Number.isFinite(raw)) return { ok: false, message: EOA_TEXT.hammerFormat };
  const text = String(raw).trim();
  if (text === '') return { ok: false, message: EOA_TEXT.hammerRequired };
  const unsigned = text.startsWith('-') ? text.slice(1) : text;
  if (!HAMMER.test(unsigned)) return { ok: false, message: EOA_TEXT.hammerFormat };
  if (unsigned !== text) return Number(unsigned) === 0 ? { ok: true, value: 0 } : { ok: false, message: EOA_TEXT.hammerNegative };
  const [whole, frac = ''] = unsigned.split('.');
  if (whole.replace(/^0+/, '').length > 8) return { ok: false, message: EOA_TEXT.hammerTooLarge };
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (cents > EOA_MAX_HAMMER_CENTS) return { ok: false, message: EOA_TEXT.hammerTooLarge };
  return { ok: true, value: cents };
}

/** A paddle number typed as text or sent as a number: a positive whole number. */
export function parsePaddle(raw: unknown): Checked<number> {
  if (raw === undefined || raw === null) return { ok: false, message: EOA_TEXT.paddleRequired };
  if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, message: EOA_TEXT.paddleFormat };
  const text = String(raw).trim();
  if (text === '') return { ok: false, message: EOA_TEXT.paddleRequired };
  if (!/^\d{1,10}$/.test(text)) return { ok: false, message: EOA_TEXT.paddleFormat };
  const n = Number(text);
  if (n < 1 || n > EOA_MAX_PADDLE) return { ok: false, message: EOA_TEXT.paddleFormat };
  return { ok: true, value: n };
}

// Who may reconcile (canReconcile) is in eoa-access.ts: the admin's shell needs it for the menu, and
// a module the shell imports travels whole in the first load.
export { canReconcile } from './eoa-access';

/** The view's answer (amounts in integer cents). */
export interface EoaLot {
  lotID: number;
  lotNumber: string;
  title: string;
  result: 'Sold' | 'Passed';
  paddleNumber: number | null;
  buyerName: string | null;
  channel: string | null;
  hammer: number | null;
  premium: number;
  liveFee: number;
}

export interface EoaAuditEntry {
  id: number;
  lotID: number;
  lotNumber: string;
  action: EoaAction;
  userName: string;
  createdAt: string;
  before: EoaResultSnapshot;
  after: EoaResultSnapshot;
}

/** A lot's result as the audit trail records it, before and after a change. */
export interface EoaResultSnapshot {
  hammer: number | null;
  paddleNumber: number | null;
  buyerName: string | null;
  channel: string | null;
}

export interface EoaTotals {
  lots: number;
  sold: number;
  passed: number;
  hammer: number;
  premium: number;
  liveFee: number;
}

export interface EoaView {
  session: { catalogID: number; catalogRef: string; title: string; date: string; currencyCode: string };
  locked: boolean;
  lockedReason: string | null;
  /** The whole session's (computed by the database). */
  totals: EoaTotals;
  audit: EoaAuditEntry[];
}

/** A page of the session's lots (`GET eoa/{catalogRef}/lots`): `total` lots match the filter, `totals` are theirs. */
export interface EoaLotsPage {
  lots: EoaLot[];
  total: number;
  totals: EoaTotals;
}

/** "Bob Avery, paddle 12, INV, 1,250.00" style one-line summary of a snapshot, for the audit trail. */
export function describeResult(s: EoaResultSnapshot): string {
  if (s.hammer === null) return 'Passed';
  const amount = `${Math.trunc(s.hammer / 100).toLocaleString('en-US')}.${String(s.hammer % 100).padStart(2, '0')}`;
  const who =
    s.paddleNumber !== null ? `paddle ${s.paddleNumber}${s.buyerName ? ` (${s.buyerName})` : ''}` : (s.buyerName ?? 'unknown buyer');
  return `${amount} to ${who}${s.channel ? `, ${s.channel}` : ''}`;
}
