import { GeoService } from '../geo/geo.service';
import { HouseAddress } from './house-address.entity';

/**
 * A house address as both faces answer it: the House address fields of 000 section 3 (id/addressID,
 * addressStreet1, addressStreet2, addressCity, showStates, stateName, countryName, facilityName,
 * location, primary) plus the Location form fields, so an edit form can prefill, and `version`.
 */
export interface HouseAddressView {
  id: number;
  addressID: number;
  facilityName: string | null;
  addressStreet1: string;
  addressStreet2: string | null;
  addressCity: string;
  countryCode: string;
  countryName: string | null;
  /** True when the country picks its state from a list (US, CA, AU, UK): the form shows a select. */
  showStates: boolean;
  stateCode: string | null;
  province: string | null;
  /** The listed state's name, or the free-text province. */
  stateName: string | null;
  postalCode: string;
  addressPhone: string | null;
  addressFax: string | null;
  email: string | null;
  timeZoneID: string | null;
  /** One-line place for pickers and lists: "New York, NY, United States" (a county or province by name). */
  location: string;
  primary: boolean;
  version: number;
}

export function toHouseAddressView(a: HouseAddress, geo: GeoService): HouseAddressView {
  const showStates = geo.hasStateList(a.countryCode);
  const state = showStates ? geo.findState(a.countryCode, a.stateCode) : undefined;
  const stateName = state?.stateName ?? a.province ?? a.stateCode ?? null;
  const countryName = geo.countryName(a.countryCode);
  // US, CA and AU addresses read naturally with the state's code; UK counties and others by name.
  const shortState = state && a.countryCode !== 'UK' ? state.stateCode : stateName;
  const location = [a.addressCity, shortState, countryName ?? a.countryCode].filter((p) => p).join(', ');
  return {
    id: a.id,
    addressID: a.id,
    facilityName: a.facilityName ?? null,
    addressStreet1: a.addressStreet1,
    addressStreet2: a.addressStreet2 ?? null,
    addressCity: a.addressCity,
    countryCode: a.countryCode,
    countryName,
    showStates,
    stateCode: a.stateCode ?? null,
    province: a.province ?? null,
    stateName,
    postalCode: a.postalCode,
    addressPhone: a.addressPhone ?? null,
    addressFax: a.addressFax ?? null,
    email: a.email ?? null,
    timeZoneID: a.timeZoneId ?? null,
    location,
    primary: a.primary,
    version: a.version,
  };
}
