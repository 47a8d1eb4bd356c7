/**
 * The Location form's rules live in the shared package (@ar/rules, packages/rules/src/location-rules.ts):
 * the admin's form runs the same function. The service calls `checkLocation` with the GeoService
 * (the real country, state and postal-code lists); these names stay importable from here.
 */
export {
  checkLocation,
  isTimeZone,
  LOCATION_LIMITS,
  postalLabel,
  stateLabel,
  type LocationCheck,
  type LocationInput,
  type LocationValues,
} from '@ar/rules';
