/**
 * The commission plan form's values (what the clerk types: amounts as '1,000.00', rates as '8.875'
 * percent) and the `/api/commission-plans` body (cents, thousandths of a percent). Pure, unit-tested.
 */

export interface CommissionPlanRecord {
  id: number;
  name: string;
  isHouseDefault: boolean;
  auctionGroupId: number | null;
  tiers: { fromCents: number; toCents: number | null; rate: number }[];
  minimumCommissionCents: number;
  buyInFeeCents: number;
  buyInRate: number;
  photographyFeeCents: number;
  insuranceFeeCents: number;
  lottingFeeCents: number;
  commissionTaxRate: number;
  settlementBasis: 'paid' | 'hammer';
  version: number;
}

export type PlanScope = 'consignor' | 'house' | 'sale';

/** A tier as typed: it starts where the previous one ends (marginal, contiguous), so only its end and rate. */
export interface TierValues {
  upTo: string;
  rate: string;
}

export interface PlanValues {
  name: string;
  scope: PlanScope;
  auctionGroupId: number | '';
  tiers: TierValues[];
  minimumCommission: string;
  buyInFee: string;
  buyInRate: string;
  photographyFee: string;
  insuranceFee: string;
  lottingFee: string;
  commissionTaxRate: string;
  settlementBasis: 'paid' | 'hammer';
}

export const PLAN_TEXT = {
  amount: 'Enter an amount of at least 0.00 with at most two decimals.',
  rate: 'Enter a rate of at least 0 % with at most three decimals.',
  upTo: 'Enter where this tier ends, above where it starts (blank for the last tier).',
  sale: 'Choose the sale this plan applies to.',
} as const;

