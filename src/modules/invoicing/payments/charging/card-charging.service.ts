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
import { crashPoint } from '../../../../core/testing/crash-point';
import { HousesService } from '../../../houses/houses.service';
import { ADDITIONAL_COLUMNS, additionalChargeRecord, type AdditionalChargeRecord } from '../../editing/charges/additional-charge-records';
import { InvoiceMutations, type Exec } from '../../editing/core/invoice-mutations.service';
import { cardIdsOf, INVOICE_BIN_CARD_IDS_COLUMN } from '../../groups/bin-sale-of-group.sql';
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
import { PaymentMethodsOnFileService, type PaymentMethodOnFile } from '../methods/payment-methods-on-file.service';
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
  /** The card ids the group's buy-now sale accepts; null: the house's cards. */
  acceptedCardIds: number[] | null;
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

type Claim =
  | { kind: 'not_found' }
  | { kind: 'in_progress' }
  | { kind: 'ineligible'; reason: string }
  | { kind: 'failed' }
  | { kind: 'claimed'; attempt: AttemptRow };

/**
 * Invoices claimed together in one transaction and recorded together in another: two rounds of
 * gateway calls, so the two transactions' cost is shared by 32 invoices (bench `charge-batch`).
 */
export const CHARGE_CHUNK = 2 * CHARGE_CONCURRENCY;
/** Chunks of a batch in flight at once: while one claims or records, the others' calls are at the gateway. */
export const CHARGE_CHUNK_LANES = 3;

type Limiter = <T>(work: () => Promise<T>) => Promise<T>;

