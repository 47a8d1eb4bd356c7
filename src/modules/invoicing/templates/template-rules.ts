import { isEmail } from 'class-validator';
import { formatRate, parseRate, RateMilli } from '../../../core/money/money';
import { TemplateGeo } from './template-ports';
import { ALL, DEFAULT_MESSAGES, TEMPLATE_LIMITS as LIMIT, TEMPLATE_TEXT as TEXT } from '@ar/rules';

/**
 * The template editor's rules (spec 000 §4, §5), as one pure function the service calls on
 * every save, whichever face of the API the save came through. Field errors are keyed by the
 * payload's own paths (`taxSettings.0.taxRate`) so a form can place each message beside its field;
 * row indexes are those of the submitted arrays, before empty rows are dropped.
 */

type Loose<T> = T | null | undefined;

/** A tax row as the documented calls send it (the GET's fields may be echoed back). */
export interface TaxSettingInput {
  taxType?: Loose<string>;
  taxRate?: Loose<string | number>;
  formattedTaxRate?: Loose<string>;
  taxCountryID?: Loose<string>;
  taxCountry?: Loose<string>;
  taxStateID?: Loose<string>;
  taxHammer?: Loose<boolean>;
  taxLiveFee?: Loose<boolean>;
  taxPremium?: Loose<boolean>;
}

export interface FeeSettingInput {
  feeType?: Loose<string>;
  feeRate?: Loose<string | number>;
  formattedFeeRate?: Loose<string>;
  feeCountryID?: Loose<string>;
  feeStateID?: Loose<string>;
  feeHammer?: Loose<boolean>;
  feeLiveFee?: Loose<boolean>;
  feePremium?: Loose<boolean>;
}

export interface MessageInput {
  header?: Loose<string>;
  detail?: Loose<string>;
  sequence?: Loose<number | string>;
}

/** The documented save payload's template fields; an absent (undefined) field on an edit keeps its value. */
export interface GroupSettingsInput {
  groupName?: Loose<string>;
  subject?: Loose<string>;
  fromName?: Loose<string>;
  fromEmail?: Loose<string>;
  bccEmail?: Loose<string>;
  houseAddressID?: Loose<number | string>;
  additionalChargesPerInvoice?: Loose<boolean>;
  additionalChargesPerLot?: Loose<boolean>;
  taxSettings?: Loose<TaxSettingInput[]>;
  feeSettings?: Loose<FeeSettingInput[]>;
  messages?: Loose<MessageInput[]>;
  payPal?: Loose<boolean>;
  payPalEmail?: Loose<string>;
}

/** A validated tax or fee row, as stored. */
export interface ChargeRow {
  name: string;
  rate: RateMilli;
  countryCode: string;
  /** A state code or ALL; null for ALL countries and countries without a state list. */
  stateCode: string | null;
  onHammer: boolean;
  onLiveFee: boolean;
  onPremium: boolean;
}

export interface MessageRow {
  header: string;
  detail: string;
  sequence: number;
  isDefault: boolean;
}

/** What a save stores. `houseAddressId` undefined: keep the current one (edit) or none (create). */
export interface TemplateValues {
  groupName: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  bccEmail: string | null;
  houseAddressId: number | null | undefined;
  chargesPerLot: boolean;
  payPal: boolean;
  payPalEmail: string | null;
  taxRows: ChargeRow[];
  feeRows: ChargeRow[];
  messages: MessageRow[];
}

/** The stored template an edit starts from. */
export interface ExistingTemplate {
  chargesPerLot: boolean;
  houseAddressId: number | null;
  payPal: boolean;
  payPalEmail: string | null;
  taxRows: ChargeRow[];
  feeRows: ChargeRow[];
  messages: MessageRow[];
}

export interface RuleContext {
  geo: TemplateGeo;
  /** The template is a card-processor (payrixTemplate) one: no US tax rows. */
  cardProcessor: boolean;
  /** Invoices exist for a sale using this card-processor template: its taxes are fixed. */
  taxesLocked: boolean;
  /** The house's current locations: the only addresses a template may name. */
  locationIds: readonly number[];
  /** Absent on create. */
  existing?: ExistingTemplate;
}

export type RuleResult = { ok: true; values: TemplateValues } | { ok: false; errors: Record<string, string> };

