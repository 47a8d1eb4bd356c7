/**
 * Sale results arithmetic and grouping (spec 001 "Sale results"; docs/decisions/sale-results.md).
 * Pure functions: each lot's premium and live fee come from the invoice arithmetic (math/), the
 * same functions invoices are built with, so a lot's numbers here equal its invoice line's; member
 * sums and grand totals add the rounded per-lot cents, as invoices do.
 */
import type { SaleResultBidder, SaleResultLot, SaleResultsGrandTotals, SaleResultsSums } from '@ar/rules';
import { buyersPremium, liveFee, type Channel, type PremiumStep } from '../../invoicing/math';
import type { RateMilli } from '../../../core/money/money';

/** One sold lot as the query reads it. */
export interface SoldLotRow {
  lotId: number;
  lotRef: string;
  lotNumber: string;
  title: string;
  catalogRef: string;
  catalogPrefix: string;
  hammer: number;
  channel: Channel;
  auctionGroupId: number;
  approvalId: number;
  paddleNumber: number;
  memberId: number;
  memberRef: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  mobilePhone: string | null;
  street: string | null;
  city: string | null;
  stateCode: string | null;
  postalCode: string | null;
  countryCode: string | null;
  /** The lot's dispute (sale results show it) and whether this user may open one on it. */
  disputeRef?: string | null;
  disputeStat?: string | null;
  canOpenDispute?: boolean;
}

export interface GroupCharging {
  premiumSteps: readonly PremiumStep[];
  liveFeeRate: RateMilli;
}

/** Prefixes of the selected sessions in date order: A, B, ..., Z, AA, AB ... */
export function catalogPrefix(index: number): string {
  let n = index;
  let s = '';
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

function emptySums(): SaleResultsSums {
  return { lotCount: 0, sumHammer: 0, sumBuyPrem: 0, sumLiveFee: 0, sumPayable: 0 };
}

/** A buyer's columns from their first sold lot row (sums empty, no lots yet). */
export function saleResultBidder(r: SoldLotRow): SaleResultBidder {
  return {
    memberID: r.memberId,
    memberRef: r.memberRef,
    firstName: r.firstName,
    lastName: r.lastName,
    channel: r.channel,
    approvalID: r.approvalId,
    paddleNumber: r.paddleNumber,
    email: r.email,
    phones: [r.phone, r.mobilePhone].filter((p): p is string => !!p),
    address: { street: r.street, city: r.city, stateID: r.stateCode, postCode: r.postalCode, countryID: r.countryCode },
    memberSums: emptySums(),
    items: [],
  };
}

/** A sold lot priced with its sale's premium steps and live fee (the invoice arithmetic). */
export function saleResultLot(r: SoldLotRow, charging: ReadonlyMap<number, GroupCharging>, currencySymbol: string): SaleResultLot {
  const group = charging.get(r.auctionGroupId);
  if (!group) throw new Error(`No charging for sale ${r.auctionGroupId}`);
  const premium = buyersPremium(r.hammer, group.premiumSteps);
  const fee = liveFee(r.hammer, r.channel, group.liveFeeRate);
  return {
    transactionID: r.lotId,
    lotRef: r.lotRef,
    memberID: r.memberId,
    lotNumber: r.lotNumber,
    title: r.title,
    lotUrl: null,
    catalogRef: r.catalogRef,
    catalogPrefix: r.catalogPrefix,
    hammer: r.hammer,
    buyPrem: premium,
    liveFee: fee,
    payble: r.hammer + premium + fee,
    currencySymbol,
    canOpenDispute: r.canOpenDispute ?? false,
    disputeRef: r.disputeRef ?? null,
    disputeStatDescription: r.disputeStat ?? null,
  };
}

export const emptyGrandTotals = (): SaleResultsGrandTotals => ({ lotCount: 0, hammer: 0, buyPrem: 0, liveFee: 0, payable: 0 });

/** Adds a priced lot's rounded cents to its buyer's sums and to the grand totals (as invoices sum lines). */
export function addSaleResultLot(s: SaleResultsSums, g: SaleResultsGrandTotals, lot: SaleResultLot): void {
  s.lotCount += 1;
  s.sumHammer += lot.hammer;
  s.sumBuyPrem += lot.buyPrem;
  s.sumLiveFee += lot.liveFee;
  s.sumPayable += lot.payble;
  g.lotCount += 1;
  g.hammer += lot.hammer;
  g.buyPrem += lot.buyPrem;
  g.liveFee += lot.liveFee;
  g.payable += lot.payble;
}

/**
 * Lots grouped by buyer (in the order the rows come: the query sorts by buyer name), each lot priced
 * with its sale's premium steps and live fee, member sums per buyer and the grand totals.
 */
export function groupSaleResults(
  rows: readonly SoldLotRow[],
  charging: ReadonlyMap<number, GroupCharging>,
  currencySymbol: string,
): { groupedData: SaleResultBidder[]; grandTotals: SaleResultsGrandTotals } {
  const byMember = new Map<number, SaleResultBidder>();
  const grandTotals = emptyGrandTotals();
  for (const r of rows) {
    const lot = saleResultLot(r, charging, currencySymbol);
    let bidder = byMember.get(r.memberId);
    if (!bidder) byMember.set(r.memberId, (bidder = saleResultBidder(r)));
    bidder.items.push(lot);
    addSaleResultLot(bidder.memberSums, grandTotals, lot);
  }
  return { groupedData: [...byMember.values()], grandTotals };
}
