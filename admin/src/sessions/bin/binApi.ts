/**
 * The buy-now wizard's step 1 calls (spec 001 section 7 "Bin step 1"); answers are `{ data: ... }`.
 * The invoice settings are the bin group's own (docs/decisions/bin-wizard.md).
 */
import type { BinInvoiceSettings, BinTaxSetting, BinTerm, SessionContacts, SessionDefinition } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import type { ContactTypes } from '../wizard/wizardApi';

export interface Country {
  countryCode: string;
  countryName: string;
}
export interface BinStep1Data {
  contactTypes: ContactTypes;
  paymentMethods: { id: number; name: string; selected: boolean }[];
  shipTo: { exclude: Country[]; include: Country[] };
  terms: BinTerm[];
  invoice: BinInvoiceSettings & { taxSettings: BinTaxSetting[] };
  taxCountries: Country[];
}

export interface BinStep1Save {
  contacts: SessionContacts;
  invoice: BinInvoiceSettings & { taxSettings: BinTaxSetting[] };
  excluded: string[];
  terms: BinTerm[];
  paymentMethods: number[];
}

const group = (houseRef: string, groupId: string, call: string) =>
  `/app/house/${encodeURIComponent(houseRef)}/bin/group/${encodeURIComponent(groupId)}/${call}`;

export async function fetchBinStep1(dp: AppDataProvider, houseId: number, houseRef: string, groupId: string): Promise<BinStep1Data> {
  const [contacts, payments, shipTo, terms, invoice, countries] = await Promise.all([
    dp.call<{ data: { contacttypes: ContactTypes } }>('GET', `/cps/app/house/${houseId}/contacts`),
    dp.call<{ data: { paymentMethods: BinStep1Data['paymentMethods'] } }>('GET', group(houseRef, groupId, 'payments')),
    dp.call<{ data: { binShipTo: BinStep1Data['shipTo'] } }>('GET', group(houseRef, groupId, 'shipTo')),
    dp.call<{ data: { terms: BinTerm[] } }>('GET', group(houseRef, groupId, 'terms')),
    dp.call<{ data: { groupSettings: BinStep1Data['invoice'] } }>('GET', group(houseRef, groupId, 'invoiceSettings')),
    dp.call<{ data: { countries: Country[] } }>('GET', '/app/country?list=tax'),
  ]);
  return {
    contactTypes: contacts.data.contacttypes,
    paymentMethods: payments.data.paymentMethods,
    shipTo: shipTo.data.binShipTo,
    terms: terms.data.terms,
    invoice: invoice.data.groupSettings,
    taxCountries: countries.data.countries,
  };
}

export async function fetchTaxStates(dp: AppDataProvider, country: string): Promise<{ stateCode: string; stateName: string }[]> {
  const res = await dp.call<{ data: { states: { stateCode: string; stateName: string }[] } }>(
    'GET',
    `/app/states?country=${encodeURIComponent(country)}&list=tax`,
  );
  return res.data.states;
}

/** The save fans out in parallel (spec 001 section 7); the caller records the step after. */
export async function saveBinStep1(
  dp: AppDataProvider,
  houseRef: string,
  session: Pick<SessionDefinition, 'catalogID' | 'groupID'>,
  v: BinStep1Save,
): Promise<void> {
  const g = String(session.groupID);
  await Promise.all([
    dp.call('POST', `/cps/app/catalog/${session.catalogID}/contacts/independent`, { contacts: v.contacts }),
    dp.call('POST', group(houseRef, g, 'invoiceSettings'), v.invoice),
    dp.call('POST', `${group(houseRef, g, 'shipTo')}?include=false`, v.excluded),
    dp.call('POST', group(houseRef, g, 'terms'), v.terms),
    dp.call('POST', group(houseRef, g, 'payments'), v.paymentMethods),
  ]);
}
