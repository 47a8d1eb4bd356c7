import type { CardBrand, ChargeStatus, DeclineCode, PaymentMethodKind, TokenisedPaymentMethod } from './payment-gateway';

/** How a sandbox token behaves when charged. */
export interface SandboxTokenSpec {
  /** The token, or its prefix: `tok_visa_approve_anything` behaves as `tok_visa_approve`. */
  token: string;
  kind: PaymentMethodKind;
  brand: CardBrand | null;
  last4: string;
  /** What a charge returns (ACH: pending, then `settles` decides). */
  outcome: 'approve' | 'decline' | 'limit' | 'ach';
  declineCode?: DeclineCode;
  /** ACH only: settles (true) or fails (false) at the next settlement. */
  settles?: boolean;
  /** For the docs' table. */
  doc: string;
}

/** Every test token of the sandbox gateway. docs/decisions/payments-gateway.md shows this table. */
export const SANDBOX_TOKENS: readonly SandboxTokenSpec[] = [
  { token: 'tok_visa_approve', kind: 'card', brand: 'visa', last4: '4242', outcome: 'approve', doc: 'Approved.' },
  { token: 'tok_mastercard_approve', kind: 'card', brand: 'mastercard', last4: '4444', outcome: 'approve', doc: 'Approved.' },
  { token: 'tok_discover_approve', kind: 'card', brand: 'discover', last4: '1117', outcome: 'approve', doc: 'Approved.' },
  { token: 'tok_amex_approve', kind: 'card', brand: 'amex', last4: '8431', outcome: 'approve', doc: 'Approved.' },
  {
    token: 'tok_decline_insufficient_funds',
    kind: 'card',
    brand: 'visa',
    last4: '9995',
    outcome: 'decline',
    declineCode: 'insufficient_funds',
    doc: 'Declined, `insufficient_funds`.',
  },
  {
    token: 'tok_decline_expired',
    kind: 'card',
    brand: 'visa',
    last4: '0069',
    outcome: 'decline',
    declineCode: 'expired_card',
    doc: 'Declined, `expired_card`.',
  },
  {
    token: 'tok_decline_do_not_honour',
    kind: 'card',
    brand: 'mastercard',
    last4: '0002',
    outcome: 'decline',
    declineCode: 'do_not_honour',
    doc: 'Declined, `do_not_honour`.',
  },
  {
    token: 'tok_visa_limit_',
    kind: 'card',
    brand: 'visa',
    last4: '1881',
    outcome: 'limit',
    declineCode: 'card_limit_exceeded',
    doc: '`tok_visa_limit_50000`: approves a charge of up to 50000 cents, declines a larger one with `card_limit_exceeded`.',
  },
  {
    token: 'tok_ach_settle',
    kind: 'ach',
    brand: null,
    last4: '6789',
    outcome: 'ach',
    settles: true,
    doc: 'Pending; settles at the next settlement.',
  },
  {
    token: 'tok_ach_fail',
    kind: 'ach',
    brand: null,
    last4: '1116',
    outcome: 'ach',
    settles: false,
    declineCode: 'ach_returned',
    doc: 'Pending; fails (`ach_returned`) at the next settlement.',
  },
];

export const SANDBOX_MESSAGES = {
  approved: 'Approved.',
  pending: 'ACH debit accepted; pending settlement.',
  settled: 'ACH debit settled.',
  refunded: 'Refunded.',
  insufficient_funds: 'Declined: insufficient funds.',
  expired_card: 'Declined: the card has expired.',
  do_not_honour: 'Declined: do not honour. The bidder should contact their bank.',
  card_limit_exceeded: 'Declined: the amount exceeds the card limit.',
  invalid_payment_method: 'Declined: the payment method is not valid.',
  ach_returned: 'ACH debit returned: insufficient funds (R01).',
} as const satisfies Record<DeclineCode | 'approved' | 'pending' | 'settled' | 'refunded', string>;

/** The spec of a sandbox token; null for a token the sandbox does not know. */
export function sandboxTokenSpec(token: string): { spec: SandboxTokenSpec; limitCents: number | null } | null {
  const limit = /^tok_visa_limit_(\d{1,12})(?:_\w+)?$/.exec(token);
  if (limit) return { spec: SANDBOX_TOKENS.find((t) => t.outcome === 'limit')!, limitCents: Number(limit[1]) };
  const spec = SANDBOX_TOKENS.find((t) => t.outcome !== 'limit' && (token === t.token || token.startsWith(`${t.token}_`)));
  return spec ? { spec, limitCents: null } : null;
}

export interface SandboxOutcome {
  status: ChargeStatus;
  declineCode?: DeclineCode;
  message: string;
  kind: PaymentMethodKind | null;
}

/** What charging `amountCents` to `token` gives in the sandbox. Pure. */
export function sandboxOutcome(token: string, amountCents: number): SandboxOutcome {
  const found = sandboxTokenSpec(token);
  if (!found) return decline('invalid_payment_method', null);
  const { spec, limitCents } = found;
  switch (spec.outcome) {
    case 'approve':
      return { status: 'approved', message: SANDBOX_MESSAGES.approved, kind: spec.kind };
    case 'decline':
      return decline(spec.declineCode!, spec.kind);
    case 'limit':
      return amountCents > limitCents!
        ? decline('card_limit_exceeded', spec.kind)
        : { status: 'approved', message: SANDBOX_MESSAGES.approved, kind: spec.kind };
    case 'ach':
      return { status: 'pending', message: SANDBOX_MESSAGES.pending, kind: 'ach' };
  }
}

/** How a pending ACH charge on `token` ends at settlement. */
export function sandboxSettlement(token: string): { settlement: 'settled' | 'failed'; declineCode?: DeclineCode; message: string } {
  const found = sandboxTokenSpec(token);
  if (found?.spec.settles === false) return { settlement: 'failed', declineCode: 'ach_returned', message: SANDBOX_MESSAGES.ach_returned };
  return { settlement: 'settled', message: SANDBOX_MESSAGES.settled };
}

/** What may be stored of a sandbox token as a payment method on file (demo data, tests). */
export function sandboxPaymentMethod(
  token: string,
  expiry: { month: number; year: number } = { month: 12, year: 2030 },
): TokenisedPaymentMethod {
  const found = sandboxTokenSpec(token);
  if (!found) throw new Error(`${token} is not a sandbox token`);
  const { spec } = found;
  const expired = spec.declineCode === 'expired_card';
  return {
    token,
    kind: spec.kind,
    brand: spec.brand,
    last4: spec.last4,
    expMonth: spec.kind === 'ach' ? null : expired ? 8 : expiry.month,
    expYear: spec.kind === 'ach' ? null : expired ? 2025 : expiry.year,
  };
}

function decline(code: DeclineCode, kind: PaymentMethodKind | null): SandboxOutcome {
  return { status: 'declined', declineCode: code, message: SANDBOX_MESSAGES[code], kind };
}
