/**
 * The one way an invoice changes. `mutate` (one invoice) and `mutateMany` (a set of them) lock the
 * invoice rows, check the version each caller saw (a stale one answers 409, so two staff never
 * silently overwrite each other), run the change, re-price, record what changed in the audit trail
 * (who, when, before and after), bump the version and mark a sent invoice as edited after sending —
 * all in one transaction. A change that changes nothing writes nothing: no new version, no audit
 * record (a re-sent mark must not make another editor's save fail with a spurious 409).
 *
 * `mutateMany` is set-based: one statement locks every row (ordered by id, so two batches over the
 * same invoices queue instead of deadlocking), one reads all their lines, two their additional
 * charges and payments; the changes run in the order given; one re-pricing covers every invoice;
 * two statements read them back; one UPDATE bumps the versions and one INSERT writes the audit rows.
 * Statements run one after the other: they share the transaction's one pg client.
 */
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Principal } from '../../../../core/auth/principal';
import { invoiceRecord, lineRecord, type InvoiceLineRecord, type InvoiceRecord } from '../../invoices/invoice-records';
import { ADDITIONAL_COLUMNS, additionalChargeRecord, type AdditionalChargeRecord } from '../charges/additional-charge-records';
import { EditingError, EditingErrorCode, STALE_INVOICE_TEXT } from './editing.errors';
import { InvoicePricing } from './invoice-pricing.service';
import { PAYMENT_COLUMNS, paymentRecord, type PaymentRecord } from './payment-records';

export interface MutationTarget {
  houseId: number;
  invoiceId: number;
  /** The version the caller saw; omitted by legacy callers (last writer wins for them). */
  expectedVersion?: number | null;
  actor: Pick<Principal, 'userId' | 'userName'>;
  /** Audit action name, e.g. `charges`, `line.hide`, `invoice.paid`. */
  action: string;
  /** The line the change is about, for the audit record. */
  lineId?: number | null;
  /**
   * Staff-only changes (internal notes, contact messages): audited, but the printed invoice is
   * unchanged, so a sent invoice is not marked edited-after-send (no resend needed to charge it).
   */
  internal?: boolean;
}

type Row = Record<string, unknown>;

export interface MutationContext {
  tx: EntityManager;
  /** Runs SQL in the transaction. */
  exec: Exec;
  /** The invoice row as it was before the change (locked), raw: the audit diff keeps its columns. */
  before: Row;
  /** Lines of the invoice as they were before the change, raw. */
  linesBefore: Row[];
  /** The same invoice and lines through the tables' one read model (invoice-records.ts). */
  invoice: InvoiceRecord;
  lines: InvoiceLineRecord[];
  /** Its additional charges and non-voided payments before the change. */
  additional: AdditionalChargeRecord[];
  payments: PaymentRecord[];
  /** Skip re-pricing (a note, a delivery mode: nothing that moves money). */
  skipPricing(): void;
  /** Records a change outside the invoice and its lines (e.g. `additional:{id}.shipping_cents`) in the audit record. */
  audit(key: string, before: unknown, after: unknown): void;
}

export interface MutationOutcome<R> {
  invoiceId: number;
  result: R;
  /** The invoice's version after the call: unchanged when nothing changed. */
  version: number;
  changed: boolean;
}

export type Exec = <T = Row>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface ManyOptions {
  named?: (error: unknown, index: number) => unknown;
  beforePricing?: (exec: Exec) => Promise<void>;
  /** Runs once after the re-pricing, before the after-state is read (writes that read the new balances). */
  afterPricing?: (exec: Exec) => Promise<void>;
}

/** Columns the audit compares; internal bookkeeping (timestamps, version) is left out. */
const IGNORED = new Set(['updated_at', 'version', 'created_at']);

/** Thrown out of the transaction when nothing changed, so whatever the changes wrote is rolled back. */
class NothingChanged extends Error {
  constructor(readonly outcomes: MutationOutcome<unknown>[]) {
    super('Nothing changed');
  }
}

const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

function groupBy<T>(items: readonly T[], key: (t: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const t of items) {
    const list = out.get(key(t));
    if (list) list.push(t);
    else out.set(key(t), [t]);
  }
  return out;
}

@Injectable()
export class InvoiceMutations {
  constructor(
    private readonly em: EntityManager,
    private readonly pricing: InvoicePricing,
  ) {}

