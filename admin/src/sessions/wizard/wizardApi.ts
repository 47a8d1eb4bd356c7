/**
 * The live/timed wizard's calls, steps 1 and 2 (spec 001 section 7), and Add Sale's `POST .../auction`.
 * Answers are `{ data: ... }` (docs/decisions/session-wizard.md).
 */
import type {
  AddressDefaults,
  HouseAddressView,
  PostSaleChannel,
  PremiumStepView,
  SessionCategoryGroup,
  SessionContacts,
  SessionDefinition,
} from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';

export interface WizardHouseInfo {
  liveToTimedEligible: boolean;
  defaultTimedInterval: number;
  timeZone: string;
  addressTimeZones: Record<string, string>;
}

export interface WizardGroupInfo {
  groupID: number;
  groupName: string;
  isTimed: boolean;
  canAddCatalogs: boolean;
  addBlockedBy: 'maxSessions' | 'feeStep' | null;
}

export type ContactTypes = Record<string, { id: number; name: string; contacts: { id: number; firstname: string; lastname: string }[] }>;

export const WIZARD_KEYS = {
  session: (catalogId: string) => ['session', catalogId] as const,
  houseInfo: (houseId: number) => ['session', 'houseInfo', houseId] as const,
  addresses: () => ['session', 'addresses'] as const,
  group: (groupId: string) => ['session', 'group', groupId] as const,
  details: (catalogId: string) => ['session', catalogId, 'details'] as const,
};

const catalog = (id: string | number) => `/cps/app/catalog/${encodeURIComponent(String(id))}`;

export async function createSale(dp: AppDataProvider, houseId: number, body: { isTimed: '0' | '1'; title: string; termsID: number }) {
  const res = await dp.call<{ data: { groupID: number; isTimed: boolean } }>('POST', `/cps/app/house/${houseId}/auction`, body);
  return res.data;
}

export async function fetchSession(dp: AppDataProvider, catalogId: string): Promise<SessionDefinition> {
  return (await dp.call<{ data: { catalog: SessionDefinition } }>('GET', catalog(catalogId))).data.catalog;
}

export async function fetchHouseInfo(dp: AppDataProvider, houseId: number): Promise<WizardHouseInfo> {
  return (await dp.call<{ data: { houseInfo: WizardHouseInfo } }>('GET', `/cps/app/house/${houseId}/info`)).data.houseInfo;
}

export async function fetchAddresses(dp: AppDataProvider): Promise<HouseAddressView[]> {
  return (await dp.call<{ data: { houseAddresses: HouseAddressView[] } }>('GET', '/app/house/address')).data.houseAddresses;
}

export async function fetchGroupInfo(dp: AppDataProvider, groupId: string): Promise<WizardGroupInfo> {
  return (await dp.call<{ data: { groupInfo: WizardGroupInfo } }>('GET', `/cps/app/group/${encodeURIComponent(groupId)}/info`)).data
    .groupInfo;
}

/** Step 1: a new session in the sale, or the edit of one. */
export async function saveBasics(dp: AppDataProvider, groupId: string, catalogId: string, body: Record<string, unknown>): Promise<number> {
  const url = catalogId === '0' ? `/cps/app/group/${encodeURIComponent(groupId)}/catalog` : catalog(catalogId);
  return (await dp.call<{ data: { catalogID: number } }>('POST', url, body)).data.catalogID;
}

export async function recordStep(dp: AppDataProvider, catalogId: number | string, step: number): Promise<void> {
  await dp.call('POST', `/cps/app/diy-step-tracker/${catalogId}`, { step });
}

export interface DetailsData {
  premiumSteps: PremiumStepView[];
  channels: PostSaleChannel[];
  categories: SessionCategoryGroup[];
  contactTypes: ContactTypes;
  defaults: AddressDefaults | null;
}

/** Step 2's reads, in parallel (the session definition is read by the shell). */
export async function fetchDetails(dp: AppDataProvider, houseId: number, s: SessionDefinition): Promise<DetailsData> {
  const [steps, channels, categories, contacts, defaults] = await Promise.all([
    dp.call<{ data: { buypremsteps: PremiumStepView[] } }>('GET', `/cps/app/group/${s.groupID}/buypremsteps`),
    dp.call<{ data: { channels: PostSaleChannel[] } }>('GET', `${catalog(s.catalogID)}/channels`),
    dp.call<{ data: { categories: SessionCategoryGroup[] } }>('GET', `/cps/app/house/${houseId}/categories`),
    dp.call<{ data: { contacttypes: ContactTypes } }>('GET', `/cps/app/house/${houseId}/contacts`),
    s.addressID
      ? dp.call<{ data: { defaults: AddressDefaults } }>('GET', `/cps/app/house/${houseId}/address/${s.addressID}/defaults`)
      : Promise.resolve(null),
  ]);
  return {
    premiumSteps: steps.data.buypremsteps,
    channels: channels.data.channels,
    categories: categories.data.categories,
    contactTypes: contacts.data.contacttypes,
    defaults: defaults?.data.defaults ?? null,
  };
}

export interface DetailsSave {
  categoryIDs: number[];
  channels: { channelID: number; value: number }[];
  contacts: SessionContacts;
  /** Only the keys to keep as the address's defaults. */
  defaults: Partial<SessionContacts> & { viewNotes?: string };
  session: { description: string; viewNotes: string; audioVideo?: number };
}

/** Step 2's save: the spec's parallel POSTs; the caller records the step tracker after them. */
export async function saveDetails(dp: AppDataProvider, catalogId: number, d: DetailsSave): Promise<void> {
  await Promise.all([
    dp.call('POST', `${catalog(catalogId)}/categories`, d.categoryIDs),
    dp.call('POST', `${catalog(catalogId)}/channels`, d.channels),
    dp.call('POST', `${catalog(catalogId)}/contacts`, d.contacts),
    Object.keys(d.defaults).length ? dp.call('POST', `${catalog(catalogId)}/defaults`, d.defaults) : Promise.resolve(),
    dp.call('POST', catalog(catalogId), d.session),
  ]);
}
