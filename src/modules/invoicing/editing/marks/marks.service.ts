/**
 * Paid and shipped marks on invoices and lots (spec 000 §4: "Marking paid sets the paid flag, paid
 * date and payment method id; marking shipped sets the shipped flag and date. A confirm dialog can
 * undo either, clearing date and method. Marking unpaid clears the invoice's all-paid state.").
 *
 * Every mark is one InvoiceMutations.mutate (row lock, version check, re-pricing, audit). A Paid
 * mark records the money it stands for as offline payments, so payments made, the balance and the
 * statuses come from recorded money (InvoicePricing), never from a flag alone; Not Paid voids them.
 * Shipped marks move no money (no re-pricing). A batch runs in one transaction: all or nothing.
 */
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../../core/auth/principal';
import { DomainError } from '../../../../core/errors/domain-error';
import { InvoiceDetailsService } from '../../invoices/invoice-details.service';
import type { InvoiceView } from '../../invoices/invoice.view';
import { EditingError, EditingErrorCode } from '../core/editing.errors';
import { InvoiceMutations, MutationContext } from '../core/invoice-mutations.service';
import { MARKS_CONFLICT_TEXT, MarksError, MarksErrorCode } from './marks.errors';
import {
  allocateInvoicePayment,
  Allocation,
  applyOrder,
  BATCH_FIELD,
  isPaidOnline,
  isPending,
  linePaymentAmount,
  markAction,
  MarkItem,
  MarkKind,
  MarkRequest,
  MarkScope,
} from './marks.rules';

type Actor = Pick<Principal, 'userId' | 'userName'>;
type Row = Record<string, unknown>;

export const LINE_NOT_ON_INVOICE_TEXT = 'Lot not found on this invoice.';

const num = (v: unknown): number => Number(v ?? 0);

@Injectable()
export class InvoiceMarksService {
  constructor(
    private readonly em: EntityManager,
    private readonly mutations: InvoiceMutations,
    private readonly details: InvoiceDetailsService,
  ) {}

  /**
   * Applies the marks (one, or a batch all or nothing) and answers the invoices they touched as
   * the read calls show them (balances, statuses and the new version).
   */
  async mark(houseId: number, actor: Actor, kind: MarkKind, scope: MarkScope, request: MarkRequest): Promise<InvoiceView[]> {
    const groupOf = new Map<number, number>();
    const run = async () => {
      // Versions within a batch: several marks of one invoice carry the version the caller saw
      // before the batch; each mark after the first is checked against the batch's own result.
      const versions = new Map<number, { start: number; now: number }>();
      for (const item of applyOrder(request.items)) {
        const seen = versions.get(item.invoiceId);
        const expected = !seen || item.version === null ? item.version : item.version === seen.start ? seen.now : item.version;
        try {
          const { result: groupId, version } = await this.mutations.mutate(
            {
              houseId,
              invoiceId: item.invoiceId,
              expectedVersion: expected,
              actor,
              action: markAction(kind, scope, item.on),
              lineId: item.lineId,
            },
            (ctx) => this.apply(ctx, kind, item, actor),
          );
          versions.set(item.invoiceId, { start: seen ? seen.start : version - 1, now: version });
          groupOf.set(item.invoiceId, groupId);
        } catch (e) {
          throw request.batch ? naming(e, item.index) : e;
        }
      }
    };
    if (request.batch) await this.em.transactional(run);
    else await run();
    return this.views(houseId, groupOf);
  }

  private async apply(ctx: MutationContext, kind: MarkKind, item: MarkItem, actor: Actor): Promise<number> {
    const invoice = ctx.before;
    let line: Row | null = null;
    if (item.lineId !== null) {
      line = ctx.linesBefore.find((l) => num(l.id) === item.lineId) ?? null;
      if (!line) throw new EditingError(EditingErrorCode.LINE_NOT_FOUND, LINE_NOT_ON_INVOICE_TEXT);
    }
    if (kind === 'shipped') {
      ctx.skipPricing();
      if (line) await this.shipLine(ctx, line, item);
      else await this.shipInvoice(ctx, item);
    } else if (line) await this.payLine(ctx, line, item, actor);
    else await this.payInvoice(ctx, item, actor);
    return num(invoice.group_id);
  }