  /** One invoice. */
  async mutate<R>(target: MutationTarget, change: (ctx: MutationContext) => Promise<R>): Promise<MutationOutcome<R>> {
    const [out] = await this.mutateMany([target], (ctx) => change(ctx));
    return out;
  }

  /**
   * Several invoices of one house, each named once, each changed by `change` in the order given
   * (a refusal thrown by any rolls everything back). Answers one outcome per target, in that order.
   * Options: `named` may rewrite an error of the i-th target (not found, stale, or thrown by its
   * change), e.g. to name the item of a batch it came from; `beforePricing` runs once after every
   * change, before the re-pricing, for writes the changes queued to run set-based; `afterPricing`
   * once after it, for writes that follow the new balances (a refund's paid states), audited too.
   */
  async mutateMany<R>(
    targets: readonly MutationTarget[],
    change: (ctx: MutationContext, target: MutationTarget, index: number) => Promise<R>,
    options: ManyOptions = {},
  ): Promise<MutationOutcome<R>[]> {
    const named = options.named ?? ((e: unknown) => e);
    if (!targets.length) return [];
    const houseId = targets[0].houseId;
    const ids = targets.map((t) => t.invoiceId);
    if (targets.some((t) => t.houseId !== houseId) || new Set(ids).size !== ids.length) {
      throw new Error('mutateMany takes invoices of one house, each once');
    }
    try {
      return await this.em.transactional(async (tx) => {
        const conn = tx.getConnection();
        const trx = tx.getTransactionContext();
        // The transaction has one pg client: statements are queued one after the other, so even a
        // change that starts several at once (Promise.all) never overlaps them on the client.
        let last: Promise<unknown> = Promise.resolve();
        const exec = <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
          const run = last.then(() => conn.execute(sql, params, 'all', trx) as Promise<T[]>);
          last = run.catch(() => undefined);
          return run;
        };
        const sorted = [...ids].sort((a, b) => a - b);
        const lockSql = `select * from invoice where house_id = ? and id in (${marks(sorted)}) order by id for update`;
        const beforeRows = await exec<Row>(lockSql, [houseId, ...sorted]);
        const byId = new Map(beforeRows.map((r) => [r.id as number, r]));
        const linesBefore = groupBy(await this.lines(exec, houseId, sorted), (l) => l.invoice_id as number);
        const additional = groupBy(
          (
            await exec<Row>(
              `select ${ADDITIONAL_COLUMNS} from invoice_additional_charge a where a.house_id = ? and a.invoice_id in (${marks(sorted)}) order by a.id`,
              [houseId, ...sorted],
            )
          ).map(additionalChargeRecord),
          (a) => a.invoiceId,
        );
        const payments = groupBy(
          (
            await exec<Row>(
              `select ${PAYMENT_COLUMNS} from invoice_payment p where p.house_id = ? and p.voided_at is null and p.invoice_id in (${marks(sorted)}) order by p.id`,
              [houseId, ...sorted],
            )
          ).map(paymentRecord),
          (p) => p.invoiceId,
        );

        const runs: { target: MutationTarget; before: Row; result: R; extra: { before: Row; after: Row } }[] = [];
        const toPrice: number[] = [];
        for (const [index, target] of targets.entries()) {
          const before = byId.get(target.invoiceId);
          const rawLines = linesBefore.get(target.invoiceId) ?? [];
          let price = true;
          const extra = { before: {} as Row, after: {} as Row };
          const result = await this.step(index, named, async () => {
            if (!before) throw new EditingError(EditingErrorCode.INVOICE_NOT_FOUND, 'Invoice not found.');
            if (target.expectedVersion != null && Number(before.version) !== target.expectedVersion) {
              throw new EditingError(EditingErrorCode.STALE_VERSION, STALE_INVOICE_TEXT);
            }
            return change(
              {
                tx,
                exec,
                before,
                linesBefore: rawLines,
                invoice: invoiceRecord(before),
                lines: rawLines.map(lineRecord),
                additional: additional.get(target.invoiceId) ?? [],
                payments: payments.get(target.invoiceId) ?? [],
                skipPricing: () => (price = false),
                audit: (key, b, a) => ((extra.before[key] = b ?? null), (extra.after[key] = a ?? null)),
              },
              target,
              index,
            );
          });
          if (price) toPrice.push(target.invoiceId);
          runs.push({ target, before: before!, result, extra });
        }
        if (options.beforePricing) await options.beforePricing(exec);
        await this.pricing.reprice(tx, houseId, toPrice);
        if (options.afterPricing) await options.afterPricing(exec);

        const afterById = new Map(
          (await exec<Row>(`select * from invoice where house_id = ? and id in (${marks(sorted)})`, [houseId, ...sorted])).map((r) => [
            r.id as number,
            r,
          ]),
        );
        const linesAfter = groupBy(await this.lines(exec, houseId, sorted), (l) => l.invoice_id as number);
        const outcomes: MutationOutcome<R>[] = [];
        const bumps: [number, number, boolean][] = [];
        const audits: unknown[][] = [];
        for (const { target, before, result, extra } of runs) {
          const id = target.invoiceId;
          const diff = diffRecords(before, afterById.get(id) ?? {}, linesBefore.get(id) ?? [], linesAfter.get(id) ?? []);
          Object.assign(diff.before, extra.before);
          Object.assign(diff.after, extra.after);
          const changed = diff.changed || Object.keys(extra.after).length > 0;
          const version = Number(before.version) + (changed ? 1 : 0);
          outcomes.push({ invoiceId: id, result, version, changed });
          if (!changed) continue;
          bumps.push([id, version, before.sent_at != null && !target.internal]);
          audits.push([id, target.lineId ?? null, target.actor.userId, target.actor.userName, target.action, diff.before, diff.after]);
        }
        if (!bumps.length) throw new NothingChanged(outcomes);
        await exec(
          `update invoice i set version = (v->>1)::int, edited_after_send = i.edited_after_send or (v->>2)::boolean, updated_at = now()
             from jsonb_array_elements(?::jsonb) as v where i.id = (v->>0)::int and i.house_id = ?`,
          [JSON.stringify(bumps), houseId],
        );
        // One jsonb parameter, however many rows (no bind-parameter limit, nothing to number).
        await exec(
          `insert into invoice_audit (house_id, invoice_id, line_id, user_id, user_name, action, before, after, created_at)
           select ?, (v->>0)::int, (v->>1)::int, (v->>2)::int, v->>3, v->>4, v->5, v->6, now()
             from jsonb_array_elements(?::jsonb) with ordinality as r(v, n) order by n`,
          [houseId, JSON.stringify(audits)],
        );
        return outcomes;
      });
    } catch (e) {
      if (e instanceof NothingChanged) return e.outcomes as MutationOutcome<R>[];
      throw e;
    }
  }

  private async step<T>(index: number, named: (error: unknown, index: number) => unknown, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      throw named(e, index);
    }
  }

  private lines(exec: <T>(sql: string, params?: unknown[]) => Promise<T[]>, houseId: number, ids: readonly number[]): Promise<Row[]> {
    return exec<Row>(`select * from invoice_line where house_id = ? and invoice_id in (${marks(ids)}) order by id`, [houseId, ...ids]);
  }
}

