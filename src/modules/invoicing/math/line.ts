/**
 * One lot line of an invoice (INVOICE-MATH.md, "One lot line").
 *
 * Why one function takes everything: the line is the unit of rounding (each computed amount is
 * rounded once here) and the unit of storage; invoices and group totals only ever add these
 * rounded cents, so every screen, call and CSV shows the same numbers.
 *
 * Decisions the spec leaves open:
 * - Floor overrides (hammer, BP, live fee) are only accepted for the Floor channel, as the spec
 *   allows edits only there. Each override replaces its own computed value; a component that is
 *   not overridden is computed from the effective hammer (so overriding only the hammer moves the
 *   premium with it). Tax and fees are always recomputed from the effective values.
 * - Staff-entered per-lot tax (the charge form's Tax field) is added to the computed tax; it is
 *   refused for a US bidder under processor `p`, whose tax is automatic and "not sent".
 * - Shipping, insurance and entered tax cannot be negative; staff Other may be (a discount).
 */
import type { Cents, RateMilli } from '../../../core/money/money';
import type { BidderAddress } from './address';
import { assertCents, sumCents } from './cents';
import { feesFromRows, taxFromRows, type ChargeBase, type ChargeRow, type FeeAmount } from './charge-rows';
import { InvoiceMathError, InvoiceMathErrorCode } from './errors';
import { assertChannel, liveFee, type Channel } from './live-fee';
import { buyersPremium, type PremiumStep } from './premium';
import { stateSalesTax, usesStateSalesTax, type ProcessorType, type TaxRateProvider } from './sales-tax';

/** What the auction group contributes to every line. */
export interface GroupCharging {
  premiumSteps: readonly PremiumStep[];
  liveFeeRate: RateMilli;
}

/** The invoice template's tax and fee rows. */
export interface TemplateCharging {
  taxRows: readonly ChargeRow[];
  feeRows: readonly ChargeRow[];
}

/** Per-lot charges entered by staff, in cents as entered. */
export interface StaffLineCharges {
  shipping?: Cents;
  insurance?: Cents;
  /** May be negative (a discount or adjustment). */
  other?: Cents;
  tax?: Cents;
}

/** Floor-channel edits that replace computed values. */
export interface LineOverrides {
  hammer?: Cents | null;
  premium?: Cents | null;
  liveFee?: Cents | null;
}

export interface LotLineInput {
  hammer: Cents;
  channel: Channel;
  bidder: BidderAddress;
  group: GroupCharging;
  template: TemplateCharging;
  processorType?: ProcessorType | null;
  /** Required when the house's processor is `p` and the bidder is in the US. */
  taxRates?: TaxRateProvider;
  staff?: StaffLineCharges;
  overrides?: LineOverrides;
}

export interface LotLine {
  hammer: Cents;
  premium: Cents;
  liveFee: Cents;
  /** computed + entered. */
  tax: Cents;
  taxComputed: Cents;
  taxEntered: Cents;
  /** Where the computed tax came from. */
  taxSource: 'template' | 'state-table';
  /** The state rate applied under processor `p` (null otherwise or when not found). */
  stateTaxRate: RateMilli | null;
  /** Processor `p`, US bidder, and no rate for the bidder's state: tax is 0 and needs a person. */
  taxCalculationError: boolean;
  /** Template fees by fee type; they sum to `feesTotal`. */
  fees: FeeAmount[];
  feesTotal: Cents;
  shipping: Cents;
  insurance: Cents;
  otherStaff: Cents;
  /** feesTotal + otherStaff: the line's Other column. */
  other: Cents;
  /** hammer + premium + liveFee + tax + shipping + insurance + other. */
  total: Cents;
  overridden: { hammer: boolean; premium: boolean; liveFee: boolean };
}

function present(v: Cents | null | undefined): v is Cents {
  return v !== null && v !== undefined;
}

export function computeLotLine(input: LotLineInput): LotLine {
  assertChannel(input.channel);
  assertCents(input.hammer, 'Hammer');
  const ov = input.overrides ?? {};
  const overridden = { hammer: present(ov.hammer), premium: present(ov.premium), liveFee: present(ov.liveFee) };
  if ((overridden.hammer || overridden.premium || overridden.liveFee) && input.channel !== 'Floor') {
    throw new InvoiceMathError(
      InvoiceMathErrorCode.OVERRIDE_NOT_ALLOWED,
      "Hammer, buyer's premium and live fee can only be edited on Floor-channel lines.",
    );
  }
  if (present(ov.hammer)) assertCents(ov.hammer, 'Hammer');
  if (present(ov.premium)) assertCents(ov.premium, "Buyer's premium");
  if (present(ov.liveFee)) assertCents(ov.liveFee, 'Live fee');

  const hammer = present(ov.hammer) ? ov.hammer : input.hammer;
  const premium = present(ov.premium) ? ov.premium : buyersPremium(hammer, input.group.premiumSteps);
  const fee = present(ov.liveFee) ? ov.liveFee : liveFee(hammer, input.channel, input.group.liveFeeRate);
  const base: ChargeBase = { hammer, premium, liveFee: fee };

  const staff = input.staff ?? {};
  const shipping = staff.shipping ?? 0;
  const insurance = staff.insurance ?? 0;
  const otherStaff = staff.other ?? 0;
  const taxEntered = staff.tax ?? 0;
  assertCents(shipping, 'Shipping');
  assertCents(insurance, 'Insurance');
  assertCents(otherStaff, 'Other', { allowNegative: true });
  assertCents(taxEntered, 'Tax');

  let taxComputed: Cents;
  let taxSource: LotLine['taxSource'];
  let stateTaxRate: RateMilli | null = null;
  let taxCalculationError = false;
  if (usesStateSalesTax(input.processorType, input.bidder)) {
    if (taxEntered !== 0) {
      throw new InvoiceMathError(
        InvoiceMathErrorCode.TAX_NOT_ENTERABLE,
        'Tax is computed automatically for US bidders and cannot be entered.',
      );
    }
    if (!input.taxRates) {
      throw new InvoiceMathError(
        InvoiceMathErrorCode.MISSING_TAX_RATE_PROVIDER,
        'No sales tax rate provider is configured for US bidders.',
      );
    }
    const st = stateSalesTax(input.taxRates, input.bidder, base);
    taxComputed = st.tax;
    stateTaxRate = st.rate;
    taxCalculationError = st.error;
    taxSource = 'state-table';
  } else {
    taxComputed = taxFromRows(input.template.taxRows, input.bidder, base);
    taxSource = 'template';
  }
  const fees = feesFromRows(input.template.feeRows, input.bidder, base);

  const tax = sumCents([taxComputed, taxEntered]);
  const other = sumCents([fees.total, otherStaff]);
  const total = sumCents([hammer, premium, fee, tax, shipping, insurance, other]);
  return {
    hammer,
    premium,
    liveFee: fee,
    tax,
    taxComputed,
    taxEntered,
    taxSource,
    stateTaxRate,
    taxCalculationError,
    fees: fees.byLabel,
    feesTotal: fees.total,
    shipping,
    insurance,
    otherStaff,
    other,
    total,
    overridden,
  };
}
