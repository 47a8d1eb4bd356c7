/**
 * Reading the editing calls' bodies: ids, versions, flags and amounts, each with its own message,
 * collected per field (`{ errors: { field: message } }`) so the screens show every mistake at once.
 * The bodies of these calls are legacy shapes (variants told apart by their keys, arrays or single
 * objects), so they are read here by hand rather than by class-validator DTOs; unknown keys are
 * refused like the global ValidationPipe refuses them.
 */
import { DomainError } from '../../../../core/errors/domain-error';
import { parseAmountToCents, type Cents } from '../../../../core/money/money';
import { idFromInput } from '../../../../core/validation/int4';

/** 9,999,999.99: far above any charge, far below where cents lose precision. */
const MAX_AMOUNT_CENTS = 999_999_999;

export const INPUT_TEXT = {
  body: 'The request body must be a JSON object.',
  unknown: 'Unknown field.',
  version: 'Version must be a positive whole number.',
  flag: (label: string) => `${label} must be true or false.`,
  id: (label: string) => `${label} must be a positive whole number.`,
  amount: (label: string) => `${label} must be a number of at least 0 with no more than two decimals.`,
  signedAmount: (label: string) => `${label} must be a number with no more than two decimals.`,
  tooLarge: (label: string) => `${label} must be at most 9,999,999.99.`,
} as const;

export type Rec = Record<string, unknown>;

export const isRecord = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** Collects field messages under a prefix (`invoiceDetails[0].hammer`). */
export class FieldErrors {
  constructor(
    private readonly prefix = '',
    readonly errors: Record<string, string> = {},
  ) {}

  /** The same collection, with keys under `prefix` (e.g. `invoiceNotes[2].`). */
  at(prefix: string): FieldErrors {
    return new FieldErrors(this.prefix + prefix, this.errors);
  }

  add(field: string, message: string): void {
    const key = this.prefix + field;
    // Own keys only: `toString` or `constructor` sent as a field must be reported like any other.
    if (!Object.hasOwn(this.errors, key)) this.errors[key] = message;
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  /** Throws a 400 with every message collected (the first as the error's message). */
  throwIfAny(): void {
    if (this.any) throw invalid(this.errors);
  }
}

/** The one field-validation answer: 400 VALIDATION_FAILED with every field's message. */
export function invalid(errors: Record<string, string>): DomainError {
  return DomainError.validation(errors, Object.values(errors)[0] ?? 'The request is not valid.');
}

/** A body's own field (never an inherited `toString` or `constructor`). */
export function own(body: Rec, key: string): unknown {
  return Object.hasOwn(body, key) ? body[key] : undefined;
}

/** True when the body itself carries the field (an inherited member is not a field). */
export function has(body: Rec, key: string): boolean {
  return Object.hasOwn(body, key);
}

export function unknownKeys(body: Rec, allowed: readonly string[], e: FieldErrors): void {
  for (const k of Object.keys(body)) if (!allowed.includes(k)) e.add(k, INPUT_TEXT.unknown);
}

/** A positive id (number or decimal text), else a message; `required: false` lets null/absent through as null. */
export function idField(body: Rec, key: string, label: string, e: FieldErrors, required = true): number | null {
  const v = own(body, key);
  if ((v === undefined || v === null || v === '') && !required) return null;
  const id = idFromInput(v);
  if (id === null) e.add(key, INPUT_TEXT.id(label));
  return id;
}

/** The version the caller saw: optional (legacy callers), else a positive whole number. */
export function versionField(body: Rec, e: FieldErrors, key = 'version'): number | null {
  const v = own(body, key);
  if (v === undefined || v === null) return null;
  const version = idFromInput(v);
  if (version === null) e.add(key, INPUT_TEXT.version);
  return version;
}

/** true/false (also 'true'/'false', 1/0 as legacy forms send them); absent is null. */
export function flagField(body: Rec, key: string, label: string, e: FieldErrors): boolean | null {
  const v = own(body, key);
  if (v === undefined || v === null) return null;
  if (v === true || v === 'true' || v === 1) return true;
  if (v === false || v === 'false' || v === 0) return false;
  e.add(key, INPUT_TEXT.flag(label));
  return null;
}

/**
 * An amount typed by a person: a number or text, formatting stripped ('$1,234.50'), at most two
 * decimals. '' and null are 0; absent (undefined) is "not sent" (null).
 */
export function amountField(body: Rec, key: string, label: string, e: FieldErrors, opts: { signed?: boolean } = {}): Cents | null {
  const v = own(body, key);
  if (v === undefined) return null;
  if (v === null || (typeof v === 'string' && v.trim() === '')) return 0;
  const cents = typeof v === 'number' || typeof v === 'string' ? parseAmountToCents(typeof v === 'number' ? numberText(v) : v) : null;
  if (cents === null || (!opts.signed && cents < 0)) {
    e.add(key, opts.signed ? INPUT_TEXT.signedAmount(label) : INPUT_TEXT.amount(label));
    return null;
  }
  if (Math.abs(cents) > MAX_AMOUNT_CENTS) {
    e.add(key, INPUT_TEXT.tooLarge(label));
    return null;
  }
  return cents === 0 ? 0 : cents; // no -0
}

/** A JSON number as its shortest decimal text; NaN, infinities and exponents are not amounts. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return 'x';
  const s = String(n);
  return /e/i.test(s) ? 'x' : s;
}