  // --- Paid ----------------------------------------------------------------------------------------

  /**
   * The whole invoice. Paid: every visible unpaid lot and every counted unpaid additional charge is
   * marked paid with the date and method, the outstanding balance is recorded as offline payments
   * (per lot, per additional charge, the rest at invoice level), the invoice is all paid. Not Paid:
   * every offline payment of the invoice is voided (its own, its lots' and its additional charges'),
   * whatever was marked paid without money from a processor is unmarked, and the invoice's all-paid
   * state, date and method are cleared.
   */
  private async payInvoice(ctx: MutationContext, item: MarkItem, actor: Actor): Promise<void> {
    const inv = ctx.before;
    const key = [inv.id, inv.house_id];
    const pending = await this.pendingPayments(ctx);
    const additional = await ctx.exec<Row>(
      `select id, line_id, tax_cents, shipping_cents, insurance_cents, other_cents, hidden, paid, paid_date, online_payment_stat
         from invoice_additional_charge where invoice_id = ? and house_id = ? order by id`,
      key,
    );
    if (
      isPending(inv.online_payment_stat) ||
      pending.length ||
      ctx.linesBefore.some((l) => !l.suppress && isPending(l.online_payment_stat)) ||
      additional.some((a) => !a.hidden && isPending(a.online_payment_stat))
    ) {
      throw new MarksError(MarksErrorCode.PAYMENT_PENDING, MARKS_CONFLICT_TEXT.invoicePending);
    }
    if (isPaidOnline(inv.online_payment_stat)) throw new MarksError(MarksErrorCode.PAID_ONLINE, MARKS_CONFLICT_TEXT.invoicePaidOnline);

    if (item.on) {
      const hiddenLines = new Set(ctx.linesBefore.filter((l) => l.suppress).map((l) => num(l.id)));
      const extras = additional.map((a) => ({
        id: num(a.id),
        amount: num(a.tax_cents) + num(a.shipping_cents) + num(a.insurance_cents) + num(a.other_cents),
        paid: !!a.paid || a.paid_date != null || isPaidOnline(a.online_payment_stat),
        hidden: !!a.hidden || (a.line_id != null && hiddenLines.has(num(a.line_id))),
      }));
      const parts = allocateInvoicePayment(
        num(inv.balance_cents),
        ctx.linesBefore.map((l) => ({
          id: num(l.id),
          total: num(l.total_cents),
          amountPaid: num(l.amount_paid_cents),
          paid: !!l.paid,
          hidden: !!l.suppress,
        })),
        extras,
      );
      await this.recordPayments(ctx, parts, item, actor);
      await ctx.exec(
        `update invoice_line set paid = true, paid_date = ?, payment_method_id = ?, updated_at = now()
          where invoice_id = ? and house_id = ? and not suppress and not paid`,
        [item.date, item.paymentMethodId, ...key],
      );
      const unpaidExtras = extras.filter((a) => !a.hidden && !a.paid).map((a) => a.id);
      if (unpaidExtras.length) {
        await ctx.exec(
          `update invoice_additional_charge set paid = true, paid_date = ?, payment_method_id = ?, updated_at = now()
            where house_id = ? and id in (${unpaidExtras.map(() => '?').join(', ')})`,
          [item.date, item.paymentMethodId, inv.house_id, ...unpaidExtras],
        );
      }
      await ctx.exec(
        `update invoice set all_paid = true, paid_date = ?, payment_method_id = ?, updated_at = now() where id = ? and house_id = ?`,
        [item.date, item.paymentMethodId, ...key],
      );
      return;
    }
    await ctx.exec(
      `update invoice_payment set voided_at = now() where invoice_id = ? and house_id = ? and source = 'offline' and voided_at is null`,
      key,
    );
    await ctx.exec(
      `update invoice_line l set paid = false, paid_date = null, payment_method_id = null, updated_at = now()
        where l.invoice_id = ? and l.house_id = ? and l.paid and coalesce(l.online_payment_stat, '') <> 'a'
          and not exists (select 1 from invoice_payment p where p.line_id = l.id and p.house_id = l.house_id and p.voided_at is null
                            and p.status = 'settled' and p.kind = 'payment' and p.source <> 'offline')`,
      key,
    );
    await ctx.exec(
      `update invoice_additional_charge a set paid = false, paid_date = null, payment_method_id = null, updated_at = now()
        where a.invoice_id = ? and a.house_id = ? and (a.paid or a.paid_date is not null) and coalesce(a.online_payment_stat, '') <> 'a'
          and not exists (select 1 from invoice_payment p where p.additional_charge_id = a.id and p.house_id = a.house_id and p.voided_at is null
                            and p.status = 'settled' and p.kind = 'payment' and p.source <> 'offline')`,
      key,
    );
    await ctx.exec(
      `update invoice set all_paid = false, paid_date = null, payment_method_id = null, updated_at = now() where id = ? and house_id = ?`,
      key,
    );
  }

