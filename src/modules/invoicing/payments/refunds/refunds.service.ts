/**
 * Refunds and corrections (issue 11; docs/decisions/refunds.md): the payments panel of an invoice,
 * refunds of card and ACH payments through the gateway, exactly once, and voids of offline payments.
 *
 * A refund, like a charge (card-charging.service.ts):
 * 1. Claim (one transaction, committed before the gateway is called): lock the invoice row, read the
 *    payment and what was refunded of it, refuse what the rules refuse, refuse when a refund of the
 *    payment is open (`started`/`unknown`), answer a request id already refunded with that refund,
 *    and write the attempt `started` with its key `refund:{paymentId}:{amountCents}:{n}`. Partial
 *    unique indexes (one open attempt per payment, one live attempt per request id) back the lock up.
 * 2. `gateway.refund` with that key, outside any transaction.
 * 3. Record through InvoiceMutations (invoice row lock, re-pricing, audit, one transaction): the
 *    attempt moves to `refunded` only if still open (a conditional UPDATE), with a `kind='refund'`
 *    row linked to the payment; after the re-pricing the paid states follow the new balance.
 * An unknown outcome (timeout) leaves the attempt `unknown`; `reconcile()` looks the key up at the
 * gateway (`findRefund`) and records what it holds, never refunding again.
 *
 * A void (offline payments only) sets `voided_at` through the same mutation path.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { REFUND_TEXT, type PaymentRowView, type PaymentsPanel, type RefundAnswer } from '@ar/rules';
import type { Principal } from '../../../../core/auth/principal';
import { DomainError } from '../../../../core/errors/domain-error';
import { invalid } from '../../editing/core/edit-input';
import type { PaymentKind, PaymentSource, PaymentStatus } from '../../editing/core/invoice-payment.entity';
import { InvoiceMutations, type Exec } from '../../editing/core/invoice-mutations.service';
import { paymentMethodName } from '../../editing/marks/payment-methods';
import { INVOICE_COLUMNS, invoiceRecord } from '../../invoices/invoice-records';
import { InvoicesError } from '../../invoices/invoices.errors';
import { formatUsDate, invoiceStatusText } from '../../math/statuses';
import {
  PAYMENT_GATEWAY,
  PaymentGatewayError,
  PaymentGatewayErrorCode,
  type PaymentGateway,
  type RefundResult,
} from '../gateway/payment-gateway';
import { RefundsError, RefundsErrorCode } from './refunds.errors';
import { amountRefusal, refundableCents, whyNotRefundable, whyNotVoidable, type LedgerPayment, type RefundInput } from './refunds.rules';

type Actor = Pick<Principal, 'userId' | 'userName'>;
type Row = Record<string, unknown>;

export type { PaymentRowView, PaymentsPanel, RefundAnswer };

export interface RefundReconcileReport {
  examined: number;
  refunded: number;
  /** No refund under the key at the gateway: closed as failed (nothing refunded). */
  failed: number;
  stillUnknown: number;
}

interface AttemptRow {
  id: number;
  house_id: number;
  invoice_id: number;
  payment_id: number;
  idempotency_key: string;
  amount_cents: string | number;
  reason: string;
  status: string;
  refund_payment_id: number | null;
  created_by_user_id: number | null;
}

/** Thrown inside the recording mutation when another recorder got there first (rolls back, nothing to do). */
class AlreadyRecorded extends Error {}

const ledgerPayment = (r: Row): LedgerPayment => ({
  kind: r.kind as PaymentKind,
  source: r.source as PaymentSource,
  status: r.status as PaymentStatus,
  amountCents: Number(r.amount_cents),
  voided: r.voided_at != null,
  refundedCents: Number(r.refunded ?? 0),
});

/** Settled, non-voided refunds of payment `p` (aliased). */
const REFUNDED_SQL = (p: string) =>
  `(select coalesce(sum(r.amount_cents), 0) from invoice_payment r where r.refunded_payment_id = ${p}.id and r.house_id = ${p}.house_id
     and r.kind = 'refund' and r.voided_at is null and r.status = 'settled')::bigint`;

const isoDate = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

