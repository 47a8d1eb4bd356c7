import { LINKS } from '../common/brand';
import type { ProcessorType } from '../auth/types';

/**
 * The rules of the Payments promotion page (spec 001 "Payments promotion page"): which call to
 * action shows, its texts and where its button leads (docs/decisions/payments-promotion.md).
 */
export type PromoVariant = 'signUp' | 'switch';

export const PAYMENTS_PROMO_TEXT = {
  title: 'Payments',
  // Spec: "It says payments will be required from January."
  january: 'Payments will be required from January.',
  signUpHeading: 'Sign up for integrated payments',
  signUpBody: 'Collect bidder payments in the back office: invoices are paid online and settle to your account.',
  signUp: 'Sign Up',
  switchHeading: 'Switch your payment processor',
  switchBody: 'Book an appointment with our payments team and we will walk you through the switch.',
  bookAppointment: 'Book Appointment',
  opensNewTab: '(opens in a new tab)',
} as const;

/** "Book Appointment" only when the action route parameter equals `switch` (exactly); else sign-up. */
export function promoVariant(action: string | undefined): PromoVariant {
  return action === 'switch' ? 'switch' : 'signUp';
}

/** The button: the customer-care contact page, told which request and which house it is about. */
export function promoHref(variant: PromoVariant, houseUserName: string): string {
  const url = new URL(LINKS.contact);
  url.searchParams.set('topic', variant === 'switch' ? 'payments-appointment' : 'payments-sign-up');
  url.searchParams.set('house', houseUserName);
  return url.toString();
}

const PROCESSOR_NAMES: Record<Exclude<ProcessorType, null>, string> = {
  w: 'processor W',
  s: 'processor S',
  p: 'integrated payments (processor P)',
};

/** The house's current state, as the page states it above the call to action. */
export function processorStateText(processorType: ProcessorType | undefined, enabled: boolean): string {
  if (!processorType) return 'No payment processor is set up for this house yet.';
  const name = PROCESSOR_NAMES[processorType] ?? `processor ${String(processorType).toUpperCase()}`;
  return `Current processor: ${name}, payment processing ${enabled ? 'enabled' : 'not enabled'}.`;
}

/**
 * Where the calendar's "payment processing required" banner sends a house: a house with another
 * processor (w, s) to the switch appointment, any other to the sign-up.
 */
export function promoPath(processorType: ProcessorType | undefined): string {
  return processorType === 'w' || processorType === 's' ? '/payments/switch' : '/payments';
}

export const PROMO_LINK_TEXT = 'Set up payments';
