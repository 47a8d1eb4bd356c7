import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Something that fixes a lot's result once it exists (an invoice line). Modules that build on
 * results register a lock with `LotResultLocks.register` (from their module's `onModuleInit`), so
 * the lots module never reads their tables and they never write lots.
 */
export interface LotResultLock {
  /** Short name for logs and tests, e.g. 'invoices'. */
  readonly name: string;
  /**
   * Of the given lots of the house, those whose result can no longer change, each with the reason
   * shown to staff. Runs inside the writer's transaction, after the lots were locked FOR UPDATE.
   */
  lockedLots(em: EntityManager, houseId: number, lotIds: readonly number[]): Promise<Map<number, string>>;
  /**
   * Whether any lot of the session (catalog id) of the house is locked as `lockedLots` would say,
   * in one set-based query (EXISTS), without reading the session's lot ids.
   */
  anyLotLocked(em: EntityManager, houseId: number, catalogId: number): Promise<boolean>;
  /**
   * Of the given sessions (catalog ids) of the house, those whose lots' results cannot change at
   * the moment (e.g. their invoices are being created), each with the reason. Runs inside the
   * writer's transaction, under the sale's results lock (see LotResultLocks.lockSales).
   */
  lockedCatalogs?(em: EntityManager, houseId: number, catalogIds: readonly number[]): Promise<Map<number, string>>;
}

/** Advisory lock namespace of a sale's results (see LotResultLocks.lockSales). */
const SALE_RESULTS_LOCK = 0x52534c54; // 'RSLT'

/** The registry of result locks. Writers of results (the import, realized prices, timed closing) ask it. */
@Injectable()
export class LotResultLocks {
  private readonly locks: LotResultLock[] = [];

  register(lock: LotResultLock): void {
    if (!this.locks.some((l) => l.name === lock.name)) this.locks.push(lock);
  }

  /** Whether a lock of that name is registered: writers refuse to run without the invoices lock. */
  has(name: string): boolean {
    return this.locks.some((l) => l.name === name);
  }

  /**
   * The one lock shared by everything that writes results and everything that reads them to build
   * on them (an invoice group's creation): a transaction-scoped advisory lock per sale, taken in
   * ascending order (no deadlock between two takers of several). Held until the caller's
   * transaction ends. The results import takes it before it reads the lots; a group's creation
   * (and its retry) takes it while it marks the sessions as being invoiced, so an import either
   * commits before the creation starts (and the invoices carry its results) or finds the
   * sessions being invoiced (and refuses their lots, see LotResultLock).
   */
  async lockSales(em: EntityManager, saleIds: readonly number[]): Promise<void> {
    for (const id of [...new Set(saleIds)].sort((a, b) => a - b))
      await em.execute('select pg_advisory_xact_lock(?, ?)', [SALE_RESULTS_LOCK, id]);
  }

  /** Reasons by catalog id, from every registered lock that locks whole sessions (the first reason wins). */
  async lockedCatalogs(em: EntityManager, houseId: number, catalogIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (!catalogIds.length) return out;
    for (const lock of this.locks) {
      if (!lock.lockedCatalogs) continue;
      for (const [id, reason] of await lock.lockedCatalogs(em, houseId, catalogIds)) if (!out.has(id)) out.set(id, reason);
    }
    return out;
  }

  /** Whether any lot of the session is locked by a registered lock (each asked set-based, until one says yes). */
  async anyLotLocked(em: EntityManager, houseId: number, catalogId: number): Promise<boolean> {
    for (const lock of this.locks) if (await lock.anyLotLocked(em, houseId, catalogId)) return true;
    return false;
  }

  /** Reasons by lot id, from every registered lock (the first reason wins). */
  async lockedLots(em: EntityManager, houseId: number, lotIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (!lotIds.length) return out;
    for (const lock of this.locks) {
      for (const [id, reason] of await lock.lockedLots(em, houseId, lotIds)) if (!out.has(id)) out.set(id, reason);
    }
    return out;
  }
}

/** The lock the invoicing module registers; an import refuses to run without it. */
export const INVOICES_LOCK_NAME = 'invoices';
