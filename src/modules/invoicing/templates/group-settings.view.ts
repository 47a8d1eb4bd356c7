import { formatRate } from '../../../core/money/money';
import { ChargeRow, MessageRow } from './template-rules';
import { ALL, DEFAULT_MESSAGES } from '@ar/rules';

/** A tax row in the spec's names. Rates are exact decimal text ("6.125"), never binary floats. */
export interface TaxSettingView {
  taxType: string;
  taxRate: string;
  formattedTaxRate: string;
  taxCountryID: string;
  /** The same code again: the spec's server field name. */
  taxCountry: string;
  taxStateID: string;
  taxHammer: boolean;
  taxLiveFee: boolean;
  taxPremium: boolean;
}

export interface FeeSettingView {
  feeType: string;
  feeRate: string;
  formattedFeeRate: string;
  feeCountryID: string;
  feeStateID: string;
  feeHammer: boolean;
  feeLiveFee: boolean;
  feePremium: boolean;
}

export interface MessageView {
  header: string;
  detail: string;
  sequence: number;
  isDefault: boolean;
}

/** `data.groupSettings` of GET invoiceGroupSettings (spec 000 §3), plus version and state flags. */
export interface GroupSettingsView {
  groupSettingsID: number;
  groupName: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  bccEmail: string;
  houseAddressID: number | null;
  additionalChargesPerInvoice: boolean;
  additionalChargesPerLot: boolean;
  taxSettings: TaxSettingView[];
  feeSettings: FeeSettingView[];
  messages: MessageView[];
  payPal: boolean;
  payPalEmail: string;
  /** The template's id again (0 for a new one): older clients name the template they edit by it. */
  invoiceGroupID: number;
  payrixTemplate: boolean;
  /** False: a card-processor template that is no longer active, read-only. */
  active: boolean;
  /** Send it back on save; a stale one is refused (409). Null for a new template. */
  version: number | null;
  /** Invoices exist for a sale using this card-processor template: its taxes cannot change. */
  taxSettingsLocked: boolean;
}

/** The stored template in the shape the view is built from. */
export interface TemplateSnapshot {
  id: number;
  groupName: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  bccEmail: string | null;
  houseAddressId: number | null;
  chargesPerLot: boolean;
  payPal: boolean;
  payPalEmail: string | null;
  payrixTemplate: boolean;
  version: number;
  taxRows: ChargeRow[];
  feeRows: ChargeRow[];
  messages: MessageRow[];
}

/** What invoice arithmetic needs of a template (InvoiceTemplatesService.charging). */
export type TemplateCharging = Pick<TemplateSnapshot, 'id' | 'chargesPerLot' | 'taxRows' | 'feeRows'>;

/** How stored country codes are spelled in the answer (the country list the form picks them from). */
export type CountrySpelling = (countryCode: string) => string;

const asStored: CountrySpelling = (c) => c;

export function taxView(r: ChargeRow, spell: CountrySpelling = asStored): TaxSettingView {
  const rate = formatRate(r.rate);
  const country = spell(r.countryCode);
  return {
    taxType: r.name,
    taxRate: rate,
    formattedTaxRate: rate,
    taxCountryID: country,
    taxCountry: country,
    taxStateID: r.stateCode ?? ALL,
    taxHammer: r.onHammer,
    taxLiveFee: r.onLiveFee,
    taxPremium: r.onPremium,
  };
}

export function feeView(r: ChargeRow, spell: CountrySpelling = asStored): FeeSettingView {
  const rate = formatRate(r.rate);
  return {
    feeType: r.name,
    feeRate: rate,
    formattedFeeRate: rate,
    feeCountryID: spell(r.countryCode),
    feeStateID: r.stateCode ?? ALL,
    feeHammer: r.onHammer,
    feeLiveFee: r.onLiveFee,
    feePremium: r.onPremium,
  };
}

export interface ViewState {
  active: boolean;
  taxSettingsLocked: boolean;
  /** Spelling of tax-row and fee-row countries (the lists the form offers). */
  taxSpelling?: CountrySpelling;
  feeSpelling?: CountrySpelling;
}

export function groupSettingsView(t: TemplateSnapshot, state: ViewState): GroupSettingsView {
  return {
    groupSettingsID: t.id,
    groupName: t.groupName,
    subject: t.subject,
    fromName: t.fromName,
    fromEmail: t.fromEmail,
    bccEmail: t.bccEmail ?? '',
    houseAddressID: t.houseAddressId,
    additionalChargesPerInvoice: !t.chargesPerLot,
    additionalChargesPerLot: t.chargesPerLot,
    taxSettings: t.taxRows.map((r) => taxView(r, state.taxSpelling)),
    feeSettings: t.feeRows.map((r) => feeView(r, state.feeSpelling)),
    messages: t.messages.map((m) => ({ header: m.header, detail: m.detail, sequence: m.sequence, isDefault: m.isDefault })),
    payPal: t.payPal,
    payPalEmail: t.payPalEmail ?? '',
    invoiceGroupID: t.id,
    payrixTemplate: t.payrixTemplate,
    active: state.active,
    version: t.version,
    taxSettingsLocked: state.taxSettingsLocked,
  };
}

/** The blank form of '+ Create New Template': per-invoice charging and the two default messages. */
export function newGroupSettingsView(payrixTemplate: boolean): GroupSettingsView {
  return {
    groupSettingsID: 0,
    groupName: '',
    subject: '',
    fromName: '',
    fromEmail: '',
    bccEmail: '',
    houseAddressID: null,
    additionalChargesPerInvoice: true,
    additionalChargesPerLot: false,
    taxSettings: [],
    feeSettings: [],
    messages: DEFAULT_MESSAGES.map((m) => ({ ...m, isDefault: true })),
    payPal: false,
    payPalEmail: '',
    invoiceGroupID: 0,
    payrixTemplate,
    active: true,
    version: null,
    taxSettingsLocked: false,
  };
}
