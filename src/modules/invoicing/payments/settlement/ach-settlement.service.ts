/**
 * ACH settlement (issue 11 "Gateway": ACH pending, then settled or failed; docs/decisions/card-charging.md,
 * "ACH settlement"). A run:
 *
 * 1. reads the gateway's settlement events at or after the stored cursor, less a few minutes of
 *    overlap (an inclusive read repeats the last millisecond's events, and an event committed late
 *    may carry an earlier time);
 * 2. stores each once in `payment_settlement_event` (unique gateway and charge reference: a repeat is
 *    a no-op), then moves the cursor to the latest `occurredAt` read;
 * 3. applies every stored event not applied yet (and, for 7 days, those no payment matched yet),
 *    one invoice at a time through InvoiceMutations (row lock, re-pricing, audit): the event's row is
 *    locked and must still be unapplied, so two runs at once apply it once.
 *
 * Tenancy: an event is applied only to payment rows of the house it names (`house_id` in every
 * statement); a reference recorded in another house is `unmatched`, never applied.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ACH_SETTLEMENT_TEXT } from '@ar/rules';
import { MailService } from '../../../../core/mail/mail.service';
import { HousesService } from '../../../houses/houses.service';
import { InvoiceMutations, type Exec } from '../../editing/core/invoice-mutations.service';
import { currencySymbol } from '../../invoices/money-json';
import { PAYMENT_GATEWAY, PAYMENT_METHOD_ID, type PaymentGateway, type SettlementEvent } from '../gateway/payment-gateway';
import { settlementPlan, type SettlementPaymentRow, type SettlementPlan, type SettlementType } from './settlement-plan';

/** Each read starts this long before the cursor: late-committed events are not missed; repeats are no-ops. */
export const SETTLEMENT_READ_OVERLAP_MS = 5 * 60_000;
/** An event no payment matched is tried again on each run for this long (the payment may be recorded late). */
export const SETTLEMENT_UNMATCHED_RETRY_MS = 7 * 24 * 3_600_000;

const ACTOR = { userId: 0, userName: 'ach-settlement' };
/** What the paid lots, additional charges and invoice show as their payment method (11, ACH). */
const PAYMENT_METHOD_ACH = PAYMENT_METHOD_ID.ach;
const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

export interface SettlementRunReport {
  /** Events the gateway answered (the overlap repeats some). */
  read: number;
  /** Of those, stored for the first time. */
  received: number;
  /** Applied this run: payments settled / failed. */
  settled: number;
  failed: number;
  /** No pending payment of the event's house names the charge (tried again later). */
  unmatched: number;
  /** The pending payments add up to another amount: not applied (see the event's note). */
  mismatched: number;
  /** Nothing pending any more for the charge. */
  ignored: number;
  /** Failed-payment notices queued to bidders. */
  noticesQueued: number;
  /** The cursor after the run (ISO), null when nothing was ever read. */
  cursor: string | null;
}

interface EventRow {
  id: number;
  house_id: number;
  charge_reference: string;
  type: SettlementType;
  amount_cents: string | number;
  message: string;
}

type Outcome = 'settled' | 'failed' | 'unmatched' | 'mismatched' | 'ignored' | 'done';

/** Thrown inside the mutation to roll it back: the event was applied meanwhile, or the plan is not to apply. */
class NotApplied extends Error {
  constructor(readonly plan: SettlementPlan | null) {
    super('not applied');
  }
}

@Injectable()
export class AchSettlementService {
  private readonly logger = new Logger('AchSettlement');

