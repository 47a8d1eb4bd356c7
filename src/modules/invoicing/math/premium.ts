/**
 * Buyer's premium from the group's marginal steps (INVOICE-MATH.md, rule 1).
 *
 * Why marginal and one rounding: each slice of the hammer is charged its own step's rate, like
 * income-tax brackets, so the premium never jumps when the hammer crosses a boundary; the slices'
 * exact products are summed exactly (cents.ts) and rounded half up once, so a premium never carries two
 * half-cent roundings.
 *
 * Why strict validation: an unsorted, gapped or overlapping table would charge some slice twice or
 * not at all. We refuse it with a message naming the step instead of guessing.
 *
 * An empty table means the sale charges no premium (0), a deliberate choice for no-premium sales.
 */
import { formatCents, rateProduct, type Cents, type RateMilli } from '../../../core/money/money';
import { addRateProduct, assertCents, roundExact, roundExactSafe } from './cents';
import { InvoiceMathError, InvoiceMathErrorCode } from './errors';

export interface PremiumStep {
  fromCents: Cents;
  /** null (or absent, as the entity maps it) for the last, open-ended step. */
  toCents?: Cents | null;
  /** Thousandths of a percent (25 % = 25000). */
  rate: RateMilli;
}

function stepsError(message: string): InvoiceMathError {
  return new InvoiceMathError(InvoiceMathErrorCode.INVALID_PREMIUM_STEPS, message);
}

/** Throws a clear InvoiceMathError unless the steps are contiguous from 0, increasing, open-ended last, rates >= 0. */
export function validatePremiumSteps(steps: readonly PremiumStep[]): void {
  let expectedFrom = 0;
  steps.forEach((step, i) => {
    const n = i + 1;
    const last = i === steps.length - 1;
    if (!Number.isSafeInteger(step.fromCents) || (step.toCents != null && !Number.isSafeInteger(step.toCents))) {
      throw stepsError(`Premium step ${n}: amounts must be whole numbers of cents.`);
    }
    if (!Number.isSafeInteger(step.rate) || step.rate < 0) {
      throw stepsError(`Premium step ${n}: the rate must be at least 0 with at most three decimals.`);
    }
    if (step.fromCents !== expectedFrom) {
      throw stepsError(
        i === 0
          ? `Premium step 1 must start at 0.00 (found ${formatCents(step.fromCents)}).`
          : `Premium step ${n} must start at ${formatCents(expectedFrom)}, where step ${i} ends (found ${formatCents(step.fromCents)}).`,
      );
    }
    if (step.toCents == null) {
      if (!last) throw stepsError(`Premium step ${n} is open-ended but is not the last step.`);
      return;
    }
    if (last) throw stepsError(`The last premium step (${n}) must be open-ended.`);
    if (step.toCents <= step.fromCents) {
      throw stepsError(
        `Premium step ${n} must end above where it starts (${formatCents(step.fromCents)} to ${formatCents(step.toCents)}).`,
      );
    }
    expectedFrom = step.toCents;
  });
}

/**
 * The exact premium as a numerator over 100 000 (cents x thousandths of a percent), unrounded.
 * Exposed so a caller summing several exact amounts can still round once.
 */
export function exactPremium(hammer: Cents, steps: readonly PremiumStep[]): bigint {
  assertCents(hammer, 'Hammer');
  validatePremiumSteps(steps);
  let sum = 0n;
  for (const step of steps) {
    if (hammer <= step.fromCents) break;
    const top = step.toCents == null ? hammer : Math.min(hammer, step.toCents);
    sum += rateProduct(top - step.fromCents, step.rate);
  }
  return sum;
}

/** Buyer's premium in cents: marginal slices at their own rates, summed exactly, rounded half up once. */
export function buyersPremium(hammer: Cents, steps: readonly PremiumStep[]): Cents {
  assertCents(hammer, 'Hammer');
  validatePremiumSteps(steps);
  // The same sum in numbers while it stays exact (addRateProduct), else in BigInt.
  let sum = 0;
  for (const step of steps) {
    if (hammer <= step.fromCents) break;
    const top = step.toCents == null ? hammer : Math.min(hammer, step.toCents);
    const next = addRateProduct(sum, top - step.fromCents, step.rate);
    if (next === null) return roundExact(exactPremium(hammer, steps));
    sum = next;
  }
  return roundExactSafe(sum);
}