/** Only what changed: invoice columns by name, line columns as `line:{id}.{column}`. */
function diffRecords(before: Row, after: Row, linesBefore: Row[], linesAfter: Row[]): { before: Row; after: Row; changed: boolean } {
  const b: Row = {};
  const a: Row = {};
  const visit = (prefix: string, x: Row, y: Row, key: string) => {
    if (IGNORED.has(key) || same(x[key], y[key])) return;
    b[prefix + key] = x[key] ?? null;
    a[prefix + key] = y[key] ?? null;
  };
  const compare = (prefix: string, x: Row, y: Row) => {
    for (const key of Object.keys(x)) visit(prefix, x, y, key);
    for (const key of Object.keys(y)) if (!Object.hasOwn(x, key)) visit(prefix, x, y, key);
  };
  compare('', before, after ?? {});
  const afterById = new Map(linesAfter.map((l) => [l.id, l]));
  for (const l of linesBefore) compare(`line:${l.id}.`, l, afterById.get(l.id) ?? {});
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}

/**
 * Equal as the audit records them (JSON): the plain values pg answers compare directly, and only
 * objects (dates, jsonb) are serialised — a 300-invoice batch compares some 100,000 columns.
 */
function same(x: unknown, y: unknown): boolean {
  if (x === y || ((x ?? null) === null && (y ?? null) === null)) return true;
  if (typeof x !== 'object' && typeof y !== 'object' && !Number.isNaN(x) && !Number.isNaN(y)) return false;
  return JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
}
