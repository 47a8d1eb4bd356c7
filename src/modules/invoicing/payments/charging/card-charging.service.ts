/**
 * Batch card charging, exactly once (issue 11 "Batch charge" and "Exactly once";
 * docs/decisions/card-charging.md). Per invoice:
 *
 * 1. Claim (one transaction, committed before the gateway is called): lock the invoice row, refuse
 *    when an attempt is open (`started`/`unknown`), check eligibility on the locked state, take the
 *    next attempt number and write the attempt with its key `invoice:{id}:{amountCents}:{n}`. The
 *    partial unique index (one open attempt per invoice) backs the row lock up.
 * 2. Call `gateway.charge` with that key, outside any transaction.
 * 3. Record (InvoiceMutations: the invoice row lock, re-pricing, audit, one transaction): the attempt
 *    moves to its outcome only if it is still open (a conditional UPDATE), so the outcome is recorded
 *    once whoever records it (the request, or `reconcile()` after a crash or a timeout).
 *
 * An error with an unknown outcome (timeout, crash) leaves the attempt `unknown` (or `started`);
 * `reconcile()` looks the key up (`gateway.findCharge`) and records what the gateway holds, never
 * charging again. Batches run CHARGE_CONCURRENCY invoices at a time.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CHARGE_CONCURRENCY, CHARGE_OUTCOME_TEXT, type ChargeIneligibilityReason } from '@ar/rules';
import type { Principal } from '../../../../core/auth/principal';
import { HousesService } from '../../../houses/houses.service';
import { ADDITIONAL_COLUMNS, additionalChargeRecord, type AdditionalChargeRecord } from '../../editing/charges/additional-charge-records';
import { InvoiceMutations, type Exec } from '../../editing/core/invoice-mutations.service';
import {
  INVOICE_COLUMNS,
  invoiceRecord,
  LINE_COLUMNS,
  lineRecord,
  type InvoiceLineRecord,
  type InvoiceRecord,
} from '../../invoices/invoice-records';
import { InvoicesError } from '../../invoices/invoices.errors';
import {
  PAYMENT_GATEWAY,
  PaymentGatewayError,
  PaymentGatewayErrorCode,
  paymentMethodIdOf,
  type ChargeResult,
  type PaymentGateway,
} from '../gateway/payment-gateway';
import { PaymentMethodsOnFileService } from '../methods/payment-methods-on-file.service';
import { additionalChargeCents, eligibilityOfRecords, type ChargeEligibility, type EligibilityHouse } from './charge-eligibility';
import { outcomePlan, type AttemptOutcome } from './charge-outcome';

type Actor = Pick<Principal, 'userId' | 'userName'>;
type Row = Record<string, unknown>;

/** One invoice's answer in `processCards` (spec 000 section 7: invoiceID, charged, amountCharged). */
export interface InvoiceConfirmation {
  invoiceID: number;
  charged: boolean;
  /** Dollars as a number (money-json), 0 when not charged. */
  amountCharged: number;
  amountChargedCents: number;
  /** approved, pending (ACH), declined, unknown (reconciled later), ineligible, in_progress, failed, not_found. */
  status: 'approved' | 'pending' | 'declined' | 'unknown' | 'ineligible' | 'in_progress' | 'failed' | 'not_found';
  reason?: string;
}

export interface ReconcileReport {
  examined: number;
  approved: number;
  declined: number;
  pending: number;
  /** No charge under the key at the gateway: closed as failed (nothing charged). */
  failed: number;
  /** The gateway could not be asked; left open for the next run. */
  stillUnknown: number;
}

/** The state eligibility reads, loaded for a set of invoices in a fixed number of queries. */
export interface ChargeState {
  invoice: InvoiceRecord;
  lines: InvoiceLineRecord[];
  additional: AdditionalChargeRecord[];
  pendingPayment: boolean;
  openAttempt: boolean;
}

interface AttemptRow {
  id: number;
  house_id: number;
  invoice_id: number;
  idempotency_key: string;
  amount_cents: string | number;
  currency_code: string;
  purpose: 'balance' | 'additional';
  token: string;
  method_kind: 'card' | 'ach';
  payment_method_id: number;
  status: string;
  created_by_user_id: number | null;
}

/** Thrown inside the recording mutation when another recorder got there first (rolls back, nothing to do). */
class AlreadyRecorded extends Error {}

const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');
const dollars = (cents: number) => cents / 100;