export function validateTemplate(input: GroupSettingsInput, ctx: RuleContext): RuleResult {
  const errors: Record<string, string> = {};
  const put = (key: string, message: string) => {
    if (!Object.hasOwn(errors, key)) errors[key] = message;
  };

  const groupName = requiredText(input.groupName, 'groupName', TEXT.nameRequired, 'Invoice template name', LIMIT.groupName, put);
  const subject = requiredText(input.subject, 'subject', TEXT.subjectRequired, 'Email Subject', LIMIT.subject, put);
  const fromName = requiredText(input.fromName, 'fromName', TEXT.fromNameRequired, 'Reply to Name', LIMIT.fromName, put);
  const fromEmail = requiredText(input.fromEmail, 'fromEmail', TEXT.fromEmailRequired, 'Reply to Email', LIMIT.fromEmail, put);
  if (fromEmail && !errors.fromEmail && !looksLikeEmail(fromEmail)) put('fromEmail', TEXT.validEmail);
  const bccEmail = optionalEmail(input.bccEmail, 'bccEmail', 'BCC', LIMIT.bccEmail, put);

  const chargesPerLot = chargesMode(input, ctx.existing, put);

  const payPal = input.payPal === undefined ? (ctx.existing?.payPal ?? false) : input.payPal === true;
  const payPalEmail =
    input.payPalEmail === undefined
      ? (ctx.existing?.payPalEmail ?? null)
      : optionalEmail(input.payPalEmail, 'payPalEmail', 'PayPal Email', LIMIT.payPalEmail, put);
  if (payPal && !payPalEmail && !errors.payPalEmail) put('payPalEmail', TEXT.payPalEmailRequired);

  const houseAddressId = addressId(input.houseAddressID, put);
  // A location deleted since the template was saved may stay; a new choice must be a current location.
  if (houseAddressId && houseAddressId !== ctx.existing?.houseAddressId && !ctx.locationIds.includes(houseAddressId)) {
    put('houseAddressID', TEXT.locationUnknown);
  }

  let taxRows: ChargeRow[];
  if (input.taxSettings === undefined && ctx.existing) {
    taxRows = ctx.existing.taxRows;
  } else {
    const taxes = chargeRows((input.taxSettings ?? []).map(taxAsCharge), 'taxSettings', TAX_KEYS, ctx, put);
    if (ctx.taxesLocked && ctx.existing) lockedTaxes(taxes, ctx.existing.taxRows, put);
    taxRows = taxes.rows;
  }

  const feeRows =
    input.feeSettings === undefined && ctx.existing
      ? ctx.existing.feeRows
      : chargeRows((input.feeSettings ?? []).map(feeAsCharge), 'feeSettings', FEE_KEYS, ctx, put).rows;

  let messages: MessageRow[];
  if (input.messages === undefined) {
    messages = ctx.existing ? ctx.existing.messages : DEFAULT_MESSAGES.map((m) => ({ ...m, isDefault: true }));
  } else {
    messages = messageRows(input.messages ?? [], put);
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    values: {
      groupName,
      subject,
      fromName,
      fromEmail,
      bccEmail,
      houseAddressId,
      chargesPerLot,
      payPal,
      payPalEmail,
      taxRows,
      feeRows,
      messages,
    },
  };
}

type Put = (key: string, message: string) => void;

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

function requiredText(v: unknown, key: string, required: string, label: string, max: number, put: Put): string {
  const s = text(v);
  if (!s) put(key, required);
  else if (s.length > max) put(key, TEXT.tooLong(label, max));
  return s;
}

function optionalEmail(v: unknown, key: string, label: string, max: number, put: Put): string | null {
  const s = text(v);
  if (!s) return null;
  if (s.length > max) put(key, TEXT.tooLong(label, max));
  else if (!looksLikeEmail(s)) put(key, TEXT.validEmail);
  return s;
}

export function looksLikeEmail(s: string): boolean {
  return isEmail(s);
}

function chargesMode(input: GroupSettingsInput, existing: ExistingTemplate | undefined, put: Put): boolean {
  const perInvoice = typeof input.additionalChargesPerInvoice === 'boolean' ? input.additionalChargesPerInvoice : undefined;
  const perLot = typeof input.additionalChargesPerLot === 'boolean' ? input.additionalChargesPerLot : undefined;
  let chosen: boolean | undefined;
  if (perInvoice !== undefined && perLot !== undefined) {
    if (perInvoice === perLot) {
      put('additionalChargesPerLot', TEXT.chargesChoice);
      return existing?.chargesPerLot ?? false;
    }
    chosen = perLot;
  } else if (perLot !== undefined) chosen = perLot;
  else if (perInvoice !== undefined) chosen = !perInvoice;
  if (!existing) return chosen ?? false;
  if (chosen !== undefined && chosen !== existing.chargesPerLot) put('additionalChargesPerLot', TEXT.chargesFixed);
  return existing.chargesPerLot;
}

