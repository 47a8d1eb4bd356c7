import type { Knex } from '@mikro-orm/knex';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import type { DeclineCode } from './payment-gateway';
import { DoubleCharge, LedgerRow, NewLedgerRow, SandboxLedger } from './sandbox-ledger';

const COLUMNS = [
  'idempotency_key',
  'kind',
  'reference',
  'house_id',
  'token',
  'method_kind',
  'amount_cents',
  'currency_code',
  'description',
  'status',
  'decline_code',
  'message',
  'charge_reference',
] as const;

/**
 * The sandbox ledger in PostgreSQL (`sandbox_gateway_charge`). It runs on its own connections,
 * never inside the caller's transaction: like a real processor, what it charged stays charged
 * whatever the caller rolls back. The unique idempotency key makes `insertOnce` exactly once even
 * when two instances send the same key at the same instant.
 */
export class PgSandboxLedger implements SandboxLedger {
  constructor(private readonly connection: AbstractSqlConnection) {}

  async insertOnce(row: NewLedgerRow, trx?: Knex.Transaction): Promise<{ row: LedgerRow; created: boolean }> {
    const values = [
      row.idempotencyKey,
      row.kind,
      row.reference,
      row.houseId,
      row.token,
      row.methodKind,
      row.amountCents,
      row.currencyCode,
      row.description,
      row.status,
      row.declineCode,
      row.message,
      row.chargeReference,
    ];
    const inserted = await this.run(
      `insert into sandbox_gateway_charge (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})
       on conflict (idempotency_key) do nothing returning *`,
      values,
      trx,
    );
    if (inserted.length) return { row: toRow(inserted[0]), created: true };
    // The key exists (committed, or committed while this insert waited on it).
    const existing = await this.run(`select * from sandbox_gateway_charge where idempotency_key = ?`, [row.idempotencyKey], trx);
    return { row: toRow(existing[0]), created: false };
  }

  async findByKey(idempotencyKey: string): Promise<LedgerRow | null> {
    const rows = await this.run(`select * from sandbox_gateway_charge where idempotency_key = ?`, [idempotencyKey]);
    return rows.length ? toRow(rows[0]) : null;
  }

  async refundedCents(chargeReferences: readonly string[], trx?: Knex.Transaction): Promise<Map<string, number>> {
    const out = new Map(chargeReferences.map((r) => [r, 0]));
    if (!chargeReferences.length) return out;
    const rows = await this.run(
      `select charge_reference, sum(amount_cents)::bigint as cents from sandbox_gateway_charge
        where kind = 'refund' and charge_reference in (${chargeReferences.map(() => '?').join(', ')}) group by charge_reference`,
      [...chargeReferences],
      trx,
    );
    for (const r of rows) out.set(r.charge_reference as string, Number(r.cents));
    return out;
  }

  refundOnce(
    chargeReference: string,
    idempotencyKey: string,
    build: (charge: LedgerRow | null, existing: LedgerRow | null, refundedCents: number) => NewLedgerRow | null,
  ): Promise<{ row: LedgerRow; refundedCents: number }> {
    return this.connection.transactional(async (trx) => {
      // The charge row is the lock: refunds of one charge queue here, and each then sees the others (read committed).
      const charges = await this.run(
        `select * from sandbox_gateway_charge where reference = ? and kind = 'charge' for update`,
        [chargeReference],
        trx,
      );
      const existing = await this.run(`select * from sandbox_gateway_charge where idempotency_key = ?`, [idempotencyKey], trx);
      const before = (await this.refundedCents([chargeReference], trx)).get(chargeReference)!;
      const next = build(charges.length ? toRow(charges[0]) : null, existing.length ? toRow(existing[0]) : null, before);
      const row = next ? (await this.insertOnce(next, trx)).row : toRow(existing[0]);
      const after = (await this.refundedCents([chargeReference], trx)).get(chargeReference)!;
      return { row, refundedCents: after };
    });
  }

  settlePending(decide: (row: LedgerRow) => 'settled' | 'failed'): Promise<number> {
    return this.connection.transactional(async (trx) => {
      // Skip rows another instance is settling right now; it settles them.
      const pending = await this.run(
        `select * from sandbox_gateway_charge where kind = 'charge' and status = 'pending' and settlement is null order by id for update skip locked`,
        [],
        trx,
      );
      for (const raw of pending) {
        const row = toRow(raw);
        await this.run(
          `update sandbox_gateway_charge set settlement = ?, settled_at = clock_timestamp() where id = ?`,
          [decide(row), row.id],
          trx,
        );
      }
      return pending.length;
    });
  }

  async settledSince(since: Date): Promise<LedgerRow[]> {
    const rows = await this.run(`select * from sandbox_gateway_charge where settled_at >= ? order by settled_at, id`, [since]);
    return rows.map(toRow);
  }

  async doubleCharges(): Promise<DoubleCharge[]> {
    const rows = await this.run(
      `select house_id, token, amount_cents, description, array_agg(reference order by id) as refs
         from sandbox_gateway_charge
        where kind = 'charge' and (status = 'approved' or (status = 'pending' and settlement is distinct from 'failed'))
        group by house_id, token, amount_cents, description
       having count(*) > 1
        order by house_id, min(id)`,
    );
    return rows.map((r) => ({
      houseId: r.house_id as number,
      token: r.token as string,
      amountCents: Number(r.amount_cents),
      description: r.description as string,
      references: r.refs as string[],
    }));
  }

  private run(sql: string, params: unknown[] = [], trx?: Knex.Transaction): Promise<Record<string, unknown>[]> {
    return this.connection.execute(sql, params, 'all', trx);
  }
}

function toRow(r: Record<string, unknown>): LedgerRow {
  return {
    id: r.id as number,
    idempotencyKey: r.idempotency_key as string,
    kind: r.kind as LedgerRow['kind'],
    reference: r.reference as string,
    houseId: r.house_id as number,
    token: r.token as string,
    methodKind: (r.method_kind as LedgerRow['methodKind']) ?? null,
    amountCents: Number(r.amount_cents),
    currencyCode: r.currency_code as string,
    description: r.description as string,
    status: r.status as LedgerRow['status'],
    declineCode: (r.decline_code as DeclineCode | null) ?? null,
    message: r.message as string,
    chargeReference: (r.charge_reference as string | null) ?? null,
    settlement: (r.settlement as LedgerRow['settlement']) ?? null,
    settledAt: r.settled_at ? new Date(r.settled_at as string) : null,
    createdAt: new Date(r.created_at as string),
  };
}