  /**
   * One lot. Paid: the lot is marked paid with the date and method and what it still owes is
   * recorded (never more than the invoice's balance); when every visible lot is then paid the
   * invoice is all paid (taking this date and method if it had none). Not Paid: the lot's offline
   * payments are voided, its date and method cleared, and the invoice is no longer all paid.
   */
  private async payLine(ctx: MutationContext, line: Row, item: MarkItem, actor: Actor): Promise<void> {
    const inv = ctx.before;
    const pending = await this.pendingPayments(ctx);
    if (
      isPending(line.online_payment_stat) ||
      isPending(inv.online_payment_stat) ||
      pending.some((p) => p.line_id === null || num(p.line_id) === item.lineId)
    ) {
      throw new MarksError(MarksErrorCode.PAYMENT_PENDING, MARKS_CONFLICT_TEXT.linePending);
    }
    if (isPaidOnline(line.online_payment_stat)) throw new MarksError(MarksErrorCode.PAID_ONLINE, MARKS_CONFLICT_TEXT.linePaidOnline);
    if (isPaidOnline(inv.online_payment_stat)) throw new MarksError(MarksErrorCode.PAID_ONLINE, MARKS_CONFLICT_TEXT.invoicePaidOnline);
    const key = [inv.id, inv.house_id];

    if (item.on) {
      if (line.suppress) throw new MarksError(MarksErrorCode.LOT_HIDDEN, MARKS_CONFLICT_TEXT.lotHidden);
      const amount = linePaymentAmount({ total: num(line.total_cents), amountPaid: num(line.amount_paid_cents) }, num(inv.balance_cents));
      await this.recordPayments(ctx, amount > 0 ? [{ lineId: item.lineId, additionalChargeId: null, amount }] : [], item, actor);
      await ctx.exec(
        `update invoice_line set paid = true, paid_date = ?, payment_method_id = ?, updated_at = now() where id = ? and house_id = ?`,
        [item.date, item.paymentMethodId, item.lineId, inv.house_id],
      );
      const everyLotPaid = ctx.linesBefore.every((l) => l.suppress || l.paid || num(l.id) === item.lineId);
      if (everyLotPaid) {
        await ctx.exec(
          `update invoice set all_paid = true, paid_date = coalesce(paid_date, ?), payment_method_id = coalesce(payment_method_id, ?), updated_at = now() where id = ? and house_id = ?`,
          [item.date, item.paymentMethodId, ...key],
        );
      }
      return;
    }
    await ctx.exec(
      `update invoice_payment set voided_at = now() where invoice_id = ? and house_id = ? and line_id = ? and source = 'offline' and voided_at is null`,
      [...key, item.lineId],
    );
    await ctx.exec(
      `update invoice_line set paid = false, paid_date = null, payment_method_id = null, updated_at = now() where id = ? and house_id = ?`,
      [item.lineId, inv.house_id],
    );
    await ctx.exec(`update invoice set all_paid = false, updated_at = now() where id = ? and house_id = ?`, key);
  }

