/**
 * The one way an invoice changes. `mutate` locks the invoice row, checks the version the caller saw
 * (a stale one answers 409, so two staff never silently overwrite each other), runs the change,
 * re-prices the invoice, records what changed in the audit trail (who, when, before and after),
 * bumps the version and marks a sent invoice as edited after sending — all in one transaction.
 */
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Principal } from '../../../../core/auth/principal';
import { EditingError, EditingErrorCode, STALE_INVOICE_TEXT } from './editing.errors';
import { InvoicePricing } from './invoice-pricing.service';

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

export interface MutationContext {
  tx: EntityManager;
  /** Runs SQL in the transaction. */
  exec<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The invoice row as it was before the change (locked). */
  before: Record<string, unknown>;
  /** Lines of the invoice as they were before the change. */
  linesBefore: Record<string, unknown>[];
  /** Skip re-pricing (a note, a delivery mode: nothing that moves money). */
  skipPricing(): void;
  /** Records a change outside the invoice and its lines (e.g. `additional:{id}.shipping_cents`) in the audit record. */
  audit(key: string, before: unknown, after: unknown): void;
}

/** Columns the audit compares; internal bookkeeping (timestamps, version) is left out. */
const IGNORED = new Set(['updated_at', 'version', 'created_at']);

@Injectable()
export class InvoiceMutations {
  constructor(
    private readonly em: EntityManager,
    private readonly pricing: InvoicePricing,
  ) {}

  async mutate<R>(target: MutationTarget, change: (ctx: MutationContext) => Promise<R>): Promise<{ result: R; version: number }> {
    return this.em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const trx = tx.getTransactionContext();
      const exec = <T>(sql: string, params: unknown[] = []) => conn.execute(sql, params, 'all', trx) as Promise<T[]>;
      const rows = await exec<Record<string, unknown>>('select * from invoice where id = ? and house_id = ? for update', [
        target.invoiceId,
        target.houseId,
      ]);
      const before = rows[0];
      if (!before) throw new EditingError(EditingErrorCode.INVOICE_NOT_FOUND, 'Invoice not found.');
      if (target.expectedVersion != null && Number(before.version) !== target.expectedVersion) {
        throw new EditingError(EditingErrorCode.STALE_VERSION, STALE_INVOICE_TEXT);
      }
      const linesBefore = await exec<Record<string, unknown>>(
        'select * from invoice_line where invoice_id = ? and house_id = ? order by id',
        [target.invoiceId, target.houseId],
      );
      let price = true;
      const extra = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
      const audit = (key: string, b: unknown, a: unknown) => ((extra.before[key] = b ?? null), (extra.after[key] = a ?? null));
      const result = await change({ tx, exec, before, linesBefore, skipPricing: () => (price = false), audit });
      if (price) await this.pricing.reprice(tx, target.houseId, [target.invoiceId]);

      const after = (
        await exec<Record<string, unknown>>('select * from invoice where id = ? and house_id = ?', [target.invoiceId, target.houseId])
      )[0];
      const linesAfter = await exec<Record<string, unknown>>(
        'select * from invoice_line where invoice_id = ? and house_id = ? order by id',
        [target.invoiceId, target.houseId],
      );
      const diff = diffRecords(before, after, linesBefore, linesAfter);
      Object.assign(diff.before, extra.before);
      Object.assign(diff.after, extra.after);
      diff.changed ||= Object.keys(extra.after).length > 0;
      const sentBefore = before.sent_at != null;
      const version = Number(before.version) + 1;
      await exec(
        `update invoice set version = ?, edited_after_send = edited_after_send or ?, updated_at = now() where id = ? and house_id = ?`,
        [version, sentBefore && diff.changed && !target.internal, target.invoiceId, target.houseId],
      );
      await exec(
        `insert into invoice_audit (house_id, invoice_id, line_id, user_id, user_name, action, before, after, created_at)
         values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, now())`,
        [
          target.houseId,
          target.invoiceId,
          target.lineId ?? null,
          target.actor.userId,
          target.actor.userName,
          target.action,
          JSON.stringify(diff.before),
          JSON.stringify(diff.after),
        ],
      );
      return { result, version };
    });
  }
}

/** Only what changed: invoice columns by name, line columns as `line:{id}.{column}`. */
export function diffRecords(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  linesBefore: Record<string, unknown>[],
  linesAfter: Record<string, unknown>[],
): { before: Record<string, unknown>; after: Record<string, unknown>; changed: boolean } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const compare = (prefix: string, x: Record<string, unknown>, y: Record<string, unknown>) => {
    for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if (IGNORED.has(key)) continue;
      if (JSON.stringify(x[key] ?? null) !== JSON.stringify(y[key] ?? null)) {
        b[prefix + key] = x[key] ?? null;
        a[prefix + key] = y[key] ?? null;
      }
    }
  };
  compare('', before, after ?? {});
  const afterById = new Map(linesAfter.map((l) => [l.id, l]));
  for (const l of linesBefore) compare(`line:${l.id}.`, l, afterById.get(l.id) ?? {});
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}