@Injectable()
export class RefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly em: EntityManager,
    private readonly mutations: InvoiceMutations,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** The payments panel: the invoice's balance and status and its ledger rows, oldest first. 404 for another house's invoice. */
  async panel(houseId: number, invoiceId: number): Promise<PaymentsPanel> {
    const exec = this.exec(this.em);
    const [raw] = await exec<Row>(
      `select ${INVOICE_COLUMNS}, exists (select 1 from invoice_line pl where pl.invoice_id = i.id and pl.paid and not pl.suppress) as any_line_paid
         from invoice i where i.house_id = ? and i.id = ?`,
      [houseId, invoiceId],
    );
    if (!raw) throw InvoicesError.invoiceNotFound();
    const inv = invoiceRecord(raw);
    const rows = await exec<Row>(
      `select p.*, ${REFUNDED_SQL('p')} as refunded, u.user_name as created_by, vu.user_name as voided_by, l.lot_number, l.lot_ext,
              exists (select 1 from invoice_refund_attempt a where a.payment_id = p.id and a.status in ('started', 'unknown')) as refund_open
         from invoice_payment p
         left join staff_user u on u.id = p.created_by_user_id
         left join staff_user vu on vu.id = p.voided_by_user_id
         left join invoice_line l on l.id = p.line_id and l.house_id = p.house_id
        where p.house_id = ? and p.invoice_id = ? order by p.created_at, p.id`,
      [houseId, invoiceId],
    );
    return {
      invoiceID: inv.id,
      invoiceNumber: inv.invoiceNumber,
      version: inv.version,
      invoiceStatus: invoiceStatusText({
        allPaid: inv.allPaid,
        onlinePaymentStat: inv.onlinePaymentStat,
        sent: inv.sentAt !== null,
        paymentsMade: inv.paymentsMadeCents,
        outstandingBalance: inv.balanceCents,
        anyLinePaid: raw.any_line_paid === true,
      }),
      invoiceTotalCents: inv.invoiceTotalCents,
      paymentsMadeCents: inv.paymentsMadeCents,
      balanceCents: inv.balanceCents,
      payments: rows.map((r) => this.rowView(r)),
    };
  }

  /** Refunds `amountCents` of a settled card or ACH payment, exactly once; answers the panel after. */
  async refund(houseId: number, actor: Actor, invoiceId: number, paymentId: number, input: RefundInput): Promise<RefundAnswer> {
    const claim = await this.claim(houseId, actor, invoiceId, paymentId, input);
    if (claim.kind === 'replay') return this.answer(houseId, invoiceId, claim.attempt, true);
    const a = claim.attempt;
    let result: RefundResult;
    try {
      result = await this.gateway.refund({
        idempotencyKey: a.idempotency_key,
        chargeReference: claim.chargeReference,
        amountCents: input.amountCents,
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof PaymentGatewayError && e.gatewayCode === PaymentGatewayErrorCode.UNAVAILABLE) {
        // Nothing refunded, says the gateway; the key proves it (and a refund found under it is recorded).
        const found = await this.gateway.findRefund(a.idempotency_key).catch(() => undefined);
        if (found === null) {
          await this.close(a.id, 'failed', message);
          throw new RefundsError(RefundsErrorCode.GATEWAY_UNAVAILABLE, REFUND_TEXT.unavailable);
        }
        if (!found) {
          await this.close(a.id, 'unknown', message);
          throw new RefundsError(RefundsErrorCode.OUTCOME_UNKNOWN, REFUND_TEXT.outcomeUnknown);
        }
        result = found;
      } else if (e instanceof PaymentGatewayError && !e.outcomeUnknown) {
        // The gateway refused the request (not refundable, more than the charge, a key conflict): nothing refunded.
        await this.close(a.id, 'failed', message);
        throw new RefundsError(RefundsErrorCode.GATEWAY_REFUSED, REFUND_TEXT.gatewayRefused(message));
      } else {
        // Timeout (the refund may exist) or an unexpected error: left open until reconciled.
        await this.close(a.id, 'unknown', message);
        this.logger.warn(`refund of payment ${paymentId} (${a.idempotency_key}): outcome unknown: ${message}`);
        throw new RefundsError(RefundsErrorCode.OUTCOME_UNKNOWN, REFUND_TEXT.outcomeUnknown);
      }
    }
    try {
      await this.record(a, result, actor);
    } catch (e) {
      // Refunded but not recorded: the attempt is left for reconcile(), which records it from the gateway.
      const message = e instanceof Error ? e.message : String(e);
      this.logger.error(`refund ${a.idempotency_key} was made but not recorded: ${message}`);
      await this.close(a.id, 'unknown', `not recorded: ${message}`).catch(() => false);
      throw new RefundsError(RefundsErrorCode.OUTCOME_UNKNOWN, REFUND_TEXT.outcomeUnknown);
    }
    const [recorded] = await this.exec(this.em)<AttemptRow>(`select * from invoice_refund_attempt where id = ?`, [a.id]);
    return this.answer(houseId, invoiceId, recorded, false);
  }

  /** Voids an offline payment (audited, re-priced); answers the panel after. */
  async voidPayment(houseId: number, actor: Actor, invoiceId: number, paymentId: number, reason: string): Promise<PaymentsPanel> {
    const target = { lineId: null as number | null, additionalChargeId: null as number | null };
    await this.mutations.mutateMany(
      [{ houseId, invoiceId, actor, action: 'payment.void', internal: true }],
      async (ctx) => {
        const [p] = await ctx.exec<Row>(`select * from invoice_payment where id = ? and invoice_id = ? and house_id = ? for update`, [
          paymentId,
          invoiceId,
          houseId,
        ]);
        if (!p) throw RefundsError.paymentNotFound();
        const refusal = whyNotVoidable(ledgerPayment(p));
        if (refusal) throw RefundsError.notVoidable(refusal);
        await ctx.exec(
          `update invoice_payment set voided_at = now(), void_reason = ?, voided_by_user_id = ? where id = ? and house_id = ?`,
          [reason, actor.userId || null, paymentId, houseId],
        );
        target.lineId = (p.line_id as number | null) ?? null;
        target.additionalChargeId = (p.additional_charge_id as number | null) ?? null;
        ctx.audit('voided_payment', null, paymentId);
        ctx.audit('voided_payment_cents', Number(p.amount_cents), null);
        ctx.audit('void_reason', null, reason);
      },
      { afterPricing: (exec) => followPaidStates(exec, houseId, invoiceId, target) },
    );
    return this.panel(houseId, invoiceId);
  }

  /**
   * Refund attempts left open (`unknown`, or `started` for longer than `startedOlderThanMs`: a crash
   * between the claim and the record) are looked up at the gateway by key and recorded; a key the
   * gateway never refunded closes the attempt as failed. Never refunds.
   */
  async reconcile(opts: { houseId?: number; startedOlderThanMs?: number } = {}): Promise<RefundReconcileReport> {
    const params: unknown[] = [String(opts.startedOlderThanMs ?? 5 * 60_000)];
    let where = `(status = 'unknown' or (status = 'started' and updated_at < now() - (? || ' milliseconds')::interval))`;
    if (opts.houseId !== undefined) {
      where += ' and house_id = ?';
      params.push(opts.houseId);
    }
    const rows = await this.exec(this.em)<AttemptRow>(`select * from invoice_refund_attempt where ${where} order by id`, params);
    const report: RefundReconcileReport = { examined: rows.length, refunded: 0, failed: 0, stillUnknown: 0 };
    for (const a of rows) {
      let found: RefundResult | null;
      try {
        found = await this.gateway.findRefund(a.idempotency_key);
      } catch {
        report.stillUnknown++;
        continue;
      }
      if (found === null) {
        if (await this.close(a.id, 'failed', 'The gateway holds no refund under this key: nothing was refunded.', ['started', 'unknown']))
          report.failed++;
        continue;
      }
      if (await this.record(a, found, { userId: a.created_by_user_id ?? 0, userName: 'reconcile' })) report.refunded++;
    }
    return report;
  }

  // ------------------------------------------------------------------------------------------------

  private exec(em: EntityManager): Exec {
    return <T>(sql: string, params: unknown[] = []) =>
      em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
  }

  private async answer(houseId: number, invoiceId: number, a: AttemptRow, replayed: boolean): Promise<RefundAnswer> {
    const panel = await this.panel(houseId, invoiceId);
    return { ...panel, message: REFUND_TEXT.refunded(Number(a.amount_cents)), refundId: a.refund_payment_id!, replayed };
  }

  private rowView(r: Row): PaymentRowView {
    const p = ledgerPayment(r);
    const payment = p.kind === 'payment';
    const refundable = refundableCents(p);
    const refundOpen = r.refund_open === true;
    const date = isoDate(r.paid_date ?? r.created_at);
    return {
      id: r.id as number,
      kind: p.kind,
      source: p.source,
      status: p.status,
      amountCents: p.amountCents,
      amount: p.amountCents / 100,
      paymentMethodId: (r.payment_method_id as number | null) ?? null,
      method: paymentMethodName(r.payment_method_id as number | null),
      gatewayReference: (r.gateway_reference as string | null) ?? null,
      date,
      dateString: formatUsDate(date),
      createdAt: new Date(r.created_at as string).toISOString(),
      userName: (r.created_by as string | null) ?? null,
      reason: (r.reason as string | null) ?? null,
      refundedPaymentId: (r.refunded_payment_id as number | null) ?? null,
      lineId: (r.line_id as number | null) ?? null,
      lotNumber: r.line_id == null ? null : `${(r.lot_number as string | null) ?? ''}${(r.lot_ext as string | null) ?? ''}`,
      additionalChargeId: (r.additional_charge_id as number | null) ?? null,
      voided: p.voided,
      voidedAt: r.voided_at ? new Date(r.voided_at as string).toISOString() : null,
      voidReason: (r.void_reason as string | null) ?? null,
      voidedBy: (r.voided_by as string | null) ?? null,
      refundedCents: payment ? p.refundedCents : 0,
      refundableCents: refundOpen ? 0 : refundable,
      canRefund: refundable > 0 && !refundOpen,
      canVoid: whyNotVoidable(p) === null,
      refundInProgress: refundOpen,
    };
  }

  private async claim(
    houseId: number,
    actor: Actor,
    invoiceId: number,
    paymentId: number,
    input: RefundInput,
  ): Promise<{ kind: 'replay'; attempt: AttemptRow } | { kind: 'claimed'; attempt: AttemptRow; chargeReference: string }> {
    try {
      return await this.em.transactional(async (tx) => {
        const exec = this.exec(tx);
        const invoice = await exec(`select id from invoice where house_id = ? and id = ? for update`, [houseId, invoiceId]);
        if (!invoice.length) throw InvoicesError.invoiceNotFound();
        const [p] = await exec<Row>(
          `select p.*, ${REFUNDED_SQL('p')} as refunded from invoice_payment p where p.id = ? and p.invoice_id = ? and p.house_id = ?`,
          [paymentId, invoiceId, houseId],
        );
        if (!p) throw RefundsError.paymentNotFound();
        if (input.requestId !== null) {
          const [seen] = await exec<AttemptRow>(
            `select * from invoice_refund_attempt where payment_id = ? and request_id = ? and status <> 'failed'`,
            [paymentId, input.requestId],
          );
          if (seen) {
            if (Number(seen.amount_cents) !== input.amountCents)
              throw new RefundsError(RefundsErrorCode.REQUEST_REUSED, REFUND_TEXT.requestReused);
            if (seen.status === 'refunded') return { kind: 'replay' as const, attempt: seen };
            throw new RefundsError(RefundsErrorCode.REFUND_IN_PROGRESS, REFUND_TEXT.inProgress);
          }
        }
        const open = await exec(`select 1 from invoice_refund_attempt where payment_id = ? and status in ('started', 'unknown')`, [
          paymentId,
        ]);
        if (open.length) throw new RefundsError(RefundsErrorCode.REFUND_IN_PROGRESS, REFUND_TEXT.inProgress);
        const payment = ledgerPayment(p);
        const refusal = whyNotRefundable(payment) ?? (p.gateway_reference ? null : REFUND_TEXT.notSettled);
        if (refusal) throw RefundsError.notRefundable(refusal);
        const tooMuch = amountRefusal(payment, input.amountCents);
        if (tooMuch) throw invalid({ amountCents: tooMuch });
        const [{ n }] = await exec<{ n: number }>(
          `select coalesce(max(attempt_no), 0)::int + 1 as n from invoice_refund_attempt where payment_id = ?`,
          [paymentId],
        );
        const [attempt] = await exec<AttemptRow>(
          `insert into invoice_refund_attempt (house_id, invoice_id, payment_id, attempt_no, idempotency_key, request_id, amount_cents, reason, status, created_by_user_id)
           values (?, ?, ?, ?, ?, ?, ?, ?, 'started', ?) returning *`,
          [
            houseId,
            invoiceId,
            paymentId,
            n,
            `refund:${paymentId}:${input.amountCents}:${n}`,
            input.requestId,
            input.amountCents,
            input.reason,
            actor.userId || null,
          ],
        );
        return { kind: 'claimed' as const, attempt, chargeReference: p.gateway_reference as string };
      });
    } catch (e) {
      if (e instanceof DomainError) throw e;
      // The open-attempt or request index: another claim of this payment won (the row lock makes this rare).
      if ((e as { code?: string }).code === '23505') throw new RefundsError(RefundsErrorCode.REFUND_IN_PROGRESS, REFUND_TEXT.inProgress);
      throw e;
    }
  }

  /** Closes an open attempt without a refund to record (failed, or unknown); false when it was no longer open. */
  private async close(attemptId: number, status: 'failed' | 'unknown', error: string, from: string[] = ['started']): Promise<boolean> {
    const rows = await this.exec(this.em)(
      `update invoice_refund_attempt set status = ?, error = left(?, 300), updated_at = now(), finished_at = case when ? = 'failed' then now() else null end
        where id = ? and status in (${from.map(() => '?').join(', ')}) returning id`,
      [status, error, status, attemptId, ...from],
    );
    return rows.length > 0;
  }

  /**
   * Records the gateway's refund of an attempt through the one mutation path (row lock, re-pricing,
   * audit), once: false when the attempt was already recorded.
   */
  private async record(a: AttemptRow, result: RefundResult, actor: Actor): Promise<boolean> {
    const houseId = a.house_id;
    const target = { lineId: null as number | null, additionalChargeId: null as number | null };
    try {
      await this.mutations.mutateMany(
        [{ houseId, invoiceId: a.invoice_id, actor, action: 'payment.refund', internal: true }],
        async (ctx) => {
          const closed = await ctx.exec(
            `update invoice_refund_attempt set status = 'refunded', gateway_reference = ?, error = null, updated_at = now(), finished_at = now()
              where id = ? and status in ('started', 'unknown', 'failed') returning id`,
            [result.reference, a.id],
          );
          if (!closed.length) throw new AlreadyRecorded();
          const [p] = await ctx.exec<Row>(`select * from invoice_payment where id = ? and house_id = ?`, [a.payment_id, houseId]);
          const [refund] = await ctx.exec<{ id: number }>(
            `insert into invoice_payment (house_id, invoice_id, line_id, additional_charge_id, amount_cents, kind, source, status, payment_method_id, paid_date,
                                          gateway_reference, refunded_payment_id, reason, refund_attempt_id, created_by_user_id, created_at)
             values (?, ?, ?, ?, ?, 'refund', ?, 'settled', ?, current_date, ?, ?, ?, ?, ?, now()) returning id`,
            [
              houseId,
              a.invoice_id,
              p.line_id ?? null,
              p.additional_charge_id ?? null,
              Number(a.amount_cents),
              p.source,
              p.payment_method_id ?? null,
              result.reference,
              a.payment_id,
              a.reason,
              a.id,
              actor.userId || null,
            ],
          );
          await ctx.exec(`update invoice_refund_attempt set refund_payment_id = ? where id = ?`, [refund.id, a.id]);
          target.lineId = (p.line_id as number | null) ?? null;
          target.additionalChargeId = (p.additional_charge_id as number | null) ?? null;
          ctx.audit('refunded_payment', null, a.payment_id);
          ctx.audit('refund_cents', null, Number(a.amount_cents));
          ctx.audit('refund_reason', null, a.reason);
          ctx.audit('refund_reference', null, result.reference);
        },
        { afterPricing: (exec) => followPaidStates(exec, houseId, a.invoice_id, target) },
      );
      return true;
    } catch (e) {
      if (e instanceof AlreadyRecorded) return false;
      throw e;
    }
  }
}