  /** Pending (in flight) online payments of the invoice or its lots. */
  private pendingPayments(ctx: MutationContext): Promise<{ line_id: number | null }[]> {
    return ctx.exec(
      `select line_id from invoice_payment where invoice_id = ? and house_id = ? and status = 'pending' and voided_at is null`,
      [ctx.before.id, ctx.before.house_id],
    );
  }

  private async recordPayments(ctx: MutationContext, parts: readonly Allocation[], item: MarkItem, actor: Actor): Promise<void> {
    if (!parts.length) return;
    const params: unknown[] = [];
    for (const p of parts)
      params.push(
        ctx.before.house_id,
        ctx.before.id,
        p.lineId,
        p.additionalChargeId,
        p.amount,
        item.paymentMethodId,
        item.date,
        actor.userId,
      );
    await ctx.exec(
      `insert into invoice_payment (house_id, invoice_id, line_id, additional_charge_id, amount_cents, kind, source, status, payment_method_id, paid_date, created_by_user_id, created_at)
       values ${parts.map(() => `(?, ?, ?, ?, ?, 'payment', 'offline', 'settled', ?, ?, ?, now())`).join(', ')}`,
      params,
    );
  }

  // --- Shipped -------------------------------------------------------------------------------------

  /** The whole invoice: every visible lot not yet shipped gets the flag and the date; undoing clears every visible lot. */
  private async shipInvoice(ctx: MutationContext, item: MarkItem): Promise<void> {
    const key = [ctx.before.id, ctx.before.house_id];
    if (item.on) {
      await ctx.exec(
        `update invoice_line set shipped = true, shipped_date = ?, updated_at = now() where invoice_id = ? and house_id = ? and not suppress and not shipped`,
        [item.date, ...key],
      );
    } else {
      await ctx.exec(
        `update invoice_line set shipped = false, shipped_date = null, updated_at = now() where invoice_id = ? and house_id = ? and not suppress`,
        key,
      );
    }
  }

  private async shipLine(ctx: MutationContext, line: Row, item: MarkItem): Promise<void> {
    if (item.on && line.suppress) throw new MarksError(MarksErrorCode.LOT_HIDDEN, MARKS_CONFLICT_TEXT.lotHidden);
    await ctx.exec(`update invoice_line set shipped = ?, shipped_date = ?, updated_at = now() where id = ? and house_id = ?`, [
      item.on,
      item.date,
      item.lineId,
      ctx.before.house_id,
    ]);
  }

  // -------------------------------------------------------------------------------------------------

  /** The touched invoices as the read calls answer them, by group (one read per group). */
  private async views(houseId: number, groupOf: ReadonlyMap<number, number>): Promise<InvoiceView[]> {
    const byGroup = new Map<number, number[]>();
    for (const [invoiceId, groupId] of groupOf) byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), invoiceId]);
    const out: InvoiceView[] = [];
    for (const [groupId, ids] of byGroup) out.push(...(await this.details.invoicesOfGroup(houseId, groupId, ids)));
    return out;
  }
}

/** A refusal of the n-th mark of a batch: same status and code, the mark named in `errors`. */
function naming(e: unknown, index: number): unknown {
  if (!(e instanceof DomainError)) return e;
  return new DomainError(e.kind, e.code, e.message, { ...(e.fieldErrors ?? {}), [`${BATCH_FIELD}.${index}`]: e.message });
}
