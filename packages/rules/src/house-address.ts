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
