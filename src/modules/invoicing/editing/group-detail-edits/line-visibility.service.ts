/** Hide from invoice / Show on invoice, through InvoiceMutations (the re-pricing drops hidden lots from counts and totals). */
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../../core/auth/principal';
import { NoChange } from '../core/edit-state';
import { EditRunner, type EditAnswer } from '../core/edit-runner';
import { EditingError, EditingErrorCode } from '../core/editing.errors';
import { planVisibility, visibilityAction, VISIBILITY_TEXT, type VisibilityEntry } from './line-visibility.rules';

@Injectable()
export class LineVisibilityService {
  constructor(private readonly runner: EditRunner) {}

  async setVisibility(p: Principal, groupId: number, entries: readonly VisibilityEntry[]): Promise<EditAnswer> {
    const byInvoice = groupByInvoice(entries);
    const house = await this.runner.house(p.houseId);
    const outcomes = await this.runner.all([...byInvoice.values()], (list) =>
      this.runner.edit(
        {
          houseId: p.houseId,
          invoiceId: list[0].invoiceId,
          version: list[0].version,
          actor: p,
          action: visibilityAction(list),
          lineId: list.length === 1 ? list[0].lineId : null,
          groupId,
        },
        house,
        async (ctx, state) => {
          const updates = planVisibility(state, list);
          if (!updates.length) throw new NoChange(state.invoice.version);
          for (const u of updates) {
            if (u.kind === 'line') {
              await ctx.exec('update invoice_line set suppress = ? where id = ? and house_id = ?', [u.suppress, u.line.id, p.houseId]);
            } else {
              await ctx.exec('update invoice_additional_charge set hidden = ?, updated_at = now() where id = ? and house_id = ?', [
                u.suppress,
                u.charge.id,
                p.houseId,
              ]);
              ctx.audit(
                `${u.charge.lineId === null ? 'additional:invoice' : `additional:line:${u.charge.lineId}`}.hidden`,
                !u.suppress,
                u.suppress,
              );
            }
          }
        },
      ),
    );
    return this.runner.answer(p.houseId, outcomes);
  }
}

/** Entries by invoice, in the order named; one invoice's entries share one version and name each lot once. */
function groupByInvoice(entries: readonly VisibilityEntry[]): Map<number, VisibilityEntry[]> {
  const out = new Map<number, VisibilityEntry[]>();
  for (const e of entries) {
    const list = out.get(e.invoiceId);
    if (!list) {
      out.set(e.invoiceId, [e]);
      continue;
    }
    if (list[0].version !== e.version) throw invalid('version', VISIBILITY_TEXT.versionMismatch);
    if (list.some((x) => x.lineId === e.lineId && x.additionalCharge === e.additionalCharge))
      throw invalid('invoiceDetailID', VISIBILITY_TEXT.twice);
    list.push(e);
  }
  return out;
}

const invalid = (field: string, message: string) => new EditingError(EditingErrorCode.INVALID, message, { [field]: message });
