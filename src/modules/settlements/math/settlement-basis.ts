/**
 * Which state a consigned lot settles in, and why a sold lot is held back (docs/settlements.md).
 *
 * Why "collected": the house pays the consignor out of the buyer's money. Under the default basis
 * ("paid") a sold lot is settled only once its invoice line is paid; under "hammer" it is settled
 * on the hammer alone (the house carries the buyer's risk). Under both, a lot whose buyer disputed
 * it, or was refunded and has not paid again, is held back with the reason: paying the consignor
 * for money the house gave back would have to be clawed back later.
 */
import type { Cents } from '../../../core/money/money';
import type { LineState } from './commission';

export type SettlementBasis = 'paid' | 'hammer';
export const SETTLEMENT_BASES: readonly SettlementBasis[] = ['paid', 'hammer'];

export interface ConsignedLotFacts {
  /** The lot was withdrawn (deleted): it goes back to the consignor. */
  withdrawn: boolean;
  /** Has a result (winning bidder and hammer). */
  sold: boolean;
  hammerCents: Cents | null;
  reserveCents: Cents | null;
  /** The session took place (its date is past): only then is a lot without a result unsold. */
  sessionHeld: boolean;
}

/** The buyer's side of a sold lot, read from invoicing (null: not invoiced). */
export interface LotCollection {
  /** The invoice line's hammer (floor edits included). */
  hammerCents: Cents;
  /** The line is paid (or the whole invoice is). */
  paid: boolean;
  /** Hidden on the invoice: it counts nowhere. */
  hidden: boolean;
  disputeRef: string | null;
  /** A live refund on the line or the whole invoice. */
  refunded: boolean;
  refundReason: string | null;
}

export interface LotDecision {
  state: LineState;
  hammerCents: Cents;
  heldReason: string | null;
}

export const HELD_TEXT = {
  disputed: (ref: string) => `Held: the buyer disputed the lot (dispute ${ref}).`,
  refunded: (reason: string | null) => `Held: the buyer was refunded${reason ? ` (${reason})` : ''}.`,
  notInvoiced: 'Held: the buyer has not been invoiced yet.',
  hidden: "Held: the lot is hidden on the buyer's invoice.",
  notPaid: 'Held: the buyer has not paid yet.',
  notHeld: 'Held: the session has not taken place yet.',
} as const;

const held = (hammerCents: Cents, heldReason: string): LotDecision => ({ state: 'held', hammerCents, heldReason });

export function decideLot(lot: ConsignedLotFacts, collection: LotCollection | null, basis: SettlementBasis): LotDecision {
  if (lot.withdrawn) return { state: 'returned', hammerCents: 0, heldReason: null };
  if (!lot.sold) {
    if (!lot.sessionHeld) return held(0, HELD_TEXT.notHeld);
    return { state: lot.reserveCents ? 'unsold' : 'passed', hammerCents: 0, heldReason: null };
  }
  const hammer = collection?.hammerCents ?? lot.hammerCents ?? 0;
  if (collection?.disputeRef) return held(hammer, HELD_TEXT.disputed(collection.disputeRef));
  if (collection?.refunded && !collection.paid) return held(hammer, HELD_TEXT.refunded(collection.refundReason));
  if (basis === 'paid') {
    if (!collection) return held(hammer, HELD_TEXT.notInvoiced);
    if (collection.hidden) return held(hammer, HELD_TEXT.hidden);
    if (!collection.paid) return held(hammer, HELD_TEXT.notPaid);
  }
  return { state: 'sold', hammerCents: hammer, heldReason: null };
}