  constructor(
    private readonly em: EntityManager,
    private readonly mutations: InvoiceMutations,
    private readonly houses: HousesService,
    private readonly mail: MailService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** One run (the schedule's job, the CLI, tests). Safe to run twice, or twice at once. */
  run(now = new Date()): Promise<SettlementRunReport> {
    return RequestContext.create(this.em, () => this.runIn(now));
  }

  private async runIn(now: Date): Promise<SettlementRunReport> {
    const report: SettlementRunReport = {
      read: 0,
      received: 0,
      settled: 0,
      failed: 0,
      unmatched: 0,
      mismatched: 0,
      ignored: 0,
      noticesQueued: 0,
      cursor: null,
    };
    const gw = this.gateway.name;
    const exec = this.exec(this.em);
    const [cursor] = await exec<{ last_occurred_at: Date | null }>(
      `select last_occurred_at from payment_settlement_cursor where gateway = ?`,
      [gw],
    );
    const last = cursor?.last_occurred_at ? new Date(cursor.last_occurred_at) : null;
    const events = await this.gateway.settlementEvents(new Date(last ? last.getTime() - SETTLEMENT_READ_OVERLAP_MS : 0));
    report.read = events.length;
    report.received = await this.store(gw, events);
    if (events.length) {
      const latest = new Date(Math.max(...events.map((e) => e.occurredAt.getTime())));
      // Never backwards (two runs at once).
      const [c] = await exec<{ last_occurred_at: Date }>(
        `insert into payment_settlement_cursor (gateway, last_occurred_at, updated_at) values (?, ?, now())
         on conflict (gateway) do update set last_occurred_at = greatest(payment_settlement_cursor.last_occurred_at, excluded.last_occurred_at), updated_at = now()
         returning last_occurred_at`,
        [gw, latest],
      );
      report.cursor = new Date(c.last_occurred_at).toISOString();
    } else report.cursor = last?.toISOString() ?? null;

    const todo = await exec<EventRow>(
      `select id, house_id, charge_reference, type, amount_cents, message from payment_settlement_event
        where gateway = ? and (status = 'received' or (status = 'unmatched' and occurred_at > ?))
        order by occurred_at, id`,
      [gw, new Date(now.getTime() - SETTLEMENT_UNMATCHED_RETRY_MS)],
    );
    for (const e of todo) {
      let outcome: Outcome;
      try {
        outcome = await this.applyOne(e, report);
      } catch (err) {
        // One event's failure does not stop the others; it stays unapplied for the next run.
        this.logger.error(`settlement event ${e.id} (${e.charge_reference}): ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      if (outcome !== 'done') report[outcome]++;
    }
    if (report.settled || report.failed || report.mismatched) this.logger.log(`ACH settlement: ${JSON.stringify(report)}`);
    return report;
  }

  /** Stores the events once each (one statement); answers how many were new. */
  private async store(gw: string, events: readonly SettlementEvent[]): Promise<number> {
    if (!events.length) return 0;
    const rows = events.map((e) => [
      e.chargeReference,
      e.idempotencyKey,
      e.houseId,
      e.type,
      e.amountCents,
      e.currencyCode,
      e.declineCode ?? null,
      e.message.slice(0, 200),
      e.occurredAt.toISOString(),
    ]);
    const inserted = await this.exec(this.em)(
      `insert into payment_settlement_event (gateway, charge_reference, idempotency_key, house_id, type, amount_cents, currency_code, decline_code, message, occurred_at)
       select ?, v->>0, v->>1, (v->>2)::int, v->>3, (v->>4)::bigint, v->>5, v->>6, v->>7, (v->>8)::timestamptz
         from jsonb_array_elements(?::jsonb) with ordinality as r(v, n) order by n
       on conflict (gateway, charge_reference) do nothing returning id`,
      [gw, JSON.stringify(rows)],
    );
    return inserted.length;
  }

  private async applyOne(e: EventRow, report: SettlementRunReport): Promise<Outcome> {
    // The invoice the house's payments of this charge belong to (scoped to the event's house). Voided
    // rows count here, so a voided payment's event is `ignored` (nothing pending), not retried as unmatched.
    const found = await this.exec(this.em)<{ invoice_id: number }>(
      `select distinct invoice_id from invoice_payment where house_id = ? and gateway_reference = ?`,
      [e.house_id, e.charge_reference],
    );
    if (found.length !== 1) {
      const status = found.length ? 'mismatch' : 'unmatched';
      const note = found.length
        ? `Payments of several invoices (${found.map((f) => f.invoice_id).join(', ')}) name this charge: not applied.`
        : `No payment of house ${e.house_id} names this charge (yet).`;
      return (await this.mark(e.id, status, note)) ? (found.length ? 'mismatched' : 'unmatched') : 'done';
    }
    const invoiceId = found[0].invoice_id;
    const amount = Number(e.amount_cents);
    let notice = false;
    try {
      await this.mutations.mutate(
        { houseId: e.house_id, invoiceId, actor: ACTOR, action: `invoice.ach_settlement.${e.type}`, internal: true },
        async (ctx) => {
          const [locked] = await ctx.exec<{ status: string }>(`select status from payment_settlement_event where id = ? for update`, [
            e.id,
          ]);
          if (!locked || !['received', 'unmatched'].includes(locked.status)) throw new NotApplied(null);
          const rows = await ctx.exec<Record<string, unknown>>(
            `select id, line_id, additional_charge_id, amount_cents, kind, status from invoice_payment
              where house_id = ? and invoice_id = ? and gateway_reference = ? and voided_at is null order by id`,
            [e.house_id, invoiceId, e.charge_reference],
          );
          const payments: SettlementPaymentRow[] = rows.map((r) => ({
            id: r.id as number,
            lineId: (r.line_id as number | null) ?? null,
            additionalChargeId: (r.additional_charge_id as number | null) ?? null,
            amountCents: Number(r.amount_cents),
            kind: r.kind as SettlementPaymentRow['kind'],
            status: r.status as SettlementPaymentRow['status'],
          }));
          const [{ purpose }] = await ctx.exec<{ purpose: 'balance' | 'additional' | null }>(
            `select (select a.purpose from invoice_charge_attempt a join invoice_payment p on p.charge_attempt_id = a.id
                      where p.house_id = ? and p.gateway_reference = ? and a.house_id = p.house_id limit 1) as purpose`,
            [e.house_id, e.charge_reference],
          );
          const [{ other }] = await ctx.exec<{ other: boolean }>(
            `select exists (select 1 from invoice_payment where house_id = ? and invoice_id = ? and voided_at is null and status = 'pending'
                             and gateway_reference is distinct from ?) as other`,
            [e.house_id, invoiceId, e.charge_reference],
          );
          const plan = settlementPlan(e.type, amount, {
            purpose: purpose ?? 'balance',
            payments,
            balanceCents: ctx.invoice.balanceCents,
            lines: ctx.lines,
            otherPending: other,
          });
          if (plan.kind !== 'apply') throw new NotApplied(plan);
          await this.applyPlan(ctx.exec, e.house_id, invoiceId, plan);
          for (const id of plan.paymentIds) ctx.audit(`payment:${id}.status`, 'pending', plan.paymentStatus);
          await ctx.exec(
            `update payment_settlement_event set status = 'applied', invoice_id = ?, note = null, applied_at = now() where id = ?`,
            [invoiceId, e.id],
          );
          // The notice commits (or rolls back) with the change: queued once, whoever applies the event.
          if (e.type === 'failed' && ctx.invoice.email) {
            const house = await this.houses.getById(e.house_id);
            await this.mail.queue({
              houseId: e.house_id,
              kind: 'ach_failed_notice',
              to: ctx.invoice.email,
              subject: ACH_SETTLEMENT_TEXT.failedSubject(house.name),
              text: ACH_SETTLEMENT_TEXT.failedText({
                firstName: ctx.invoice.firstName,
                invoiceNumber: ctx.invoice.invoiceNumber,
                houseName: house.name,
                amount: `${currencySymbol(ctx.invoice.currencyCode)}${(amount / 100).toFixed(2)}`,
                message: e.message,
              }),
            });
            notice = true;
          }
        },
      );
    } catch (err) {
      if (!(err instanceof NotApplied)) throw err;
      if (!err.plan || err.plan.kind === 'apply') return 'done';
      const mismatch = err.plan.kind === 'mismatch';
      if (!(await this.mark(e.id, mismatch ? 'mismatch' : 'ignored', err.plan.note, invoiceId))) return 'done';
      if (mismatch) this.logger.warn(`settlement event ${e.id} (${e.charge_reference}) not applied: ${err.plan.note}`);
      return mismatch ? 'mismatched' : 'ignored';
    }
    if (notice) report.noticesQueued++;
    return e.type;
  }

  /** What the card path writes on approval (card-charging.service.ts `record`), from the plan. */
  private async applyPlan(exec: Exec, houseId: number, invoiceId: number, plan: Extract<SettlementPlan, { kind: 'apply' }>): Promise<void> {
    await exec(
      `update invoice_payment set status = ? where house_id = ? and invoice_id = ? and status = 'pending' and id in (${marks(plan.paymentIds)})`,
      [plan.paymentStatus, houseId, invoiceId, ...plan.paymentIds],
    );
    if (plan.paidLineIds.length)
      await exec(
        `update invoice_line set paid = true, paid_date = current_date, payment_method_id = ?, online_payment_stat = 'a', updated_at = now()
          where house_id = ? and invoice_id = ? and id in (${marks(plan.paidLineIds)})`,
        [PAYMENT_METHOD_ACH, houseId, invoiceId, ...plan.paidLineIds],
      );
    if (plan.additionalIds.length && plan.additionalStat !== undefined) {
      const paid = plan.additionalStat === 'a';
      await exec(
        `update invoice_additional_charge set online_payment_stat = ?, updated_at = now()${paid ? ', paid = true, paid_date = current_date, payment_method_id = ?' : ''}
          where house_id = ? and invoice_id = ? and id in (${marks(plan.additionalIds)})`,
        [plan.additionalStat, ...(paid ? [PAYMENT_METHOD_ACH] : []), houseId, invoiceId, ...plan.additionalIds],
      );
    }
    if (plan.invoiceStat !== undefined) {
      await exec(
        `update invoice set online_payment_stat = ?, updated_at = now()${plan.invoicePaid ? ', all_paid = true, paid_date = current_date, payment_method_id = ?' : ''}
          where house_id = ? and id = ?`,
        [plan.invoiceStat, ...(plan.invoicePaid ? [PAYMENT_METHOD_ACH] : []), houseId, invoiceId],
      );
    }
  }

  /** Records a non-applied outcome on an event still unapplied; false when another run applied it meanwhile. */
  private async mark(
    id: number,
    status: 'unmatched' | 'mismatch' | 'ignored',
    note: string,
    invoiceId: number | null = null,
  ): Promise<boolean> {
    const rows = await this.exec(this.em)(
      `update payment_settlement_event set status = ?, note = left(?, 300), invoice_id = coalesce(?, invoice_id)
        where id = ? and status in ('received', 'unmatched') returning id`,
      [status, note, invoiceId, id],
    );
    return rows.length > 0;
  }

  private exec(em: EntityManager): Exec {
    return <T>(sql: string, params: unknown[] = []) =>
      em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
  }
}
