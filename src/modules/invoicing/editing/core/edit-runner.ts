/**
 * What every editing call of this module shares around InvoiceMutations.mutate: the house's
 * payment settings, the invoice's state for the rules (loaded in the mutation's transaction, after
 * the row lock and the version check), "no change" answered as success without a new version, the
 * invoice read back through the one mapper, and several invoices changed all-or-nothing.
 */
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../../core/auth/principal';
import { HousesService } from '../../../houses/houses.service';
import { DEFAULT_SORT } from '../../invoices/invoice-list-query';
import { InvoiceDetailsService } from '../../invoices/invoice-details.service';
import type { InvoiceView, TotalsStrip } from '../../invoices/invoice.view';
import { EditingError, EditingErrorCode } from './editing.errors';
import { loadEditState, NoChange, type EditState, type HouseState } from './edit-state';
import { InvoiceMutations, type MutationContext } from './invoice-mutations.service';

export interface EditTarget {
  houseId: number;
  invoiceId: number;
  version: number | null;
  actor: Pick<Principal, 'userId' | 'userName'>;
  action: string;
  lineId?: number | null;
  /** The invoice must belong to this group (calls under `invoiceGroup/{id}`); another group's invoice is not found. */
  groupId?: number;
  /** A staff-only change (the internal note): a sent invoice needs no resend. */
  internal?: boolean;
}

export interface EditOutcome<R> {
  invoiceId: number;
  version: number;
  changed: boolean;
  result: R | null;
}

/**
 * The answer of the `POST groupDetailInfo` variants: `{ success, invoices: [{ invoiceID, version,
 * changed }] }`, plus, when one invoice was named, its `invoiceID`, `version` and the invoice as the
 * read calls answer it.
 */
export interface EditAnswer {
  success: true;
  invoiceID?: number;
  version?: number;
  invoice?: InvoiceView;
  invoices: { invoiceID: number; version: number; changed: boolean }[];
}

@Injectable()
export class EditRunner {
  constructor(
    private readonly em: EntityManager,
    private readonly mutations: InvoiceMutations,
    private readonly houses: HousesService,
    private readonly details: InvoiceDetailsService,
  ) {}

  async house(houseId: number): Promise<HouseState> {
    const h = await this.houses.getById(houseId);
    return { processorType: h.processorType ?? null, paymentProcessingEnabled: h.paymentProcessingEnabled };
  }

  /**
   * One change of one invoice. `change` reads the state, applies the rules (throwing a DomainError
   * to refuse, or NoChange when there is nothing to do) and writes through `ctx.exec`.
   */
  async edit<R>(
    target: EditTarget,
    house: HouseState,
    change: (ctx: MutationContext, state: EditState) => Promise<R>,
  ): Promise<EditOutcome<R>> {
    try {
      const out = await this.mutations.mutate(
        {
          houseId: target.houseId,
          invoiceId: target.invoiceId,
          expectedVersion: target.version,
          actor: target.actor,
          action: target.action,
          lineId: target.lineId ?? null,
          internal: target.internal ?? false,
        },
        async (ctx) => {
          if (target.groupId !== undefined && ctx.invoice.groupId !== target.groupId) {
            throw new EditingError(EditingErrorCode.INVOICE_NOT_FOUND, 'Invoice not found.');
          }
          return change(ctx, loadEditState(ctx, house));
        },
      );
      return { invoiceId: target.invoiceId, version: out.version, changed: out.changed, result: out.result };
    } catch (e) {
      if (e instanceof NoChange) return { invoiceId: target.invoiceId, version: e.version, changed: false, result: null };
      throw e;
    }
  }

  /** Several edits all-or-nothing (one transaction; each invoice still locked, checked and audited on its own). */
  async all<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
    const go = async () => {
      const out: R[] = [];
      for (const item of items) out.push(await run(item));
      return out;
    };
    return items.length > 1 ? this.em.transactional(go) : go();
  }

  async answer(houseId: number, outcomes: readonly EditOutcome<unknown>[]): Promise<EditAnswer> {
    const invoices = outcomes.map((o) => ({ invoiceID: o.invoiceId, version: o.version, changed: o.changed }));
    if (invoices.length !== 1) return { success: true, invoices };
    return {
      success: true,
      invoiceID: invoices[0].invoiceID,
      version: invoices[0].version,
      invoice: await this.invoice(houseId, invoices[0].invoiceID),
      invoices,
    };
  }

  /** The invoice as every read call answers it (after the change was committed). */
  invoice(houseId: number, invoiceId: number): Promise<InvoiceView> {
    return this.details.getOne(houseId, invoiceId);
  }

  /** The Edit Invoices totals strip of a group. */
  async groupTotals(houseId: number, groupId: number): Promise<TotalsStrip> {
    const info = await this.details.groupDetailInfo(houseId, { groupId, status: 'ALL', sort: DEFAULT_SORT, offset: 0, limit: 1 });
    return info.totals;
  }
}
