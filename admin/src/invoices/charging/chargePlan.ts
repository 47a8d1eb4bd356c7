import { CHARGE_BANNER_TEXT } from '@ar/rules';
import { formatMoney } from '../money';

/**
 * Charge all/selected cards on Invoice Group Details (issue 11, spec 000 sections 2, 7, 8): who sees
 * the controls, which invoices a click charges, and which of the spec's banners its answer shows.
 * Pure, so the rules are tested without a browser.
 */

/** What the charge reads of an invoice record (`/api/invoices`). */
export interface ChargeCandidate {
  invoiceID: number;
  outStandingBalanceCents: number;
  batchChargeEligible: boolean;
  batchChargIneligibilityReason: string | null;
  creditCardLimitExceeded: boolean;
}

/** One invoice's answer of `processCards` (or of the `charge-batch` job). */
export interface InvoiceConfirmation {
  invoiceID: number;
  charged: boolean;
  amountCharged: number;
  amountChargedCents?: number;
  status?: string;
  reason?: string;
}

export interface SkippedGroup {
  reason: string;
  count: number;
}

export interface ChargePlan {
  /** The invoices the click charges, in the order given. */
  ids: number[];
  totalCents: number;
  /** How many of the target cannot be charged now. */
  skipped: number;
  /** The skipped ones by reason, the most common first (then by text). */
  skippedBy: SkippedGroup[];
  /** x of the card-limit banner: invoices whose amount exceeds the card's limit. */
  cardLimit: number;
  /** y of the card-limit banner: every invoice of the target. */
  targeted: number;
}

/** Unknown reason of an ineligible invoice (the server always names one). */
export const UNKNOWN_REASON = 'This invoice cannot be charged now.';

export function planCharge(target: readonly ChargeCandidate[]): ChargePlan {
  const ids: number[] = [];
  let totalCents = 0;
  const by = new Map<string, number>();
  for (const inv of target) {
    if (inv.batchChargeEligible && inv.outStandingBalanceCents > 0) {
      ids.push(inv.invoiceID);
      totalCents += inv.outStandingBalanceCents;
    } else {
      const reason = inv.batchChargIneligibilityReason ?? (inv.batchChargeEligible ? 'Nothing is due on this invoice.' : UNKNOWN_REASON);
      by.set(reason, (by.get(reason) ?? 0) + 1);
    }
  }
  const skippedBy = [...by]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return {
    ids,
    totalCents,
    skipped: target.length - ids.length,
    skippedBy,
    cardLimit: target.filter((i) => i.creditCardLimitExceeded).length,
    targeted: target.length,
  };
}

const invoices = (n: number) => `${n} invoice${n === 1 ? '' : 's'}`;

/** The confirm dialog's question: how many, and the total. */
export function confirmText(plan: ChargePlan, symbol: string): string {
  const why = plan.skippedBy.map((g) => `${g.reason} (${g.count})`).join(' ');
  const skipped = plan.skipped ? ` ${invoices(plan.skipped)} cannot be charged and will be skipped: ${why}` : '';
  return `Charge the cards on file for ${invoices(plan.ids.length)}, a total of ${formatMoney(plan.totalCents, symbol)}?${skipped}`;
}

export type BannerKind = 'processed' | 'failed' | 'error' | 'cardLimit';

export interface Banner {
  kind: BannerKind;
  severity: 'success' | 'warning' | 'error' | 'info';
  text: string;
  /** The failed banner's second sentence. */
  detail?: string;
  /** The failed banner offers Clear filter. */
  clearFilter?: boolean;
}

/** The outcome of a click: the call failed (or its job did), or the confirmations. */
export type ChargeOutcome = { kind: 'error' } | { kind: 'done'; confirmations: readonly InvoiceConfirmation[] };

/**
 * The spec's banners for a charge's outcome (000 section 8), exactly: total failure (the call failed,
 * or nothing was charged and every invoice failed for an error of ours rather than a decline) says
 * no cards were charged; otherwise '{n}/{m} ... processed!.' for the charged and '{n}/{m} ... failed.'
 * (with its second sentence and Clear filter) for the rest, m being the invoices sent to charge.
 * The card-limit banner follows whenever the target had invoices above their card's limit.
 */
export function chargeBanners(outcome: ChargeOutcome, plan: Pick<ChargePlan, 'cardLimit' | 'targeted'>): Banner[] {
  const out: Banner[] = [];
  if (outcome.kind === 'error' || totalFailure(outcome.confirmations)) {
    out.push({ kind: 'error', severity: 'error', text: CHARGE_BANNER_TEXT.error });
  } else {
    const m = outcome.confirmations.length;
    const charged = outcome.confirmations.filter((c) => c.charged).length;
    if (charged > 0) out.push({ kind: 'processed', severity: 'success', text: CHARGE_BANNER_TEXT.processed(charged, m) });
    if (m - charged > 0)
      out.push({
        kind: 'failed',
        severity: 'warning',
        text: CHARGE_BANNER_TEXT.failed(m - charged, m),
        detail: CHARGE_BANNER_TEXT.failedDetail,
        clearFilter: true,
      });
  }
  if (plan.cardLimit > 0)
    out.push({ kind: 'cardLimit', severity: 'info', text: CHARGE_BANNER_TEXT.cardLimit(plan.cardLimit, plan.targeted) });
  return out;
}

/** Nothing charged, and no invoice was refused by the gateway or the rules: the batch itself failed. */
function totalFailure(confirmations: readonly InvoiceConfirmation[]): boolean {
  return confirmations.length > 0 && confirmations.every((c) => !c.charged && c.status === 'failed');
}