/** '1,000.50' -> 100050; '' -> 0; null when not an amount of at least 0 with at most two decimals. */
export function amountCents(text: string | null | undefined): number | null {
  const t = String(text ?? '')
    .trim()
    .replace(/,/g, '');
  if (t === '') return 0;
  const m = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(t);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** '8.875' (percent) -> 8875 thousandths; '' -> 0; null when not a rate with at most three decimals. */
export function rateMilli(text: string | null | undefined): number | null {
  const t = String(text ?? '')
    .trim()
    .replace(/\s*%$/, '');
  if (t === '') return 0;
  const m = /^(\d{1,6})(?:\.(\d{0,3}))?$/.exec(t);
  return m ? Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0')) : null;
}

/** 100050 -> '1000.50' (no grouping: it is read back by amountCents). */
export const amountText = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** 8875 -> '8.875'; 15000 -> '15'. */
export function rateText(milli: number): string {
  const whole = Math.trunc(milli / 1000);
  const frac = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export function planDraft(p: CommissionPlanRecord | null): PlanValues {
  if (!p)
    return {
      name: '',
      scope: 'consignor',
      auctionGroupId: '',
      tiers: [{ upTo: '', rate: '' }],
      minimumCommission: '',
      buyInFee: '',
      buyInRate: '',
      photographyFee: '',
      insuranceFee: '',
      lottingFee: '',
      commissionTaxRate: '',
      settlementBasis: 'paid',
    };
  return {
    name: p.name,
    scope: p.isHouseDefault ? 'house' : p.auctionGroupId ? 'sale' : 'consignor',
    auctionGroupId: p.auctionGroupId ?? '',
    tiers: p.tiers.map((t) => ({ upTo: t.toCents == null ? '' : amountText(t.toCents), rate: rateText(t.rate) })),
    minimumCommission: amountText(p.minimumCommissionCents),
    buyInFee: amountText(p.buyInFeeCents),
    buyInRate: rateText(p.buyInRate),
    photographyFee: amountText(p.photographyFeeCents),
    insuranceFee: amountText(p.insuranceFeeCents),
    lottingFee: amountText(p.lottingFeeCents),
    commissionTaxRate: rateText(p.commissionTaxRate),
    settlementBasis: p.settlementBasis,
  };
}

const AMOUNT_FIELDS = ['minimumCommission', 'buyInFee', 'photographyFee', 'insuranceFee', 'lottingFee'] as const;
const RATE_FIELDS = ['buyInRate', 'commissionTaxRate'] as const;

/** The form's own checks (the server checks again, with the plan's rules): `{ field: message }`, tiers as `tiers.0.rate`. */
export function validatePlan(v: PlanValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name?.trim()) errors.name = 'Name is required.';
  if (v.scope === 'sale' && !v.auctionGroupId) errors.auctionGroupId = PLAN_TEXT.sale;
  for (const f of AMOUNT_FIELDS) if (amountCents(v[f] ?? '') === null) errors[f] = PLAN_TEXT.amount;
  for (const f of RATE_FIELDS) if (rateMilli(v[f] ?? '') === null) errors[f] = PLAN_TEXT.rate;
  let from = 0;
  (v.tiers ?? []).forEach((t, i) => {
    const rate = t?.rate?.trim() ? rateMilli(t.rate) : null;
    if (rate === null) errors[`tiers.${i}.rate`] = PLAN_TEXT.rate;
    const last = i === v.tiers.length - 1;
    const upTo = t?.upTo?.trim() ? amountCents(t.upTo) : null;
    if (!last && (upTo === null || upTo <= from)) errors[`tiers.${i}.upTo`] = PLAN_TEXT.upTo;
    if (upTo !== null) from = upTo;
  });
  return errors;
}

/** The `/api/commission-plans` body of valid values: tiers start where the previous one ends. */
export function planPayload(v: PlanValues, version?: number): Record<string, unknown> {
  let from = 0;
  const tiers = v.tiers.map((t) => {
    const toCents = t.upTo?.trim() ? amountCents(t.upTo) : null;
    const tier = { fromCents: from, toCents, rate: rateMilli(t.rate) ?? 0 };
    if (toCents !== null) from = toCents;
    return tier;
  });
  return {
    name: (v.name ?? '').trim(),
    isHouseDefault: v.scope === 'house',
    auctionGroupId: v.scope === 'sale' ? Number(v.auctionGroupId) : null,
    tiers,
    minimumCommissionCents: amountCents(v.minimumCommission) ?? 0,
    buyInFeeCents: amountCents(v.buyInFee) ?? 0,
    buyInRate: rateMilli(v.buyInRate) ?? 0,
    photographyFeeCents: amountCents(v.photographyFee) ?? 0,
    insuranceFeeCents: amountCents(v.insuranceFee) ?? 0,
    lottingFeeCents: amountCents(v.lottingFee) ?? 0,
    commissionTaxRate: rateMilli(v.commissionTaxRate) ?? 0,
    settlementBasis: v.settlementBasis,
    ...(version ? { version } : {}),
  };
}

/** The server's field of each form field, so its messages show beside the input. */
export const PLAN_SERVER_FIELDS: Record<string, string> = {
  name: 'name',
  auctionGroupId: 'auctionGroupId',
  scope: 'isHouseDefault',
  tiers: 'tiers',
  minimumCommission: 'minimumCommissionCents',
  buyInFee: 'buyInFeeCents',
  buyInRate: 'buyInRate',
  photographyFee: 'photographyFeeCents',
  insuranceFee: 'insuranceFeeCents',
  lottingFee: 'lottingFeeCents',
  commissionTaxRate: 'commissionTaxRate',
  settlementBasis: 'settlementBasis',
};

/** '0-1,000.00 @ 15 %, 1,000.00+ @ 10 %' for the list. */
export function tiersSummary(tiers: CommissionPlanRecord['tiers'], fmt: (cents: number) => string): string {
  if (tiers.length === 1 && tiers[0].toCents == null) return `${rateText(tiers[0].rate)} % flat`;
  return tiers
    .map((t) => `${t.toCents == null ? `${fmt(t.fromCents)}+` : `${fmt(t.fromCents)}-${fmt(t.toCents)}`} @ ${rateText(t.rate)} %`)
    .join(', ');
}
