/**
 * The template editor's rules (spec 000 §4, §5), as one pure function: the server calls it on every
 * save, whichever face of the API the save came through, and the admin's editor calls it to place
 * messages and disable Save. Field errors are keyed by the payload's own paths
 * (`taxSettings.0.taxRate`) so a form can place each message beside its field; row indexes are
 * those of the submitted arrays, before empty rows are dropped.
 */
import { looksLikeEmail } from './email';
import { ALL, DEFAULT_MESSAGES, TEMPLATE_LIMITS as LIMIT, TEMPLATE_TEXT as TEXT } from './template-texts';

/** Thousandths of a percent: 100 % = 100000 (the server's money module's RateMilli). */
export type RateMilli = number;

/** Which country list a template's rows are chosen from: card-processor tax rows use their own list. */
export type TemplateCountryList = 'tax' | 'processorTax';

/** Countries and states (the houses module's geo lists). ALL is handled by the rules, not here. */
export interface TemplateGeo {
  /**
   * The code templates store for a country, or for the EU pseudo-country of the tax lists, in either
   * spelling of the United Kingdom (stored as the location list spells it); null when unknown.
   */
  countryCode(code: string): string | null;
  /** The state codes of a stored country code that has a state list (US, CA, AU, UK), else null. */
  stateCodes(countryCode: string): readonly string[] | null;
  /** A stored code as the given list spells it (the card-processor list spells the UK 'GB'). */
  listCode(countryCode: string, list: TemplateCountryList): string;
}

/** A rate with at most three decimals ("6.25", "6.250") in thousandths of a percent; null when it is none. */
function parseRateMilli(s: string): RateMilli | null {
  const m = /^(\d+)(?:\.(\d{0,3}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0') || '0');
}

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
  /**
   * The country and state lists. Absent in the admin's form, which offers only listed codes: codes
   * are then taken as typed and the server, which has the lists, checks them.
   */
  geo?: TemplateGeo;
  /** The template is a card-processor (payrixTemplate) one: no US tax rows. */
  cardProcessor: boolean;
  /** Invoices exist for a sale using this card-processor template: its taxes are fixed. */
  taxesLocked: boolean;
  /** The house's current locations: the only addresses a template may name. Absent: not checked (the form). */
  locationIds?: readonly number[];
  /** Absent on create. */
  existing?: ExistingTemplate;
}

export type RuleResult = { ok: true; values: TemplateValues } | { ok: false; errors: Record<string, string> };

export function validateTemplate(input: GroupSettingsInput, ctx: RuleContext): RuleResult {
  const errors: Record<string, string> = {};
  const put = (key: string, message: string) => {
    if (!(key in errors)) errors[key] = message;
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
  if (houseAddressId && houseAddressId !== ctx.existing?.houseAddressId && ctx.locationIds && !ctx.locationIds.includes(houseAddressId)) {
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
  const rate = parseRateMilli(v.trim());
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
      const code = ctx.geo ? ctx.geo.countryCode(countryRaw) : countryRaw;
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
function chargeState(country: string, state: string, fail: (m: string) => void, geo: TemplateGeo | undefined): string | null {
  if (!country) return null;
  const province = country === 'CA';
  // Without the lists (the form), a state is taken as typed: the form offers only listed ones.
  if (!geo) {
    if (!state && country === 'US') fail(TEXT.stateRequired);
    else if (!state && province) fail(TEXT.provinceRequired);
    return state || null;
  }
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
