/**
 * The invoice template editor's model and rules (spec 000 sections 3, 4, 5 and 9), the same as the
 * server's (src/modules/invoicing/templates/template-rules.ts). Field errors are keyed like the
 * server's (`groupName`, `taxSettings.0.taxStateID`, `messages.2.sequence`), so a refused save's
 * messages land beside the same fields as the form's own.
 */
// Shared with the server (a dependency-free file): the editor and the API word every message alike.
import {
  TEMPLATE_LIMITS as SERVER_LIMITS,
  TEMPLATE_TEXT as SERVER_TEXT,
  parseTemplateRate,
  validateTemplate as validateTemplateRules,
  type GroupSettingsInput,
} from '@ar/rules';

/** `data.groupSettings` of `GET /app/house/{houseRef}/invoiceGroupSettings`. */
export interface GroupSettings {
  groupSettingsID: number;
  groupName: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  bccEmail: string;
  houseAddressID: number | null;
  additionalChargesPerInvoice: boolean;
  additionalChargesPerLot: boolean;
  taxSettings: TaxSetting[];
  feeSettings: FeeSetting[];
  messages: Message[];
  payPal: boolean;
  payPalEmail: string;
  invoiceGroupID: number;
  payrixTemplate: boolean;
  active: boolean;
  version: number | null;
  taxSettingsLocked: boolean;
}

export interface TaxSetting {
  taxType: string;
  taxRate: string;
  formattedTaxRate?: string;
  taxCountryID: string;
  taxCountry?: string;
  taxStateID: string;
  taxHammer: boolean;
  taxLiveFee: boolean;
  taxPremium: boolean;
}

export interface FeeSetting {
  feeType: string;
  feeRate: string;
  formattedFeeRate?: string;
  feeCountryID: string;
  feeStateID: string;
  feeHammer: boolean;
  feeLiveFee: boolean;
  feePremium: boolean;
}

export interface Message {
  header: string;
  detail: string;
  sequence: number;
  isDefault?: boolean;
}

/** `data.invoiceSettings` of `GET /app/house/{houseRef}/invoiceSettings`. */
export interface InvoiceSettingSummary {
  id: number;
  name: string;
  payrixTemplate: boolean;
  active: boolean;
}

/** A tax or fee row as the form holds it: one shape for both lists. */
export interface ChargeDraft {
  /** React key, stable while rows are added and deleted. */
  key: number;
  name: string;
  rate: string;
  country: string;
  state: string;
  hammer: boolean;
  liveFee: boolean;
  premium: boolean;
}

export interface MessageDraft {
  key: number;
  header: string;
  detail: string;
  sequence: number;
  isDefault: boolean;
}

export interface TemplateDraft {
  groupSettingsID: number;
  groupName: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  bccEmail: string;
  houseAddressID: number | null;
  chargesPerLot: boolean;
  payPal: boolean;
  payPalEmail: string;
  taxes: ChargeDraft[];
  fees: ChargeDraft[];
  messages: MessageDraft[];
  version: number | null;
  payrixTemplate: boolean;
  active: boolean;
  taxSettingsLocked: boolean;
}

export type ChargeKind = 'tax' | 'fee';

/** The server's limits, with the rate in percent (the form's unit) instead of thousandths of a percent. */
export const TEMPLATE_LIMITS = { ...SERVER_LIMITS, maxRate: SERVER_LIMITS.maxRate / 1000 } as const;

/** The server's messages (quoted from spec 000 section 5 where it words them): one wording for both. */
export const TEMPLATE_TEXT = { ...SERVER_TEXT, inactive: SERVER_TEXT.readOnly } as const;

/** The two messages every new template starts with (000 section 3). */
export const DEFAULT_MESSAGES = [
  { header: 'Payment Option(s)', sequence: 1 },
  { header: 'Shipping Notes', sequence: 2 },
] as const;

let nextKey = 1;
const key = () => nextKey++;

export function isDefaultHeader(header: string): boolean {
  const h = header.trim().toLowerCase();
  return DEFAULT_MESSAGES.some((m) => m.header.toLowerCase() === h);
}