function addressId(v: unknown, put: Put): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '' || v === 0 || v === '0') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) {
    put('houseAddressID', TEXT.locationUnknown);
    return null;
  }
  return n;
}

/** A tax or fee row before validation, in one shape. */
interface RawCharge {
  name: unknown;
  rate: unknown;
  country: unknown;
  state: unknown;
  onHammer: unknown;
  onLiveFee: unknown;
  onPremium: unknown;
}

/** The payload's names for a row's fields, to key errors by. */
interface ChargeKeys {
  name: string;
  rate: string;
  country: string;
  state: string;
  boxes: string;
  rateInvalid: string;
  boxRequired: string;
  kind: 'tax' | 'fee';
}

const TAX_KEYS: ChargeKeys = {
  name: 'taxType',
  rate: 'taxRate',
  country: 'taxCountryID',
  state: 'taxStateID',
  boxes: 'taxHammer',
  rateInvalid: TEXT.taxRateInvalid,
  boxRequired: TEXT.taxTypeBoxRequired,
  kind: 'tax',
};

const FEE_KEYS: ChargeKeys = {
  name: 'feeType',
  rate: 'feeRate',
  country: 'feeCountryID',
  state: 'feeStateID',
  boxes: 'feeHammer',
  rateInvalid: TEXT.feeRateInvalid,
  boxRequired: TEXT.feeTypeBoxRequired,
  kind: 'fee',
};

const taxAsCharge = (r: TaxSettingInput): RawCharge => ({
  name: r?.taxType,
  // taxRate is the value; formattedTaxRate (what the GET shows) is accepted when taxRate is absent.
  rate: r?.taxRate ?? r?.formattedTaxRate,
  country: r?.taxCountryID ?? r?.taxCountry,
  state: r?.taxStateID,
  onHammer: r?.taxHammer,
  onLiveFee: r?.taxLiveFee,
  onPremium: r?.taxPremium,
});

const feeAsCharge = (r: FeeSettingInput): RawCharge => ({
  name: r?.feeType,
  rate: r?.feeRate ?? r?.formattedFeeRate,
  country: r?.feeCountryID,
  state: r?.feeStateID,
  onHammer: r?.feeHammer,
  onLiveFee: r?.feeLiveFee,
  onPremium: r?.feePremium,
});

/** Parses a rate typed as a number or text: at least 0, at most 100 %, at most three decimals, exact. */
export function parseTemplateRate(v: unknown): RateMilli | null {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    v = String(v);
  }
  if (typeof v !== 'string') return null;
  const rate = parseRate(v.trim());
  return rate !== null && rate <= LIMIT.maxRate ? rate : null;
}

function isEmptyRow(r: RawCharge): boolean {
  const rateBlank = text(r.rate) === '' || parseTemplateRate(r.rate) === 0;
  return (
    !text(r.name) && !text(r.country) && !text(r.state) && rateBlank && r.onHammer !== true && r.onLiveFee !== true && r.onPremium !== true
  );
}

/** The rows kept, with each one's index in the submitted array (to key errors by). */
interface KeptRows {
  rows: ChargeRow[];
  at: number[];
}

function chargeRows(raw: RawCharge[], list: string, keys: ChargeKeys, ctx: RuleContext, put: Put): KeptRows {
  const rows: ChargeRow[] = [];
  const at: number[] = [];
  if (raw.length > LIMIT.rows) {
    put(list, TEXT.tooManyRows(LIMIT.rows));
    return { rows, at };
  }
  raw.forEach((r, i) => {
    if (isEmptyRow(r)) return;
    const key = (field: string) => `${list}.${i}.${field}`;

    const countryRaw = text(r.country).toUpperCase();
    let country = '';
    if (!countryRaw) put(key(keys.country), TEXT.countryRequired);
    else if (countryRaw === ALL) country = ALL;
    else {
      const code = ctx.geo.countryCode(countryRaw);
      if (!code) put(key(keys.country), TEXT.countryUnknown);
      else if (keys.kind === 'tax' && ctx.cardProcessor && code === 'US') put(key(keys.country), TEXT.usTaxOnCardProcessor);
      else country = code;
    }

    const rate = parseTemplateRate(r.rate);
    if (rate === null) put(key(keys.rate), keys.rateInvalid);

    const name = text(r.name);
    if (!name) put(key(keys.name), TEXT.chargeTypeRequired);
    else if (name.length > LIMIT.chargeName) put(key(keys.name), TEXT.tooLong('Charge type', LIMIT.chargeName));
    else if (keys.kind === 'fee' && /tax/i.test(name)) put(key(keys.name), TEXT.taxInFees);

    const state = chargeState(country, text(r.state).toUpperCase(), (m) => put(key(keys.state), m), ctx.geo);

    const onHammer = r.onHammer === true;
    const onLiveFee = r.onLiveFee === true;
    const onPremium = r.onPremium === true;
    if (!onHammer && !onLiveFee && !onPremium) put(key(keys.boxes), keys.boxRequired);

    rows.push({ name, rate: rate ?? 0, countryCode: country, stateCode: state, onHammer, onLiveFee, onPremium });
    at.push(i);
  });
  return { rows, at };
}

