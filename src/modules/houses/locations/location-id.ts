import { LOCATION_TEXT, LocationsError, LocationsErrorCode } from './locations.errors';

/** A location id from a path: anything but a positive 32-bit integer names no location (404). */
export function parseLocationId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    throw new LocationsError(LocationsErrorCode.NOT_FOUND, LOCATION_TEXT.notFound);
  return id;
}
