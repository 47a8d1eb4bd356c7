import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  BIN_PAYMENT_METHODS,
  BIN_TERM_TITLES,
  defaultBinTerms,
  invoiceSettingsErrors,
  paymentMethodsError,
  taxSettingErrors,
  termsErrors,
  type BinInvoiceSettings,
  type BinTaxSetting,
  type BinTerm,
} from '@ar/rules';
import { buildCountryList, buildStates, STATE_LIST_COUNTRIES, type CountryEntry } from '../../houses/geo/geo-data';
import { invalid, SessionWizardError } from '../session-wizard/session-wizard.errors';
import { BinSaleSettings } from './bin-sale-settings.entity';

export interface PaymentMethodView {
  id: number;
  name: string;
  selected: boolean;
}
export type ShipToCountry = CountryEntry & { selected: boolean };
export interface BinShipTo {
  exclude: ShipToCountry[];
  include: ShipToCountry[];
}
export type BinInvoiceSettingsView = BinInvoiceSettings & { groupID: number; taxSettings: BinTaxSetting[] };

const SHIP_TO_COUNTRIES = buildCountryList('location');
const SHIP_TO_CODES = new Set(SHIP_TO_COUNTRIES.map((c) => c.countryCode));
const TAX_COUNTRY_CODES = new Set(buildCountryList('tax').map((c) => c.countryCode));

/**
 * Bin wizard step 1 (spec 001 "Bin step 1"): the buy-now sale's cards, ship-to rules, terms and
 * invoice settings, kept on its group (one `bin_sale_settings` row), checked with @ar/rules.
 */
@Injectable()
export class BinSaleService {
  constructor(private readonly em: EntityManager) {}

  async paymentMethods(houseId: number, groupId: number): Promise<PaymentMethodView[]> {
    const s = await this.settings(houseId, groupId);
    const chosen = s?.paymentMethodIds ?? [];
    return BIN_PAYMENT_METHODS.map((m) => ({ id: m.id, name: m.name, selected: chosen.includes(m.id) }));
  }

  async savePaymentMethods(houseId: number, groupId: number, ids: number[]): Promise<PaymentMethodView[]> {
    await this.binGroup(houseId, groupId);
    const known = BIN_PAYMENT_METHODS.map((m) => m.id as number);
    const err = paymentMethodsError(ids);
    if (err) throw invalid({ paymentMethods: err });
    if (ids.some((id) => !known.includes(id))) throw invalid({ paymentMethods: 'Unknown payment method.' });
    await this.upsert(houseId, groupId, { paymentMethodIds: known.filter((id) => ids.includes(id)) });
    return this.paymentMethods(houseId, groupId);
  }

  async shipTo(houseId: number, groupId: number): Promise<BinShipTo> {
    const s = await this.settings(houseId, groupId);
    const excluded = new Set(s?.shipToExcluded ?? []);
    return {
      exclude: SHIP_TO_COUNTRIES.filter((c) => excluded.has(c.countryCode)).map((c) => ({ ...c, selected: false })),
      include: SHIP_TO_COUNTRIES.filter((c) => !excluded.has(c.countryCode)).map((c) => ({ ...c, selected: false })),
    };
  }

  /** Stores the excluded countries; every other country is included. */
  async saveShipTo(houseId: number, groupId: number, codes: string[]): Promise<BinShipTo> {
    await this.binGroup(houseId, groupId);
    const bad = codes.filter((c) => !SHIP_TO_CODES.has(c));
    if (bad.length) throw invalid({ countries: `Unknown country code: ${bad.slice(0, 5).join(', ')}.` });
    await this.upsert(houseId, groupId, { shipToExcluded: [...new Set(codes)] });
    return this.shipTo(houseId, groupId);
  }

  async terms(houseId: number, groupId: number): Promise<BinTerm[]> {
    const s = await this.settings(houseId, groupId);
    return s?.terms?.length ? s.terms : defaultBinTerms();
  }