/** A row's state: a listed code, ALL (also for a blank optional state), or null where there is no list. */
function chargeState(country: string, state: string, fail: (m: string) => void, geo: TemplateGeo): string | null {
  if (!country) return null;
  const province = country === 'CA';
  const codes = country === ALL ? null : geo.stateCodes(country);
  if (!state) {
    if (country === 'US') fail(TEXT.stateRequired);
    else if (province) fail(TEXT.provinceRequired);
    return codes ? ALL : null;
  }
  if (state === ALL) return codes ? ALL : null;
  if (country === ALL) {
    fail(TEXT.stateWithAllCountries);
    return null;
  }
  if (!codes || !codes.includes(state)) {
    fail(province ? TEXT.provinceUnknown : TEXT.stateUnknown);
    return null;
  }
  return state;
}

function sameCharge(a: ChargeRow, b: ChargeRow): boolean {
  return (
    a.name === b.name &&
    a.rate === b.rate &&
    a.countryCode === b.countryCode &&
    (a.stateCode ?? null) === (b.stateCode ?? null) &&
    a.onHammer === b.onHammer &&
    a.onLiveFee === b.onLiveFee &&
    a.onPremium === b.onPremium
  );
}

/** Once invoices exist for a sale using a card-processor template, its taxes stay as they are. */
function lockedTaxes(taxes: KeptRows, before: ChargeRow[], put: Put): void {
  taxes.rows.forEach((row, k) => {
    const old = before[k];
    if (!old || !sameCharge(old, row)) put(`taxSettings.${taxes.at[k]}.taxType`, TEXT.taxesLocked);
  });
  if (taxes.rows.length < before.length) put('taxSettings', TEXT.taxesLocked);
}

function messageRows(raw: MessageInput[], put: Put): MessageRow[] {
  if (raw.length > LIMIT.rows) {
    put('messages', TEXT.tooManyRows(LIMIT.rows));
    return [];
  }
  const rows: (MessageRow & { at: number })[] = [];
  raw.forEach((m, i) => {
    const header = text(m?.header);
    // A message without a header is dropped at save.
    if (!header) return;
    const detail = typeof m?.detail === 'string' ? m.detail.trim() : '';
    if (header.length > LIMIT.messageHeader) put(`messages.${i}.header`, TEXT.tooLong('Header', LIMIT.messageHeader));
    if (detail.length > LIMIT.messageDetail) put(`messages.${i}.detail`, TEXT.tooLong('Message', LIMIT.messageDetail));
    const seqRaw = m?.sequence;
    const sequence =
      typeof seqRaw === 'number' ? seqRaw : typeof seqRaw === 'string' && /^\d{1,6}$/.test(seqRaw.trim()) ? Number(seqRaw.trim()) : NaN;
    if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > LIMIT.rows * 10) {
      put(`messages.${i}.sequence`, TEXT.sequenceInvalid);
      return;
    }
    const isDefault = DEFAULT_MESSAGES.some((d) => d.header.toLowerCase() === header.toLowerCase());
    rows.push({ header, detail, sequence, isDefault, at: i });
  });
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.sequence, (counts.get(r.sequence) ?? 0) + 1);
  for (const r of rows) if ((counts.get(r.sequence) ?? 0) > 1) put(`messages.${r.at}.sequence`, TEXT.sequenceUnique);
  return rows.map(({ at: _at, ...m }) => m).sort((a, b) => a.sequence - b.sequence);
}

/** "6.125" for the GET's formattedTaxRate / formattedFeeRate. */
export const formatTemplateRate = formatRate;