/** Loads the charge state of invoices of a house (any order; missing ids are absent from the map). */
export async function loadChargeStates(
  exec: Exec,
  houseId: number,
  ids: readonly number[],
  lock = false,
): Promise<Map<number, ChargeState>> {
  const out = new Map<number, ChargeState>();
  if (!ids.length) return out;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const invoices = await exec<Row>(
    `select ${INVOICE_COLUMNS} from invoice i where i.house_id = ? and i.id in (${marks(sorted)}) order by i.id${lock ? ' for update' : ''}`,
    [houseId, ...sorted],
  );
  if (!invoices.length) return out;
  const found = invoices.map((r) => r.id as number);
  const lines = await exec<Row>(
    `select ${LINE_COLUMNS} from invoice_line l where l.house_id = ? and l.invoice_id in (${marks(found)}) order by l.id`,
    [houseId, ...found],
  );
  const extras = await exec<Row>(
    `select ${ADDITIONAL_COLUMNS} from invoice_additional_charge a where a.house_id = ? and a.invoice_id in (${marks(found)}) order by a.id`,
    [houseId, ...found],
  );
  const flags = await exec<{ id: number; pending: boolean; open: boolean }>(
    `select i.id,
            exists (select 1 from invoice_payment p where p.invoice_id = i.id and p.house_id = i.house_id and p.voided_at is null and p.status = 'pending') as pending,
            exists (select 1 from invoice_charge_attempt c where c.invoice_id = i.id and c.status in ('started', 'unknown')) as open
       from invoice i where i.house_id = ? and i.id in (${marks(found)})`,
    [houseId, ...found],
  );
  for (const r of invoices) {
    const invoice = invoiceRecord(r);
    out.set(invoice.id, { invoice, lines: [], additional: [], pendingPayment: false, openAttempt: false });
  }
  for (const l of lines.map(lineRecord)) out.get(l.invoiceId)?.lines.push(l);
  for (const a of extras.map(additionalChargeRecord)) out.get(a.invoiceId)?.additional.push(a);
  for (const f of flags) Object.assign(out.get(f.id)!, { pendingPayment: f.pending, openAttempt: f.open });
  return out;
}

/** Runs `work` over `items`, at most `limit` at a time; answers in the items' order. */
export async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i], i);
    }
  });
  await Promise.all(lanes);
  return out;
}

@Injectable()
export class CardChargingService {
  private readonly logger = new Logger('CardCharging');