  /** The six terms in order; ids are the positions (1-6), the first two always active. */
  async saveTerms(houseId: number, groupId: number, sent: { [K in keyof BinTerm]?: BinTerm[K] | null }[]): Promise<BinTerm[]> {
    await this.binGroup(houseId, groupId);
    if (sent.length !== BIN_TERM_TITLES.length) throw invalid({ terms: `Send the ${BIN_TERM_TITLES.length} terms in order.` });
    const terms: BinTerm[] = sent.map((t, i) => ({
      id: i + 1,
      active: i < 2 || !!t.active,
      termTitle: (t.termTitle ?? '').trim(),
      termText: (t.termText ?? '').trim(),
      isOpen: !!t.isOpen,
    }));
    const errors = termsErrors(terms);
    if (Object.keys(errors).length) throw invalid(errors);
    await this.upsert(houseId, groupId, { terms });
    return terms;
  }

  async invoiceSettings(houseId: number, groupId: number): Promise<BinInvoiceSettingsView> {
    const s = await this.settings(houseId, groupId);
    return {
      groupID: groupId,
      subject: s?.subject ?? '',
      fromName: s?.fromName ?? '',
      fromEmail: s?.fromEmail ?? '',
      bccEmail: s?.bccEmail ?? '',
      taxSettings: s?.taxSettings ?? [],
    };
  }

  async saveInvoiceSettings(
    houseId: number,
    groupId: number,
    body: Partial<Record<keyof BinInvoiceSettings, string | null>> & {
      taxSettings?: Partial<Record<keyof BinTaxSetting, unknown>>[] | null;
    },
  ): Promise<BinInvoiceSettingsView> {
    await this.binGroup(houseId, groupId);
    const v = {
      subject: (body.subject ?? '').trim(),
      fromName: (body.fromName ?? '').trim(),
      fromEmail: (body.fromEmail ?? '').trim(),
      bccEmail: (body.bccEmail ?? '').trim(),
    };
    const errors: Record<string, string> = invoiceSettingsErrors(v);
    const taxSettings: BinTaxSetting[] = (body.taxSettings ?? []).map((t) => ({
      taxType: String(t.taxType ?? '').trim(),
      taxRate: String(t.taxRate ?? '').trim(),
      taxCountryID: String(t.taxCountryID ?? '').trim(),
      taxStateID: String(t.taxStateID ?? '').trim(),
    }));
    taxSettings.forEach((t, i) => {
      const hasStates = STATE_LIST_COUNTRIES.includes(t.taxCountryID);
      const rowErrors = taxSettingErrors(t, hasStates);
      if (!rowErrors.taxCountryID && !TAX_COUNTRY_CODES.has(t.taxCountryID)) rowErrors.taxCountryID = 'Unknown country.';
      else if (
        !rowErrors.taxStateID &&
        hasStates &&
        t.taxStateID !== 'ALL' &&
        !buildStates(t.taxCountryID).some((st) => st.stateCode === t.taxStateID)
      )
        rowErrors.taxStateID = 'Unknown state.';
      if (!hasStates && !rowErrors.taxCountryID) t.taxStateID = 'ALL';
      for (const [k, m] of Object.entries(rowErrors)) errors[`taxSettings.${i}.${k}`] = m;
    });
    if (Object.keys(errors).length) throw invalid(errors);
    await this.upsert(houseId, groupId, { ...v, taxSettings });
    return this.invoiceSettings(houseId, groupId);
  }

  /** The bin group of the house (another house's or a live/timed sale's id: 404), and its settings row. */
  private async settings(houseId: number, groupId: number): Promise<BinSaleSettings | null> {
    await this.binGroup(houseId, groupId);
    return this.em.findOne(BinSaleSettings, { group: groupId, house: houseId });
  }

  private async binGroup(houseId: number, groupId: number): Promise<void> {
    const rows = await this.em.execute('select id from auction_group where id = ? and house_id = ? and not is_live', [groupId, houseId]);
    if (!rows[0]) throw SessionWizardError.groupNotFound();
  }

  /** Callers checked the group first (so a foreign id answers 404 before any validation message). */
  private async upsert(houseId: number, groupId: number, patch: Partial<BinSaleSettings>): Promise<void> {
    const em = this.em.fork();
    await em.upsert(BinSaleSettings, { house: houseId, group: groupId, ...patch, updatedAt: new Date() } as BinSaleSettings, {
      onConflictFields: ['group'],
      onConflictAction: 'merge',
      onConflictMergeFields: [...(Object.keys(patch) as (keyof BinSaleSettings)[]), 'updatedAt'],
    });
  }
}
