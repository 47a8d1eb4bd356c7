import { LOCATION_TEXT, LocationsError, LocationsErrorCode } from './locations.errors';

/** The answer for a path id that names no location of the house (malformed, another house's, deleted). */
export const locationNotFound = (): LocationsError => new LocationsError(LocationsErrorCode.NOT_FOUND, LOCATION_TEXT.notFound);
