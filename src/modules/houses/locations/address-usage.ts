import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Something that refers to a house address and makes it undeletable. Modules that keep address
 * ids register a check with `LocationsService.registerUsageCheck` (from their module's
 * `onModuleInit`), so the locations code never reads their tables (sessions: CatalogsModule).
 */
export interface AddressUsageCheck {
  /** Short name for logs and tests, e.g. 'sessions'. */
  readonly name: string;
  /** The refusal text when the address is in use, or null when it is not. Runs inside the delete's transaction. */
  usage(em: EntityManager, houseId: number, addressId: number): Promise<string | null>;
}

/** The refusal when sessions have the address as their sale location (the catalogs module's check). */
export function sessionsUsingAddressText(n: number): string {
  return `This location is the sale location of ${n} session${n === 1 ? '' : 's'} and cannot be deleted. Choose another location for ${n === 1 ? 'that session' : 'those sessions'} first.`;
}