  constructor(
    private readonly em: EntityManager,
    private readonly mutations: InvoiceMutations,
    private readonly houses: HousesService,
    private readonly methods: PaymentMethodsOnFileService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async house(houseId: number): Promise<EligibilityHouse> {
    const h = await this.houses.getById(houseId);
    return { processorType: h.processorType ?? null, paymentProcessingEnabled: h.paymentProcessingEnabled, countryCode: h.countryCode };
  }

  /** `groupInfo/processCards`: every invoice of the group with whether the house can charge it now. 404 for another house's group. */
  async groupEligibility(houseId: number, groupId: number): Promise<{ invoiceID: number; canHouseProcessCards: boolean }[]> {
    const exec = this.exec(this.em);
    const group = await exec(`select id from invoice_group where id = ? and house_id = ?`, [groupId, houseId]);
    if (!group.length) throw InvoicesError.groupNotFound();
    const ids = (
      await exec<{ id: number }>(`select id from invoice where house_id = ? and group_id = ? order by invoice_number, id`, [
        houseId,
        groupId,
      ])
    ).map((r) => r.id);
    const eligibility = await this.eligibility(houseId, ids);
    return ids.map((id) => ({ invoiceID: id, canHouseProcessCards: eligibility.get(id)?.eligible ?? false }));
  }

  /** Eligibility of the house's invoices among `ids` (others absent), batched: a fixed number of queries. */
  async eligibility(
    houseId: number,
    ids: readonly number[],
    now = new Date(),
    ignore: readonly ChargeIneligibilityReason[] = [],
  ): Promise<Map<number, ChargeEligibility>> {
    const out = new Map<number, ChargeEligibility>();
    if (!ids.length) return out;
    const house = await this.house(houseId);
    const states = await loadChargeStates(this.exec(this.em), houseId, ids);
    const cards = await this.methods.onFile(
      houseId,
      [...states.values()].map((s) => s.invoice.memberId),
    );
    for (const [id, s] of states) out.set(id, eligibilityOfRecords(s, house, cards.get(s.invoice.memberId)?.[0] ?? null, now, ignore));
    return out;
  }

  /** `processCards`: charges each named invoice at most once, CHARGE_CONCURRENCY at a time, in the order given (duplicates answered once). */
  async processCards(
    houseId: number,
    actor: Actor,
    ids: readonly number[],
    onProgress?: (done: number, total: number) => Promise<void>,
  ): Promise<InvoiceConfirmation[]> {
    const unique = [...new Set(ids)];
    const house = await this.house(houseId);
    let done = 0;
    // Progress writes one after the other, so the last one written is the last count.
    let reported: Promise<void> = Promise.resolve();
    const out = await pool(unique, CHARGE_CONCURRENCY, async (id) => {
      const c = await this.chargeOne(houseId, house, actor, id);
      const now = ++done;
      if (onProgress) reported = reported.then(() => onProgress(now, unique.length));
      return c;
    });
    await reported;
    return out;
  }

  /** Claim, charge, record one invoice (`ignore`: eligibility reasons not asked, e.g. the auto-charge run's own schedule). */
  async chargeOne(
    houseId: number,
    house: EligibilityHouse,
    actor: Actor,
    invoiceId: number,
    ignore: readonly ChargeIneligibilityReason[] = [],
  ): Promise<InvoiceConfirmation> {
    const notCharged = (status: InvoiceConfirmation['status'], reason: string): InvoiceConfirmation => ({
      invoiceID: invoiceId,
      charged: false,
      amountCharged: 0,
      amountChargedCents: 0,
      status,
      reason,
    });
    let claim: Awaited<ReturnType<CardChargingService['claim']>>;
    try {
      claim = await this.claim(houseId, house, actor, invoiceId, ignore);
    } catch (e) {
      // Before any gateway call: nothing was charged for this invoice; the rest of the batch goes on.
      this.logger.error(`claim of invoice ${invoiceId} failed: ${e instanceof Error ? e.message : String(e)}`);
      return notCharged('failed', CHARGE_OUTCOME_TEXT.claimFailed);
    }
    if (claim.kind === 'not_found') return notCharged('not_found', CHARGE_OUTCOME_TEXT.notFound);
    if (claim.kind === 'in_progress') return notCharged('in_progress', CHARGE_OUTCOME_TEXT.inProgress);
    if (claim.kind === 'ineligible') return notCharged('ineligible', claim.reason);
    const a = claim.attempt;
    let result: ChargeResult;
    try {
      result = await this.gateway.charge({
        idempotencyKey: a.idempotency_key,
        houseId,
        token: a.token,
        amountCents: Number(a.amount_cents),
        currencyCode: a.currency_code,
        description:
          a.purpose === 'balance' ? `Invoice ${invoiceId}` : `Invoice ${invoiceId}, additional charges ${a.idempotency_key.split(':')[3]}`,
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof PaymentGatewayError && e.gatewayCode === PaymentGatewayErrorCode.UNAVAILABLE) {
        // Nothing charged, says the gateway; the key proves it (and a charge found under it is recorded).
        const found = await this.gateway.findCharge(a.idempotency_key).catch(() => undefined);
        if (found === null) {
          await this.close(a.id, 'failed', message);
          return notCharged('failed', CHARGE_OUTCOME_TEXT.unavailable);
        }
        if (found) result = found;
        else {
          await this.close(a.id, 'unknown', message);
          return notCharged('unknown', CHARGE_OUTCOME_TEXT.outcomeUnknown);
        }
      } else {
        // Timeout (the charge may exist), or a refusal that is a bug: the attempt stays open until reconciled.
        await this.close(a.id, 'unknown', message);
        this.logger.warn(`charge of invoice ${invoiceId} (${a.idempotency_key}): outcome unknown: ${message}`);
        return notCharged('unknown', CHARGE_OUTCOME_TEXT.outcomeUnknown);
      }
    }
    try {
      await this.record(houseId, a, result, actor);
    } catch (e) {
      // Charged (or declined) but not recorded: the attempt is left for reconcile(), which records it from the gateway.
      const message = e instanceof Error ? e.message : String(e);
      this.logger.error(`charge of invoice ${invoiceId} (${a.idempotency_key}) answered ${result.status} but was not recorded: ${message}`);
      await this.close(a.id, 'unknown', `not recorded: ${message}`).catch(() => false);
      return notCharged('unknown', CHARGE_OUTCOME_TEXT.outcomeUnknown);
    }
    const amount = Number(a.amount_cents);
    if (result.status === 'declined') return notCharged('declined', result.message);
    return { invoiceID: invoiceId, charged: true, amountCharged: dollars(amount), amountChargedCents: amount, status: result.status };
  }

  /**
   * Attempts left open (`unknown`, or `started` for longer than `startedOlderThanMs`: a crash
   * between the claim and the record) are looked up at the gateway by key and recorded; a key the
   * gateway never charged closes the attempt as failed. Never charges.
   */
  async reconcile(opts: { houseId?: number; startedOlderThanMs?: number } = {}): Promise<ReconcileReport> {
    const olderThan = opts.startedOlderThanMs ?? 5 * 60_000;
    const params: unknown[] = [olderThan];
    let where = `(status = 'unknown' or (status = 'started' and updated_at < now() - (? || ' milliseconds')::interval))`;
    if (opts.houseId !== undefined) {
      where += ' and house_id = ?';
      params.push(opts.houseId);
    }
    const rows = await this.exec(this.em)<AttemptRow>(
      `select * from invoice_charge_attempt where ${where} order by id`,
      params.map(String),
    );
    const report: ReconcileReport = { examined: rows.length, approved: 0, declined: 0, pending: 0, failed: 0, stillUnknown: 0 };
    for (const a of rows) {
      let found;
      try {
        found = await this.gateway.findCharge(a.idempotency_key);
      } catch {
        report.stillUnknown++;
        continue;
      }
      if (found === null) {
        if (await this.close(a.id, 'failed', 'The gateway holds no charge under this key: nothing was charged.', ['started', 'unknown']))
          report.failed++;
        continue;
      }
      const actor = { userId: a.created_by_user_id ?? 0, userName: 'reconcile' };
      if (await this.record(a.house_id, a, found, actor)) report[found.status]++;
    }
    return report;
  }

  // ------------------------------------------------------------------------------------------------

  private exec(em: EntityManager): Exec {
    return <T>(sql: string, params: unknown[] = []) =>
      em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
  }

  private async claim(
    houseId: number,
    house: EligibilityHouse,
    actor: Actor,
    invoiceId: number,
    ignore: readonly ChargeIneligibilityReason[],
  ): Promise<
    { kind: 'not_found' } | { kind: 'in_progress' } | { kind: 'ineligible'; reason: string } | { kind: 'claimed'; attempt: AttemptRow }
  > {
    try {
      return await this.em.transactional(async (tx) => {
        const exec = this.exec(tx);
        const state = (await loadChargeStates(exec, houseId, [invoiceId], true)).get(invoiceId);
        if (!state) return { kind: 'not_found' as const };
        if (state.openAttempt) return { kind: 'in_progress' as const };
        const methods = await this.methods.onFile(houseId, [state.invoice.memberId], tx);
        const method = methods.get(state.invoice.memberId)?.[0] ?? null;
        const e = eligibilityOfRecords(state, house, method, new Date(), ignore);
        if (!e.eligible || !method) return { kind: 'ineligible' as const, reason: e.reasonText ?? '' };
        const [{ n }] = await exec<{ n: number }>(
          `select coalesce(max(attempt_no), 0)::int + 1 as n from invoice_charge_attempt where invoice_id = ?`,
          [invoiceId],
        );
        const key = `invoice:${invoiceId}:${e.amountCents}:${n}`;
        const [attempt] = await exec<AttemptRow>(
          `insert into invoice_charge_attempt (house_id, invoice_id, attempt_no, idempotency_key, amount_cents, currency_code, purpose, token, method_kind, payment_method_id, status, created_by_user_id)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'started', ?) returning *`,
          [
            houseId,
            invoiceId,
            n,
            key,
            e.amountCents,
            state.invoice.currencyCode,
            e.purpose,
            method.token,
            method.kind,
            paymentMethodIdOf(method),
            actor.userId,
          ],
        );
        return { kind: 'claimed' as const, attempt };
      });
    } catch (e) {
      // The open-attempt index: another claim of this invoice won (the row lock makes this rare).
      if ((e as { code?: string }).code === '23505' || /unique/i.test(String((e as Error).message))) return { kind: 'in_progress' };
      throw e;
    }
  }

  /** Closes an open attempt without an outcome to record (failed, or unknown); false when it was no longer open. */
  private async close(attemptId: number, status: 'failed' | 'unknown', error: string, from: string[] = ['started']): Promise<boolean> {
    const rows = await this.exec(this.em)(
      `update invoice_charge_attempt set status = ?, error = left(?, 300), updated_at = now(), finished_at = case when ? = 'failed' then now() else null end
        where id = ? and status in (${marks(from)}) returning id`,
      [status, error, status, attemptId, ...from],
    );
    return rows.length > 0;
  }

  /**
   * Records the gateway's answer of an attempt through the one mutation path (row lock,
   * re-pricing, audit), once: false when the attempt was already recorded.
   */
  private async record(houseId: number, a: AttemptRow, result: ChargeResult, actor: Actor): Promise<boolean> {
    const outcome = result.status as AttemptOutcome;
    try {
      await this.mutations.mutate(
        { houseId, invoiceId: a.invoice_id, actor, action: `invoice.card_charge.${outcome}`, internal: true },
        async (ctx) => {
          const [before] = await ctx.exec<{ status: string }>(`select status from invoice_charge_attempt where id = ? for update`, [a.id]);
          const closed = await ctx.exec(
            `update invoice_charge_attempt set status = ?, gateway_reference = ?, decline_code = ?, error = ?, updated_at = now(), finished_at = now()
              where id = ? and status in ('started', 'unknown', 'failed') returning id`,
            [outcome, result.reference, result.declineCode ?? null, outcome === 'declined' ? result.message : null, a.id],
          );
          if (!closed.length) throw new AlreadyRecorded();
          ctx.audit(`charge_attempt:${a.id}.status`, before?.status ?? null, outcome);
          const hiddenLines = new Set(ctx.lines.filter((l) => l.suppress).map((l) => l.id));
          const unpaidAdditional = ctx.additional
            .filter(
              (x) =>
                !x.hidden &&
                (x.lineId === null || !hiddenLines.has(x.lineId)) &&
                !x.paid &&
                x.paidDate === null &&
                !['a', 'p', 'u', 'h', 'i'].includes(x.onlinePaymentStat ?? ''),
            )
            .map((x) => ({ id: x.id, amountCents: additionalChargeCents(x) }));
          const plan = outcomePlan(
            outcome,
            { amountCents: Number(a.amount_cents), purpose: a.purpose, methodKind: a.method_kind },
            { balanceCents: ctx.invoice.balanceCents, lines: ctx.lines, unpaidAdditional },
          );
          const method = a.payment_method_id;
          if (plan.payments.length) {
            await ctx.exec(
              `insert into invoice_payment (house_id, invoice_id, line_id, additional_charge_id, amount_cents, kind, source, status, payment_method_id, paid_date, gateway_reference, charge_attempt_id, created_by_user_id, created_at)
               select ?, ?, (v->>0)::int, (v->>1)::int, (v->>2)::bigint, 'payment', v->>3, v->>4, ?, current_date, ?, ?, ?, now()
                 from jsonb_array_elements(?::jsonb) with ordinality as r(v, n) order by n`,
              [
                houseId,
                a.invoice_id,
                method,
                result.reference,
                a.id,
                actor.userId || null,
                JSON.stringify(plan.payments.map((p) => [p.lineId, p.additionalChargeId, p.amount, p.source, p.status])),
              ],
            );
          }
          if (plan.paidLineIds.length)
            await ctx.exec(
              `update invoice_line set paid = true, paid_date = current_date, payment_method_id = ?, online_payment_stat = 'a', updated_at = now()
                where house_id = ? and id in (${marks(plan.paidLineIds)})`,
              [method, houseId, ...plan.paidLineIds],
            );
          if (plan.additionalIds.length && plan.additionalStat) {
            const paid = plan.additionalStat === 'a';
            await ctx.exec(
              `update invoice_additional_charge set online_payment_stat = ?, updated_at = now()${paid ? ', paid = true, paid_date = current_date, payment_method_id = ?' : ''}
                where house_id = ? and id in (${marks(plan.additionalIds)})`,
              [plan.additionalStat, ...(paid ? [method] : []), houseId, ...plan.additionalIds],
            );
          }
          if (plan.invoiceStat) {
            await ctx.exec(
              `update invoice set online_payment_stat = ?, updated_at = now()${plan.invoicePaid ? ', all_paid = true, paid_date = current_date, payment_method_id = ?' : ''}
                where house_id = ? and id = ?`,
              [plan.invoiceStat, ...(plan.invoicePaid ? [method] : []), houseId, a.invoice_id],
            );
          }
        },
      );
      return true;
    } catch (e) {
      if (e instanceof AlreadyRecorded) return false;
      throw e;
    }
  }
}
