/**
 * Paid and shipped marks on invoices and lots (spec 000 §4: "Marking paid sets the paid flag, paid
 * date and payment method id; marking shipped sets the shipped flag and date. A confirm dialog can
 * undo either, clearing date and method. Marking unpaid clears the invoice's all-paid state.").
 *
 * A request's marks go through InvoiceMutations.mutateMany (row locks, version checks, re-pricing,
 * audit), set-based: one round per mark of the same invoice (usually one round for the whole batch). A Paid
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
import { InvoiceMutations, MutationContext, type Exec } from '../core/invoice-mutations.service';
import type { InvoiceLineRecord } from '../../invoices/invoice-records';
import { onlineStateSql } from '../../math/statuses';
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

export const LINE_NOT_ON_INVOICE_TEXT = 'Lot not found on this invoice.';

/** Pending (in flight) online payments of the invoice or its lots. */
const pendingPayments = (ctx: MutationContext) => ctx.payments.filter((p) => p.status === 'pending');

/** The k-th mark of each invoice in round k: a round names each invoice once (one set-based mutateMany), in the order given. */
function rounds(items: readonly MarkItem[]): MarkItem[][] {
  const out: MarkItem[][] = [];
  const seen = new Map<number, number>();
  for (const item of items) {
    const k = seen.get(item.invoiceId) ?? 0;
    seen.set(item.invoiceId, k + 1);
    (out[k] ??= []).push(item);
  }
  return out;
}

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
      for (const round of rounds(applyOrder(request.items))) {
        const targets = round.map((item) => {
          const seen = versions.get(item.invoiceId);
          const expected = !seen || item.version === null ? item.version : item.version === seen.start ? seen.now : item.version;
          return {
            houseId,
            invoiceId: item.invoiceId,
            expectedVersion: expected,
            actor,
            action: markAction(kind, scope, item.on),
            lineId: item.lineId,
          };
        });
        const writes = new InvoiceMarkWrites(houseId, actor.userId);
        const outcomes = await this.mutations.mutateMany(
          targets,
          (ctx, _target, i) => Promise.resolve(this.apply(ctx, kind, round[i], writes)),
          {
            named: (e, i) => (request.batch ? naming(e, round[i].index) : e),
            beforePricing: (exec) => writes.flush(exec),
          },
        );
        for (const o of outcomes) {
          const seen = versions.get(o.invoiceId);
          versions.set(o.invoiceId, { start: seen ? seen.start : o.changed ? o.version - 1 : o.version, now: o.version });
          groupOf.set(o.invoiceId, o.result);
        }
      }
    };
    if (request.batch) await this.em.transactional(run);
    else await run();
    return this.views(houseId, groupOf);
  }

  private apply(ctx: MutationContext, kind: MarkKind, item: MarkItem, writes: InvoiceMarkWrites): number {
    let line: InvoiceLineRecord | null = null;
    if (item.lineId !== null) {
      line = ctx.lines.find((l) => l.id === item.lineId) ?? null;
      if (!line) throw new EditingError(EditingErrorCode.LINE_NOT_FOUND, LINE_NOT_ON_INVOICE_TEXT);
    }
    if (kind === 'shipped') {
      ctx.skipPricing();
      if (line) this.shipLine(line, item, writes);
      else writes.ship(ctx.invoice.id, item);
    } else if (line) this.payLine(ctx, line, item, writes);
    else this.payInvoice(ctx, item, writes);
    return ctx.invoice.groupId;
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
  private payInvoice(ctx: MutationContext, item: MarkItem, writes: InvoiceMarkWrites): void {
    const inv = ctx.invoice;
    if (
      isPending(inv.onlinePaymentStat) ||
      pendingPayments(ctx).length ||
      ctx.lines.some((l) => !l.suppress && isPending(l.onlinePaymentStat)) ||
      ctx.additional.some((a) => !a.hidden && isPending(a.onlinePaymentStat))
    ) {
      throw new MarksError(MarksErrorCode.PAYMENT_PENDING, MARKS_CONFLICT_TEXT.invoicePending);
    }
    if (isPaidOnline(inv.onlinePaymentStat)) throw new MarksError(MarksErrorCode.PAID_ONLINE, MARKS_CONFLICT_TEXT.invoicePaidOnline);
    if (!item.on) return writes.unpay(inv.id);

    const hiddenLines = new Set(ctx.lines.filter((l) => l.suppress).map((l) => l.id));
    const extras = ctx.additional.map((a) => ({
      id: a.id,
      amount: a.taxCents + a.shippingCents + a.insuranceCents + a.otherCents,
      paid: a.paid || a.paidDate !== null || isPaidOnline(a.onlinePaymentStat),
      hidden: a.hidden || (a.lineId !== null && hiddenLines.has(a.lineId)),
    }));
    const parts = allocateInvoicePayment(
      inv.balanceCents,
      ctx.lines.map((l) => ({ id: l.id, total: l.totalCents, amountPaid: l.amountPaidCents, paid: l.paid, hidden: l.suppress })),
      extras,
    );
    writes.pay(
      inv.id,
      item,
      parts,
      extras.filter((a) => !a.hidden && !a.paid).map((a) => a.id),
    );
  }

  /**
   * One lot. Paid: the lot is marked paid with the date and method and what it still owes is
   * recorded (never more than the invoice's balance); when every visible lot is then paid the
   * invoice is all paid (taking this date and method if it had none). Not Paid: the lot's offline
   * payments are voided, its date and method cleared, and the invoice is no longer all paid.
   */
  private payLine(ctx: MutationContext, line: InvoiceLineRecord, item: MarkItem, writes: InvoiceMarkWrites): void {
    const inv = ctx.invoice;
    if (
      isPending(line.onlinePaymentStat) ||
      isPending(inv.onlinePaymentStat) ||
      pendingPayments(ctx).some((p) => p.lineId === null || p.lineId === item.lineId)
    ) {
      throw new MarksError(MarksErrorCode.PAYMENT_PENDING, MARKS_CONFLICT_TEXT.linePending);
    }
    if (isPaidOnline(line.onlinePaymentStat)) throw new MarksError(MarksErrorCode.PAID_ONLINE, MARKS_CONFLICT_TEXT.linePaidOnline);
    if (isPaidOnline(inv.onlinePaymentStat)) throw new MarksError(MarksErrorCode.PAID_ONLINE, MARKS_CONFLICT_TEXT.invoicePaidOnline);
    if (!item.on) return writes.unpayLine(inv.id, line.id);
    if (line.suppress) throw new MarksError(MarksErrorCode.LOT_HIDDEN, MARKS_CONFLICT_TEXT.lotHidden);
    const amount = linePaymentAmount({ total: line.totalCents, amountPaid: line.amountPaidCents }, inv.balanceCents);
    const everyLotPaid = ctx.lines.every((l) => l.suppress || l.paid || l.id === line.id);
    writes.payLine(inv.id, line.id, item, amount, everyLotPaid);
  }

  // --- Shipped -------------------------------------------------------------------------------------

  private shipLine(line: InvoiceLineRecord, item: MarkItem, writes: InvoiceMarkWrites): void {
    if (item.on && line.suppress) throw new MarksError(MarksErrorCode.LOT_HIDDEN, MARKS_CONFLICT_TEXT.lotHidden);
    writes.shipLine(line.id, item);
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

type PaidRow = [id: number, date: string | null, methodId: number | null];

/** `?, ?, ?` for a list of ids. */
const list = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

/**
 * The writes of a round's marks, queued by each mark (after its checks) and written set-based
 * before the re-pricing: a few statements for the round, whatever the number of invoices and lots.
 * Each mark writes what it wrote one invoice or one lot at a time before:
 * - Paid (invoice): the allocated offline payments; every visible lot not yet paid, and every
 *   counted unpaid additional charge, marked paid with the date and method; the invoice all paid with them.
 * - Not Paid (invoice): every offline payment voided; lots and additional charges marked paid
 *   without money from a processor unmarked; the invoice's all-paid state, date and method cleared.
 * - Paid (lot): what the lot still owes as an offline payment; the lot marked paid with the date and
 *   method; the invoice all paid when every visible lot now is (keeping a date and method it had).
 * - Not Paid (lot): the lot's offline payments voided, its paid state, date and method cleared, the
 *   invoice no longer all paid.
 * - Shipped: every visible lot not yet shipped gets the flag and the date; undoing clears every
 *   visible lot. A lot's mark sets or clears that lot.
 */
class InvoiceMarkWrites {
  private readonly payments: { invoiceId: number; parts: readonly Allocation[]; item: MarkItem }[] = [];
  private readonly paid: PaidRow[] = [];
  private readonly paidExtras: PaidRow[] = [];
  private readonly unpaid: number[] = [];
  private readonly shipped: [number, string | null][] = [];
  private readonly unshipped: number[] = [];
  private readonly paidLines: PaidRow[] = [];
  /** Invoices whose last unpaid visible lot a mark pays. */
  private readonly paidByLots: PaidRow[] = [];
  private readonly unpaidLines: [invoiceId: number, lineId: number][] = [];
  private readonly shippedLines: [lineId: number, on: boolean, date: string | null][] = [];

  constructor(
    private readonly houseId: number,
    private readonly userId: number,
  ) {}

  pay(invoiceId: number, item: MarkItem, parts: readonly Allocation[], extraIds: readonly number[]): void {
    if (parts.length) this.payments.push({ invoiceId, parts, item });
    this.paid.push([invoiceId, item.date, item.paymentMethodId]);
    for (const id of extraIds) this.paidExtras.push([id, item.date, item.paymentMethodId]);
  }

  unpay(invoiceId: number): void {
    this.unpaid.push(invoiceId);
  }

  ship(invoiceId: number, item: MarkItem): void {
    if (item.on) this.shipped.push([invoiceId, item.date]);
    else this.unshipped.push(invoiceId);
  }

  payLine(invoiceId: number, lineId: number, item: MarkItem, amount: number, everyLotPaid: boolean): void {
    if (amount > 0) this.payments.push({ invoiceId, parts: [{ lineId, additionalChargeId: null, amount }], item });
    this.paidLines.push([lineId, item.date, item.paymentMethodId]);
    if (everyLotPaid) this.paidByLots.push([invoiceId, item.date, item.paymentMethodId]);
  }

  unpayLine(invoiceId: number, lineId: number): void {
    this.unpaidLines.push([invoiceId, lineId]);
  }

  shipLine(lineId: number, item: MarkItem): void {
    this.shippedLines.push([lineId, item.on, item.date]);
  }

  async flush(exec: Exec): Promise<void> {
    await this.insertPayments(exec);
    await this.flushInvoices(exec);
    await this.flushLines(exec);
  }

  /** The whole-invoice marks. */
  private async flushInvoices(exec: Exec): Promise<void> {
    const h = this.houseId;
    if (this.paid.length) {
      const rows = JSON.stringify(this.paid);
      await exec(
        `update invoice_line l set paid = true, paid_date = (v->>1)::date, payment_method_id = (v->>2)::int, updated_at = now()
           from jsonb_array_elements(?::jsonb) as v where l.invoice_id = (v->>0)::int and l.house_id = ? and not l.suppress and not l.paid`,
        [rows, h],
      );
      if (this.paidExtras.length) {
        await exec(
          `update invoice_additional_charge a set paid = true, paid_date = (v->>1)::date, payment_method_id = (v->>2)::int, updated_at = now()
             from jsonb_array_elements(?::jsonb) as v where a.id = (v->>0)::int and a.house_id = ?`,
          [JSON.stringify(this.paidExtras), h],
        );
      }
      await exec(
        `update invoice i set all_paid = true, paid_date = (v->>1)::date, payment_method_id = (v->>2)::int, updated_at = now()
           from jsonb_array_elements(?::jsonb) as v where i.id = (v->>0)::int and i.house_id = ?`,
        [rows, h],
      );
    }
    if (this.unpaid.length) {
      const ids = this.unpaid;
      await exec(
        `update invoice_payment set voided_at = now() where house_id = ? and invoice_id in (${list(ids)}) and source = 'offline' and voided_at is null`,
        [h, ...ids],
      );
      await exec(
        `update invoice_line l set paid = false, paid_date = null, payment_method_id = null, updated_at = now()
          where l.house_id = ? and l.invoice_id in (${list(ids)}) and l.paid and not ${onlineStateSql('l.online_payment_stat', 'paid')}
            and not exists (select 1 from invoice_payment p where p.line_id = l.id and p.house_id = l.house_id and p.voided_at is null
                              and p.status = 'settled' and p.kind = 'payment' and p.source <> 'offline')`,
        [h, ...ids],
      );
      await exec(
        `update invoice_additional_charge a set paid = false, paid_date = null, payment_method_id = null, updated_at = now()
          where a.house_id = ? and a.invoice_id in (${list(ids)}) and (a.paid or a.paid_date is not null) and not ${onlineStateSql('a.online_payment_stat', 'paid')}
            and not exists (select 1 from invoice_payment p where p.additional_charge_id = a.id and p.house_id = a.house_id and p.voided_at is null
                              and p.status = 'settled' and p.kind = 'payment' and p.source <> 'offline')`,
        [h, ...ids],
      );
      await exec(
        `update invoice set all_paid = false, paid_date = null, payment_method_id = null, updated_at = now() where house_id = ? and id in (${list(ids)})`,
        [h, ...ids],
      );
    }
    if (this.shipped.length) {
      await exec(
        `update invoice_line l set shipped = true, shipped_date = (v->>1)::date, updated_at = now()
           from jsonb_array_elements(?::jsonb) as v where l.invoice_id = (v->>0)::int and l.house_id = ? and not l.suppress and not l.shipped`,
        [JSON.stringify(this.shipped), h],
      );
    }
    if (this.unshipped.length) {
      await exec(
        `update invoice_line set shipped = false, shipped_date = null, updated_at = now()
          where house_id = ? and invoice_id in (${list(this.unshipped)}) and not suppress`,
        [h, ...this.unshipped],
      );
    }
  }

  /** The lot marks (one lot per invoice in a round). */
  private async flushLines(exec: Exec): Promise<void> {
    const h = this.houseId;
    if (this.paidLines.length) {
      await exec(
        `update invoice_line l set paid = true, paid_date = (v->>1)::date, payment_method_id = (v->>2)::int, updated_at = now()
           from jsonb_array_elements(?::jsonb) as v where l.id = (v->>0)::int and l.house_id = ?`,
        [JSON.stringify(this.paidLines), h],
      );
    }
    if (this.paidByLots.length) {
      await exec(
        `update invoice i set all_paid = true, paid_date = coalesce(i.paid_date, (v->>1)::date),
           payment_method_id = coalesce(i.payment_method_id, (v->>2)::int), updated_at = now()
           from jsonb_array_elements(?::jsonb) as v where i.id = (v->>0)::int and i.house_id = ?`,
        [JSON.stringify(this.paidByLots), h],
      );
    }
    if (this.unpaidLines.length) {
      const rows = JSON.stringify(this.unpaidLines);
      await exec(
        `update invoice_payment p set voided_at = now() from jsonb_array_elements(?::jsonb) as v
          where p.invoice_id = (v->>0)::int and p.line_id = (v->>1)::int and p.house_id = ? and p.source = 'offline' and p.voided_at is null`,
        [rows, h],
      );
      await exec(
        `update invoice_line l set paid = false, paid_date = null, payment_method_id = null, updated_at = now()
           from jsonb_array_elements(?::jsonb) as v where l.id = (v->>1)::int and l.house_id = ?`,
        [rows, h],
      );
      await exec(
        `update invoice i set all_paid = false, updated_at = now() from jsonb_array_elements(?::jsonb) as v where i.id = (v->>0)::int and i.house_id = ?`,
        [rows, h],
      );
    }
    if (this.shippedLines.length) {
      await exec(
        `update invoice_line l set shipped = (v->>1)::boolean, shipped_date = (v->>2)::date, updated_at = now()
           from jsonb_array_elements(?::jsonb) as v where l.id = (v->>0)::int and l.house_id = ?`,
        [JSON.stringify(this.shippedLines), h],
      );
    }
  }

  /** Every offline payment of the round in one INSERT (one jsonb parameter, however many rows: no bind-parameter limit). */
  private async insertPayments(exec: Exec): Promise<void> {
    const rows = this.payments.flatMap(({ invoiceId, parts, item }) =>
      parts.map((p) => [invoiceId, p.lineId, p.additionalChargeId, p.amount, item.paymentMethodId, item.date]),
    );
    if (!rows.length) return;
    await exec(
      `insert into invoice_payment (house_id, invoice_id, line_id, additional_charge_id, amount_cents, kind, source, status, payment_method_id, paid_date, created_by_user_id, created_at)
       select ?, (v->>0)::int, (v->>1)::int, (v->>2)::int, (v->>3)::bigint, 'payment', 'offline', 'settled', (v->>4)::int, (v->>5)::date, ?, now()
         from jsonb_array_elements(?::jsonb) with ordinality as r(v, n) order by n`,
      [this.houseId, this.userId, JSON.stringify(rows)],
    );
  }
}

/** A refusal of the n-th mark of a batch: same status and code, the mark named in `errors`. */
function naming(e: unknown, index: number): unknown {
  if (!(e instanceof DomainError)) return e;
  return new DomainError(e.kind, e.code, e.message, { ...(e.fieldErrors ?? {}), [`${BATCH_FIELD}.${index}`]: e.message });
}
