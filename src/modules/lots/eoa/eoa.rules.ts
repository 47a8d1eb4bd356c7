/**
 * End-of-auction rows (docs/decisions/eoa.md): a lot's result as the view and the download show it,
 * priced with the invoice arithmetic (the same functions an invoice line is built with, so the
 * numbers equal the invoices' to the cent), and the snapshot the audit trail records.
 */
import type { EoaLot, EoaResultSnapshot, EoaTotals } from '@ar/rules';
import { buyersPremium, liveFee, type Channel, type PremiumStep } from '../../invoicing/math';
import type { RateMilli } from '../../../core/money/money';

/** One lot as the EOA query reads it (the winner's approval and member joined, if any). */
export interface EoaLotRow {
  id: number;
  lot_number: string;
  title: string;
  hammer_cents: string | number | null;
  winning_approval_id: number | null;
  channel: string | null;
  paddle_number: number | null;
  first_name: string | null;
  last_name: string | null;
}

export interface EoaCharging {
  premiumSteps: readonly PremiumStep[];
  liveFeeRate: RateMilli;
}

export const isSold = (r: Pick<EoaLotRow, 'winning_approval_id' | 'hammer_cents'>): boolean =>
  r.winning_approval_id !== null && r.hammer_cents !== null;

const fullName = (r: Pick<EoaLotRow, 'first_name' | 'last_name'>): string | null =>
  r.first_name === null && r.last_name === null ? null : [r.first_name, r.last_name].filter(Boolean).join(' ');

/** The lot's line of the view: a sold lot with its buyer, hammer, premium and live fee; a passed lot with none. */
export function eoaLot(r: EoaLotRow, charging: EoaCharging): EoaLot {
  const base = { lotID: r.id, lotNumber: r.lot_number, title: r.title };
  if (!isSold(r)) {
    return { ...base, result: 'Passed', paddleNumber: null, buyerName: null, channel: null, hammer: null, premium: 0, liveFee: 0 };
  }
  const hammer = Number(r.hammer_cents);
  const channel = r.channel as Channel;
  return {
    ...base,
    result: 'Sold',
    paddleNumber: r.paddle_number || null,
    buyerName: fullName(r),
    channel,
    hammer,
    premium: buyersPremium(hammer, charging.premiumSteps),
    liveFee: liveFee(hammer, channel, charging.liveFeeRate),
  };
}

export function emptyTotals(): EoaTotals {
  return { lots: 0, sold: 0, passed: 0, hammer: 0, premium: 0, liveFee: 0 };
}

/** Adds a lot's rounded cents to the totals (as invoices sum rounded lines). */
export function addToTotals(t: EoaTotals, l: EoaLot): EoaTotals {
  t.lots += 1;
  if (l.result === 'Sold') {
    t.sold += 1;
    t.hammer += l.hammer ?? 0;
    t.premium += l.premium;
    t.liveFee += l.liveFee;
  } else t.passed += 1;
  return t;
}

/** What the audit trail records of a result. */
export function snapshot(r: EoaLotRow): EoaResultSnapshot {
  if (!isSold(r)) return { hammer: null, paddleNumber: null, buyerName: null, channel: null };
  return { hammer: Number(r.hammer_cents), paddleNumber: r.paddle_number || null, buyerName: fullName(r), channel: r.channel };
}

export const sameSnapshot = (a: EoaResultSnapshot, b: EoaResultSnapshot): boolean =>
  a.hammer === b.hammer && a.paddleNumber === b.paddleNumber && a.buyerName === b.buyerName && a.channel === b.channel;