/** The form's values from the server's template (or its blank new-template answer). */
export function draftOf(g: GroupSettings): TemplateDraft {
  return {
    groupSettingsID: g.groupSettingsID ?? 0,
    groupName: g.groupName ?? '',
    subject: g.subject ?? '',
    fromName: g.fromName ?? '',
    fromEmail: g.fromEmail ?? '',
    bccEmail: g.bccEmail ?? '',
    houseAddressID: g.houseAddressID ?? null,
    chargesPerLot: g.additionalChargesPerLot === true,
    payPal: g.payPal === true,
    payPalEmail: g.payPalEmail ?? '',
    taxes: (g.taxSettings ?? []).map((t) => ({
      key: key(),
      name: t.taxType ?? '',
      rate: t.taxRate ?? t.formattedTaxRate ?? '',
      country: t.taxCountryID ?? t.taxCountry ?? '',
      state: t.taxStateID ?? '',
      hammer: t.taxHammer === true,
      liveFee: t.taxLiveFee === true,
      premium: t.taxPremium === true,
    })),
    fees: (g.feeSettings ?? []).map((f) => ({
      key: key(),
      name: f.feeType ?? '',
      rate: f.feeRate ?? f.formattedFeeRate ?? '',
      country: f.feeCountryID ?? '',
      state: f.feeStateID ?? '',
      hammer: f.feeHammer === true,
      liveFee: f.feeLiveFee === true,
      premium: f.feePremium === true,
    })),
    messages: [...(g.messages ?? [])]
      .sort((a, b) => a.sequence - b.sequence)
      .map((m) => ({
        key: key(),
        header: m.header ?? '',
        detail: m.detail ?? '',
        sequence: m.sequence,
        isDefault: m.isDefault ?? isDefaultHeader(m.header ?? ''),
      })),
    version: g.version ?? null,
    payrixTemplate: g.payrixTemplate === true,
    active: g.active !== false,
    taxSettingsLocked: g.taxSettingsLocked === true,
  };
}

/** A blank tax or fee row: its rate shows '0.00', which clears when the field gets focus. */
export function newCharge(): ChargeDraft {
  return { key: key(), name: '', rate: '0.00', country: '', state: '', hammer: false, liveFee: false, premium: false };
}

/** A new message goes last, with the next free sequence. */
export function addMessage(messages: MessageDraft[]): MessageDraft[] {
  const next = messages.reduce((max, m) => Math.max(max, m.sequence), 0) + 1;
  return [...messages, { key: key(), header: '', detail: '', sequence: next, isDefault: false }];
}

/**
 * Deletes a message (never a default one). The others keep their order and are renumbered
 * 1..count, so every sequence stays one the dropdown offers.
 */
export function removeMessage(messages: MessageDraft[], index: number): MessageDraft[] {
  if (messages[index]?.isDefault) return messages;
  const rest = messages.filter((_, i) => i !== index);
  const order = rest.map((m, i) => ({ m, i })).sort((a, b) => a.m.sequence - b.m.sequence || a.i - b.i);
  const renumbered = new Map(order.map(({ m }, n) => [m.key, n + 1]));
  return rest.map((m) => ({ ...m, sequence: renumbered.get(m.key)! }));
}

/** The sequence dropdown of message `index`: 1..count; the first message is locked at 1, option 1 is disabled for the others. */
export function sequenceOptions(count: number, index: number): { value: number; disabled: boolean }[] {
  return Array.from({ length: Math.max(count, 1) }, (_, i) => ({ value: i + 1, disabled: index > 0 && i === 0 }));
}

/** '0.00' (and other spellings of a zero rate the field starts with) clears when the field gets focus. */
export function rateOnFocus(rate: string): string {
  return /^0*(\.0*)?$/.test(rate.trim()) && rate.trim() !== '' ? '' : rate;
}

/** A rate: a number at least 0 and at most 100, with at most three decimals (the shared rule). */
export function isValidRate(rate: string): boolean {
  return parseTemplateRate(rate) !== null;
}

/** A fee's name may not be a tax (any case): taxes belong in the taxes section. */
export function feeNameHasTax(name: string): boolean {
  return /tax/i.test(name);
}

/** Untouched rows are ignored at save (server and form alike). */
export function isEmptyCharge(r: ChargeDraft): boolean {
  const rate = r.rate.trim();
  const zero = rate === '' || parseTemplateRate(rate) === 0;
  return !r.name.trim() && !r.country.trim() && !r.state.trim() && zero && !r.hammer && !r.liveFee && !r.premium;
}

/** Which rows name a state or province: US and Canada (the labels the messages use). */
export function stateFieldOf(country: string): { label: 'State' | 'Province'; required: string } | null {
  const c = country.trim().toUpperCase();
  if (c === 'US') return { label: 'State', required: TEMPLATE_TEXT.stateRequired };
  if (c === 'CA') return { label: 'Province', required: TEMPLATE_TEXT.provinceRequired };
  return null;
}

/** The server's payload names of a row's fields, to key messages by. */
export const CHARGE_KEYS = {
  tax: { list: 'taxSettings', name: 'taxType', rate: 'taxRate', country: 'taxCountryID', state: 'taxStateID', boxes: 'taxHammer' },
  fee: { list: 'feeSettings', name: 'feeType', rate: 'feeRate', country: 'feeCountryID', state: 'feeStateID', boxes: 'feeHammer' },
} as const;

function chargeErrorKey(kind: ChargeKind, index: number, field: keyof (typeof CHARGE_KEYS)['tax']): string {
  const k = CHARGE_KEYS[kind];
  return `${k.list}.${index}.${k[field]}`;
}

