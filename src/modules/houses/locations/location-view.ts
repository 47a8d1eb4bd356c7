import { GeoService } from '../geo/geo.service';
import type { HouseAddressView } from '@ar/rules';
import { HouseAddress } from './house-address.entity';

export type { HouseAddressView };

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
