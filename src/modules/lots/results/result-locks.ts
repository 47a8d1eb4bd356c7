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
}

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