/**
 * After the re-pricing of a refund or a void: the lot and the additional charge the money was on
 * are no longer paid when what they hold is below what they cost, and the invoice is no longer
 * paid (all paid, date, method, paid-online status) while a balance is outstanding. Paid states
 * never follow the other way here: a refund never pays anything.
 */
async function followPaidStates(
  exec: Exec,
  houseId: number,
  invoiceId: number,
  on: { lineId: number | null; additionalChargeId: number | null },
): Promise<void> {
  const notPaidOnline = (col: string) => `case when ${col} = 'a' then null else ${col} end`;
  if (on.lineId !== null)
    await exec(
      `update invoice_line l set paid = false, paid_date = null, payment_method_id = null, online_payment_stat = ${notPaidOnline('l.online_payment_stat')}, updated_at = now()
        where l.id = ? and l.house_id = ? and (l.paid or l.online_payment_stat = 'a') and l.amount_paid_cents < l.total_cents`,
      [on.lineId, houseId],
    );
  if (on.additionalChargeId !== null)
    await exec(
      `update invoice_additional_charge a set paid = false, paid_date = null, payment_method_id = null, online_payment_stat = ${notPaidOnline('a.online_payment_stat')}, updated_at = now()
        where a.id = ? and a.house_id = ? and (a.paid or a.paid_date is not null or a.online_payment_stat = 'a')
          and (select coalesce(sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end), 0) from invoice_payment p
                where p.additional_charge_id = a.id and p.house_id = a.house_id and p.voided_at is null and p.status = 'settled')
              < a.tax_cents + a.shipping_cents + a.insurance_cents + a.other_cents`,
      [on.additionalChargeId, houseId],
    );
  await exec(
    `update invoice set all_paid = false, paid_date = null, payment_method_id = null, online_payment_stat = ${notPaidOnline('online_payment_stat')}, updated_at = now()
      where id = ? and house_id = ? and balance_cents > 0 and (all_paid or paid_date is not null or online_payment_stat = 'a')`,
    [invoiceId, houseId],
  );
}