/** At most `limit` of the works given run at once (the others wait their turn, first come first served). */
export function limiter(limit: number): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

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
  const flags = await exec<{ id: number; pending: boolean; open: boolean; bin_card_ids: unknown }>(
    `select i.id,
            exists (select 1 from invoice_payment p where p.invoice_id = i.id and p.house_id = i.house_id and p.voided_at is null and p.status = 'pending') as pending,
            exists (select 1 from invoice_charge_attempt c where c.invoice_id = i.id and c.status in ('started', 'unknown')) as open,
            ${INVOICE_BIN_CARD_IDS_COLUMN}
       from invoice i where i.house_id = ? and i.id in (${marks(found)})`,
    [houseId, ...found],
  );
  for (const r of invoices) {
    const invoice = invoiceRecord(r);
    out.set(invoice.id, { invoice, lines: [], additional: [], pendingPayment: false, openAttempt: false, acceptedCardIds: null });
  }
  for (const l of lines.map(lineRecord)) out.get(l.invoiceId)?.lines.push(l);
  for (const a of extras.map(additionalChargeRecord)) out.get(a.invoiceId)?.additional.push(a);
  for (const f of flags)
    Object.assign(out.get(f.id)!, { pendingPayment: f.pending, openAttempt: f.open, acceptedCardIds: cardIdsOf(f.bin_card_ids) });
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

  /**
   * `processCards`: charges each named invoice at most once, in the order given (duplicates
   * answered once). Invoices go in chunks of CHARGE_CHUNK: each chunk is claimed in one
   * transaction, its gateway calls run side by side (at most CHARGE_CONCURRENCY calls in flight
   * for the whole batch), and its outcomes are recorded in one transaction. CHARGE_CHUNK_LANES
   * chunks are in flight at once, so one chunk's claim and record overlap another's calls.
   */
  async processCards(
    houseId: number,
    actor: Actor,
    ids: readonly number[],
    onProgress?: (done: number, total: number) => Promise<void>,
  ): Promise<InvoiceConfirmation[]> {
    const unique = [...new Set(ids)];
    const house = await this.house(houseId);
    const calls = limiter(CHARGE_CONCURRENCY);
    const chunks: number[][] = [];
    for (let i = 0; i < unique.length; i += CHARGE_CHUNK) chunks.push(unique.slice(i, i + CHARGE_CHUNK));
    let done = 0;
    // Progress writes one after the other, so the last one written is the last count.
    let reported: Promise<void> = Promise.resolve();
    const answered = await pool(chunks, CHARGE_CHUNK_LANES, async (chunk) => {
      const c = await this.chargeMany(houseId, house, actor, chunk, [], calls);
      const now = (done += chunk.length);
      if (onProgress) reported = reported.then(() => onProgress(now, unique.length));
      return c;
    });
    await reported;
    return answered.flat();
  }

  /** Claim, charge, record one invoice (`ignore`: eligibility reasons not asked, e.g. the auto-charge run's own schedule). */
  async chargeOne(
    houseId: number,
    house: EligibilityHouse,
    actor: Actor,
    invoiceId: number,
    ignore: readonly ChargeIneligibilityReason[] = [],
  ): Promise<InvoiceConfirmation> {
    const [c] = await this.chargeMany(houseId, house, actor, [invoiceId], ignore, limiter(1));
    return c;
  }

  /**
   * Claim, charge, record a chunk of distinct invoices; answers in their order. The claim commits
   * before any gateway call; an invoice whose claim, call or record fails is answered on its own
   * (failed, unknown) and the rest go on.
   */
  private async chargeMany(
    houseId: number,
    house: EligibilityHouse,
    actor: Actor,
    invoiceIds: readonly number[],
    ignore: readonly ChargeIneligibilityReason[],
    calls: Limiter,
  ): Promise<InvoiceConfirmation[]> {
    const notCharged = (invoiceId: number, status: InvoiceConfirmation['status'], reason: string): InvoiceConfirmation => ({
      invoiceID: invoiceId,
      charged: false,
      amountCharged: 0,
      amountChargedCents: 0,
      status,
      reason,
    });
    let claims: Map<number, Claim>;
    try {
      claims = await this.claimMany(houseId, house, actor, invoiceIds, ignore);
    } catch (e) {
      // The chunk's claim failed as a whole (the open-attempt index met a concurrent claim, or an
      // error): nothing was committed; each invoice is claimed on its own instead.
      if (invoiceIds.length > 1) this.logger.warn(`claim of ${invoiceIds.length} invoices failed, claiming one by one: ${errorText(e)}`);
      claims = new Map();
      for (const id of invoiceIds) {
        try {
          claims.set(id, await this.claim(houseId, house, actor, id, ignore));
        } catch (err) {
          // Before any gateway call: nothing was charged for this invoice; the rest of the batch goes on.
          this.logger.error(`claim of invoice ${id} failed: ${errorText(err)}`);
          claims.set(id, { kind: 'failed' });
        }
      }
    }
    const claimed = invoiceIds.flatMap((id) => {
      const c = claims.get(id);
      return c?.kind === 'claimed' ? [c.attempt] : [];
    });
    if (claimed.length) crashPoint('charge.after-claim');

    // Gateway calls, side by side within the batch's bound; each outcome known or answered on its own.
    const answered = new Map<number, InvoiceConfirmation>();
    const results: { a: AttemptRow; result: ChargeResult }[] = [];
    await Promise.all(
      claimed.map((a) =>
        calls(async () => {
          const r = await this.call(houseId, a);
          if ('answer' in r) answered.set(a.invoice_id, notCharged(a.invoice_id, r.answer.status, r.answer.reason));
          else {
            crashPoint('charge.after-gateway');
            results.push({ a, result: r.result });
          }
        }),
      ),
    );

    // Record the chunk's outcomes in one transaction; on failure, one by one, so one bad invoice
    // leaves only itself for reconcile().
    if (results.length) {
      try {
        await this.recordMany(
          houseId,
          results.map((r) => ({ ...r, actor })),
        );
      } catch (e) {
        if (results.length > 1) this.logger.warn(`recording ${results.length} charges failed, recording one by one: ${errorText(e)}`);
        for (const { a, result } of results) {
          try {
            if (results.length > 1) await this.recordMany(houseId, [{ a, result, actor }]);
            else throw e;
          } catch (err) {
            // Charged (or declined) but not recorded: the attempt is left for reconcile(), which records it from the gateway.
            this.logger.error(
              `charge of invoice ${a.invoice_id} (${a.idempotency_key}) answered ${result.status} but was not recorded: ${errorText(err)}`,
            );
            await this.close(a.id, 'unknown', `not recorded: ${errorText(err)}`).catch(() => false);
            answered.set(a.invoice_id, notCharged(a.invoice_id, 'unknown', CHARGE_OUTCOME_TEXT.outcomeUnknown));
          }
        }
      }
      crashPoint('charge.after-record');
    }
    for (const { a, result } of results) {
      if (answered.has(a.invoice_id)) continue;
      const amount = Number(a.amount_cents);
      answered.set(
        a.invoice_id,
        result.status === 'declined'
          ? notCharged(a.invoice_id, 'declined', result.message)
          : { invoiceID: a.invoice_id, charged: true, amountCharged: dollars(amount), amountChargedCents: amount, status: result.status },
      );
    }
    return invoiceIds.map((id) => {
      const got = answered.get(id);
      if (got) return got;
      const c = claims.get(id);
      if (c?.kind === 'not_found') return notCharged(id, 'not_found', CHARGE_OUTCOME_TEXT.notFound);
      if (c?.kind === 'in_progress') return notCharged(id, 'in_progress', CHARGE_OUTCOME_TEXT.inProgress);
      if (c?.kind === 'ineligible') return notCharged(id, 'ineligible', c.reason);
      return notCharged(id, 'failed', CHARGE_OUTCOME_TEXT.claimFailed);
    });
  }

  /** The gateway call of a claimed attempt: its result, or the answer when the outcome is not one to record now. */
  private async call(
    houseId: number,
    a: AttemptRow,
  ): Promise<{ result: ChargeResult } | { answer: { status: InvoiceConfirmation['status']; reason: string } }> {
    try {
      return {
        result: await this.gateway.charge({
          idempotencyKey: a.idempotency_key,
          houseId,
          token: a.token,
          amountCents: Number(a.amount_cents),
          currencyCode: a.currency_code,
          description:
            a.purpose === 'balance'
              ? `Invoice ${a.invoice_id}`
              : `Invoice ${a.invoice_id}, additional charges ${a.idempotency_key.split(':')[3]}`,
        }),
      };
    } catch (e) {
      const message = errorText(e);
      if (e instanceof PaymentGatewayError && e.gatewayCode === PaymentGatewayErrorCode.UNAVAILABLE) {
        // Nothing charged, says the gateway; the key proves it (and a charge found under it is recorded).
        const found = await this.gateway.findCharge(a.idempotency_key).catch(() => undefined);
        if (found === null) {
          await this.close(a.id, 'failed', message);
          return { answer: { status: 'failed', reason: CHARGE_OUTCOME_TEXT.unavailable } };
        }
        if (found) return { result: found };
        await this.close(a.id, 'unknown', message);
        return { answer: { status: 'unknown', reason: CHARGE_OUTCOME_TEXT.outcomeUnknown } };
      }
      // Timeout (the charge may exist), or a refusal that is a bug: the attempt stays open until reconciled.
      await this.close(a.id, 'unknown', message);
      this.logger.warn(`charge of invoice ${a.invoice_id} (${a.idempotency_key}): outcome unknown: ${message}`);
      return { answer: { status: 'unknown', reason: CHARGE_OUTCOME_TEXT.outcomeUnknown } };
    }
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
      if ((await this.recordMany(a.house_id, [{ a, result: found, actor }])).has(a.id)) report[found.status]++;
    }
    return report;
  }

  // ------------------------------------------------------------------------------------------------

  private exec(em: EntityManager): Exec {
    return <T>(sql: string, params: unknown[] = []) =>
      em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
  }

  /**
   * Claims a chunk of invoices in one transaction: their rows locked (ordered by id, as every
   * batch locks them), the states and cards read set-based, eligibility checked on the locked
   * state, and one INSERT writes an attempt for each claimable invoice (the next attempt number,
   * its key). A concurrent claim met through the open-attempt index throws (the caller claims one
   * by one).
   */
  private async claimMany(
    houseId: number,
    house: EligibilityHouse,
    actor: Actor,
    invoiceIds: readonly number[],
    ignore: readonly ChargeIneligibilityReason[],
  ): Promise<Map<number, Claim>> {
    return this.em.transactional(async (tx) => {
      const exec = this.exec(tx);
      const out = new Map<number, Claim>();
      const states = await loadChargeStates(exec, houseId, invoiceIds, true);
      const methods = await this.methods.onFile(houseId, [...new Set([...states.values()].map((s) => s.invoice.memberId))], tx);
      const now = new Date();
      const toClaim: { invoiceId: number; e: ChargeEligibility; state: ChargeState; method: PaymentMethodOnFile }[] = [];
      for (const invoiceId of invoiceIds) {
        const state = states.get(invoiceId);
        if (!state) out.set(invoiceId, { kind: 'not_found' });
        else if (state.openAttempt) out.set(invoiceId, { kind: 'in_progress' });
        else {
          const method = methods.get(state.invoice.memberId)?.[0] ?? null;
          const e = eligibilityOfRecords(state, house, method, now, ignore);
          if (!e.eligible || !method) out.set(invoiceId, { kind: 'ineligible', reason: e.reasonText ?? '' });
          else toClaim.push({ invoiceId, e, state, method });
        }
      }
      if (!toClaim.length) return out;
      const claimIds = toClaim.map((c) => c.invoiceId);
      const next = new Map(
        (
          await exec<{ invoice_id: number; n: number }>(
            `select invoice_id, max(attempt_no)::int + 1 as n from invoice_charge_attempt where invoice_id in (${marks(claimIds)}) group by invoice_id`,
            claimIds,
          )
        ).map((r) => [r.invoice_id, r.n]),
      );
      const rows = toClaim.map(({ invoiceId, e, state, method }) => {
        const n = next.get(invoiceId) ?? 1;
        return [
          invoiceId,
          n,
          `invoice:${invoiceId}:${e.amountCents}:${n}`,
          e.amountCents,
          state.invoice.currencyCode,
          e.purpose,
          method.token,
          method.kind,
          paymentMethodIdOf(method),
        ];
      });
      const attempts = await exec<AttemptRow>(
        `insert into invoice_charge_attempt (house_id, invoice_id, attempt_no, idempotency_key, amount_cents, currency_code, purpose, token, method_kind, payment_method_id, status, created_by_user_id)
         select ?, (v->>0)::int, (v->>1)::int, v->>2, (v->>3)::bigint, v->>4, v->>5, v->>6, v->>7, (v->>8)::int, 'started', ?
           from jsonb_array_elements(?::jsonb) with ordinality as r(v, n) order by n
         returning *`,
        [houseId, actor.userId, JSON.stringify(rows)],
      );
      for (const a of attempts) out.set(a.invoice_id, { kind: 'claimed', attempt: a });
      return out;
    });
  }

  private async claim(
    houseId: number,
    house: EligibilityHouse,
    actor: Actor,
    invoiceId: number,
    ignore: readonly ChargeIneligibilityReason[],
  ): Promise<Claim> {
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
   * Records the gateway's answers of attempts (of distinct invoices of one house) through the one
   * mutation path (row locks, re-pricing, audit), in one transaction, each at most once: an
   * attempt another recorder already closed is skipped. Set-based: one statement closes the
   * attempts, one inserts the payments, one each marks the lines, additional charges and invoices.
   * Answers the ids of the attempts recorded by this call.
   */
  private async recordMany(houseId: number, items: readonly { a: AttemptRow; result: ChargeResult; actor: Actor }[]): Promise<Set<number>> {
    const recorded = new Set<number>();
    if (!items.length) return recorded;
    const byInvoice = new Map(items.map((i) => [i.a.invoice_id, i]));
    if (byInvoice.size !== items.length) throw new Error('recordMany takes one attempt per invoice');
    // Rows for the set-based writes, queued by each invoice's change and written before the re-pricing.
    const payments: unknown[][] = [];
    const lines: [number, number][] = [];
    const additional: [number, string, boolean, number][] = [];
    const invoices: [number, string, boolean, number][] = [];
    let closing: Promise<Map<number, string>> | undefined;
    await this.mutations.mutateMany(
      items.map(({ a, result, actor }) => ({
        houseId,
        invoiceId: a.invoice_id,
        actor,
        action: `invoice.card_charge.${result.status}`,
        internal: true,
      })),
      async (ctx, target) => {
        // Every invoice row is locked (every recorder locks it first): close the still-open attempts at once.
        closing ??= ctx
          .exec<{ id: number; before: string }>(
            `with old as (select id, status from invoice_charge_attempt where id in (${marks(items)}) for update)
             update invoice_charge_attempt c
                set status = v->>1, gateway_reference = v->>2, decline_code = v->>3, error = v->>4, updated_at = now(), finished_at = now()
               from jsonb_array_elements(?::jsonb) as v, old
              where c.id = (v->>0)::int and old.id = c.id and old.status in ('started', 'unknown', 'failed')
             returning c.id, old.status as before`,
            [
              ...items.map((i) => i.a.id),
              JSON.stringify(
                items.map(({ a, result }) => [
                  a.id,
                  result.status,
                  result.reference,
                  result.declineCode ?? null,
                  result.status === 'declined' ? result.message : null,
                ]),
              ),
            ],
          )
          .then((rows) => new Map(rows.map((r) => [r.id, r.before])));
        const { a, result, actor } = byInvoice.get(target.invoiceId)!;
        const before = (await closing).get(a.id);
        if (before === undefined) {
          // Another recorder got there first: nothing to write for this invoice.
          ctx.skipPricing();
          return;
        }
        recorded.add(a.id);
        const outcome = result.status as AttemptOutcome;
        ctx.audit(`charge_attempt:${a.id}.status`, before, outcome);
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
        for (const p of plan.payments)
          payments.push([
            a.invoice_id,
            p.lineId,
            p.additionalChargeId,
            p.amount,
            p.source,
            p.status,
            method,
            result.reference,
            a.id,
            actor.userId || null,
          ]);
        for (const id of plan.paidLineIds) lines.push([id, method]);
        if (plan.additionalStat)
          for (const id of plan.additionalIds) additional.push([id, plan.additionalStat, plan.additionalStat === 'a', method]);
        if (plan.invoiceStat) invoices.push([a.invoice_id, plan.invoiceStat, plan.invoicePaid, method]);
      },
      {
        beforePricing: async (exec) => {
          if (payments.length)
            await exec(
              `insert into invoice_payment (house_id, invoice_id, line_id, additional_charge_id, amount_cents, kind, source, status, payment_method_id, paid_date, gateway_reference, charge_attempt_id, created_by_user_id, created_at)
               select ?, (v->>0)::int, (v->>1)::int, (v->>2)::int, (v->>3)::bigint, 'payment', v->>4, v->>5, (v->>6)::int, current_date, v->>7, (v->>8)::int, (v->>9)::int, now()
                 from jsonb_array_elements(?::jsonb) with ordinality as r(v, n) order by n`,
              [houseId, JSON.stringify(payments)],
            );
          if (lines.length)
            await exec(
              `update invoice_line l set paid = true, paid_date = current_date, payment_method_id = (v->>1)::int, online_payment_stat = 'a', updated_at = now()
                 from jsonb_array_elements(?::jsonb) as v where l.house_id = ? and l.id = (v->>0)::int`,
              [JSON.stringify(lines), houseId],
            );
          if (additional.length)
            await exec(
              `update invoice_additional_charge x set online_payment_stat = v->>1, updated_at = now(),
                      paid = case when (v->>2)::boolean then true else x.paid end,
                      paid_date = case when (v->>2)::boolean then current_date else x.paid_date end,
                      payment_method_id = case when (v->>2)::boolean then (v->>3)::int else x.payment_method_id end
                 from jsonb_array_elements(?::jsonb) as v where x.house_id = ? and x.id = (v->>0)::int`,
              [JSON.stringify(additional), houseId],
            );
          if (invoices.length)
            await exec(
              `update invoice i set online_payment_stat = v->>1, updated_at = now(),
                      all_paid = case when (v->>2)::boolean then true else i.all_paid end,
                      paid_date = case when (v->>2)::boolean then current_date else i.paid_date end,
                      payment_method_id = case when (v->>2)::boolean then (v->>3)::int else i.payment_method_id end
                 from jsonb_array_elements(?::jsonb) as v where i.house_id = ? and i.id = (v->>0)::int`,
              [JSON.stringify(invoices), houseId],
            );
        },
      },
    );
    return recorded;
  }
}
