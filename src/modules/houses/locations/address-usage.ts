import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Something that refers to a house address and makes it undeletable. Modules that keep address
 * ids register a check with `LocationsService.registerUsageCheck` (from their module's
 * `onModuleInit`), so the locations code never reads their tables.
 */
export interface AddressUsageCheck {
  /** Short name for logs and tests, e.g. 'sessions'. */
  readonly name: string;
  /** The refusal text when the address is in use, or null when it is not. Runs inside the delete's transaction. */
  usage(em: EntityManager, houseId: number, addressId: number): Promise<string | null>;
}

/**
 * Sessions (catalog.address_id) whose sale location is the address. The catalogs module has no
 * service yet, so this one check reads its column directly; it moves to the catalogs module
 * (registered like any other) when that module gets a service.
 */
export const SESSIONS_USING_ADDRESS: AddressUsageCheck = {
  name: 'sessions',
  async usage(em, houseId, addressId) {
    const rows = await em.execute<{ n: string }[]>('select count(*) as n from "catalog" where "house_id" = ? and "address_id" = ?', [
      houseId,
      addressId,
    ]);
    const n = Number(rows[0]?.n ?? 0);
    if (n === 0) return null;
    return `This location is the sale location of ${n} session${n === 1 ? '' : 's'} and cannot be deleted. Choose another location for ${n === 1 ? 'that session' : 'those sessions'} first.`;
  },
};