/** The form's list of each kind of row (`taxes.0.rate` is the payload's `taxSettings.0.taxRate`). */
export const CHARGE_LIST = { tax: 'taxes', fee: 'fees' } as const;

/** A row field of the form by the payload's name of it (the three check boxes share one message, at `hammer`). */
const ROW_FIELD: Record<string, keyof ChargeDraft> = {
  Type: 'name',
  Rate: 'rate',
  CountryID: 'country',
  StateID: 'state',
  Hammer: 'hammer',
  LiveFee: 'hammer',
  Premium: 'hammer',
};

/**
 * The form's path of a message keyed by the payload's path (the rules' and the server's): a row's
 * field by its form name, a list's own message at the list's root, the charging mode at its radios.
 */
export function formPath(key: string): string {
  if (key === 'additionalChargesPerLot' || key === 'additionalChargesPerInvoice') return 'chargesPerLot';
  const list = /^(taxSettings|feeSettings|messages)$/.exec(key);
  if (list) return `${listOf(list[1])}.root`;
  const row = /^(tax|fee)Settings\.(\d+)\.(?:tax|fee)(\w+)$/.exec(key);
  if (row && ROW_FIELD[row[3]]) return `${CHARGE_LIST[row[1] as ChargeKind]}.${row[2]}.${ROW_FIELD[row[3]]}`;
  return key;
}

const listOf = (payloadList: string) => (payloadList === 'taxSettings' ? 'taxes' : payloadList === 'feeSettings' ? 'fees' : 'messages');

/** Messages keyed by the payload's paths, keyed by the form's (the first one for a path wins). */
export function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) out[formPath(key)] ??= message;
  return out;
}

/**
 * Every rule of 000 section 5 for templates: the server's own rules (@ar/rules validateTemplate) on
 * the payload this draft would send, so each message is keyed and worded as the server's. Country
 * and state codes come from the form's lists and the locations from the house: the server checks
 * those. {} when the form may be saved.
 */
export function validateTemplate(d: TemplateDraft): Record<string, string> {
  const check = validateTemplateRules(templatePayload(d) as GroupSettingsInput, { cardProcessor: d.payrixTemplate, taxesLocked: false });
  return check.ok ? {} : check.errors;
}

/** Errors shown before any save attempt: a fee named like a tax (it also disables Save). */
export function liveErrors(d: TemplateDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  d.fees.forEach((f, i) => {
    if (feeNameHasTax(f.name)) errors[chargeErrorKey('fee', i, 'name')] = TEMPLATE_TEXT.taxInFees;
  });
  return errors;
}

/**
 * `POST /app/house/{houseRef}/invoiceGroupSettings`. Every row goes as it stands (the server ignores
 * empty rows and header-less messages itself), so the server's row indexes are the form's.
 */
export function templatePayload(d: TemplateDraft): Record<string, unknown> {
  const t = (s: string) => s.trim();
  return {
    groupSettingsID: d.groupSettingsID,
    invoiceGroupID: d.groupSettingsID,
    ...(d.version !== null ? { version: d.version } : {}),
    groupName: t(d.groupName),
    subject: t(d.subject),
    fromName: t(d.fromName),
    fromEmail: t(d.fromEmail),
    bccEmail: t(d.bccEmail),
    houseAddressID: d.houseAddressID,
    additionalChargesPerInvoice: !d.chargesPerLot,
    additionalChargesPerLot: d.chargesPerLot,
    payPal: d.payPal,
    payPalEmail: t(d.payPalEmail),
    // Locked taxes (card-processor template with invoices) are not sent: the server keeps them as they are.
    ...(d.taxSettingsLocked ? {} : { taxSettings: taxPayload(d) }),
    feeSettings: d.fees.map((r) => ({
      feeType: t(r.name),
      feeRate: t(r.rate),
      feeCountryID: t(r.country),
      feeStateID: t(r.state),
      feeHammer: r.hammer,
      feeLiveFee: r.liveFee,
      feePremium: r.premium,
    })),
    messages: d.messages.map((m) => ({ header: t(m.header), detail: m.detail.trim(), sequence: m.sequence })),
  };
}

function taxPayload(d: TemplateDraft) {
  return d.taxes.map((r) => ({
    taxType: r.name.trim(),
    taxRate: r.rate.trim(),
    taxCountryID: r.country.trim(),
    taxStateID: r.state.trim(),
    taxHammer: r.hammer,
    taxLiveFee: r.liveFee,
    taxPremium: r.premium,
  }));
}

/** Read-only: an inactive card-processor template (000 section 2): no Save, a banner says why. */
export function isReadOnly(d: Pick<TemplateDraft, 'payrixTemplate' | 'active'>): boolean {
  return d.payrixTemplate && !d.active;
}
