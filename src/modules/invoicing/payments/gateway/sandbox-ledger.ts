import { randomBytes } from 'node:crypto';
import type { DeclineCode } from './payment-gateway';

/** A row of the sandbox gateway's ledger (table `sandbox_gateway_charge`). */
export interface LedgerRow {
  id: number;
  idempotencyKey: string;
  kind: 'charge' | 'refund';
  reference: string;
  houseId: number;
  token: string;
  methodKind: 'card' | 'ach' | null;
  amountCents: number;
  currencyCode: string;
  description: string;
  status: 'approved' | 'declined' | 'pending' | 'refunded';
  declineCode: DeclineCode | null;
  message: string;
  chargeReference: string | null;
  settlement: 'settled' | 'failed' | null;
  settledAt: Date | null;
  createdAt: Date;
}

export type NewLedgerRow = Omit<LedgerRow, 'id' | 'createdAt' | 'settlement' | 'settledAt'>;

/** Captured charges that look charged twice: same house, token, amount and description. */
export interface DoubleCharge {
  houseId: number;
  token: string;
  amountCents: number;
  description: string;
  references: string[];
}

/**
 * Where the sandbox keeps its ledger: PostgreSQL in the product (`PgSandboxLedger`), memory in
 * unit tests. Each method is atomic on its own.
 */
export interface SandboxLedger {
  /** Inserts unless the key exists; answers the row under the key and whether this call created it. */
  insertOnce(row: NewLedgerRow): Promise<{ row: LedgerRow; created: boolean }>;
  findByKey(idempotencyKey: string): Promise<LedgerRow | null>;
  /** Sum of the refunds of each charge reference (0 when none). */
  refundedCents(chargeReferences: readonly string[]): Promise<Map<string, number>>;
  /**
   * With the charge locked against concurrent refunds: `build` gets the charge (null if unknown),
   * the row already under the key (a replay) and the sum refunded so far, and answers the refund
   * row to insert, or null to answer the existing row. It may throw to refuse.
   */
  refundOnce(
    chargeReference: string,
    idempotencyKey: string,
    build: (charge: LedgerRow | null, existing: LedgerRow | null, refundedCents: number) => NewLedgerRow | null,
  ): Promise<{ row: LedgerRow; refundedCents: number }>;
  /** Ends every pending ACH charge as `decide` says; answers how many. */
  settlePending(decide: (row: LedgerRow) => 'settled' | 'failed'): Promise<number>;
  /** ACH charges settled or failed at or after `since`, oldest first. */
  settledSince(since: Date): Promise<LedgerRow[]>;
  doubleCharges(): Promise<DoubleCharge[]>;
}

/** A processor-style reference: `sbx_ch_…` for charges, `sbx_re_…` for refunds. */
export function newGatewayReference(kind: 'charge' | 'refund'): string {
  return `sbx_${kind === 'charge' ? 'ch' : 're'}_${randomBytes(12).toString('hex')}`;
}

/** An in-memory ledger with the same contract, for unit tests of the sandbox. */
export class MemorySandboxLedger implements SandboxLedger {
  readonly rows: LedgerRow[] = [];
  private nextId = 1;

  insertOnce(row: NewLedgerRow): Promise<{ row: LedgerRow; created: boolean }> {
    const existing = this.rows.find((r) => r.idempotencyKey === row.idempotencyKey);
    if (existing) return Promise.resolve({ row: { ...existing }, created: false });
    const created: LedgerRow = { ...row, id: this.nextId++, settlement: null, settledAt: null, createdAt: new Date() };
    this.rows.push(created);
    return Promise.resolve({ row: { ...created }, created: true });
  }

  findByKey(idempotencyKey: string): Promise<LedgerRow | null> {
    const r = this.rows.find((x) => x.idempotencyKey === idempotencyKey);
    return Promise.resolve(r ? { ...r } : null);
  }

  refundedCents(chargeReferences: readonly string[]): Promise<Map<string, number>> {
    return Promise.resolve(new Map(chargeReferences.map((ref) => [ref, this.refunded(ref)])));
  }

  async refundOnce(
    chargeReference: string,
    idempotencyKey: string,
    build: (charge: LedgerRow | null, existing: LedgerRow | null, refundedCents: number) => NewLedgerRow | null,
  ): Promise<{ row: LedgerRow; refundedCents: number }> {
    const charge = this.rows.find((r) => r.kind === 'charge' && r.reference === chargeReference) ?? null;
    const existing = this.rows.find((r) => r.idempotencyKey === idempotencyKey) ?? null;
    const next = build(charge && { ...charge }, existing && { ...existing }, this.refunded(chargeReference));
    const row = next ? (await this.insertOnce(next)).row : { ...existing! };
    return { row, refundedCents: this.refunded(chargeReference) };
  }

  settlePending(decide: (row: LedgerRow) => 'settled' | 'failed'): Promise<number> {
    let n = 0;
    for (const r of this.rows) {
      if (r.kind !== 'charge' || r.status !== 'pending' || r.settlement) continue;
      r.settlement = decide({ ...r });
      r.settledAt = new Date();
      n++;
    }
    return Promise.resolve(n);
  }

  settledSince(since: Date): Promise<LedgerRow[]> {
    return Promise.resolve(
      this.rows
        .filter((r) => r.settledAt && r.settledAt.getTime() >= since.getTime())
        .sort((a, b) => a.settledAt!.getTime() - b.settledAt!.getTime() || a.id - b.id)
        .map((r) => ({ ...r })),
    );
  }

  doubleCharges(): Promise<DoubleCharge[]> {
    const groups = new Map<string, LedgerRow[]>();
    for (const r of this.rows.filter(isCaptured)) {
      const k = JSON.stringify([r.houseId, r.token, r.amountCents, r.description]);
      groups.set(k, [...(groups.get(k) ?? []), r]);
    }
    return Promise.resolve(
      [...groups.values()]
        .filter((g) => g.length > 1)
        .map((g) => ({
          houseId: g[0].houseId,
          token: g[0].token,
          amountCents: g[0].amountCents,
          description: g[0].description,
          references: g.map((r) => r.reference),
        })),
    );
  }

  private refunded(chargeReference: string): number {
    return this.rows.filter((r) => r.kind === 'refund' && r.chargeReference === chargeReference).reduce((s, r) => s + r.amountCents, 0);
  }
}

/** Money the gateway took: an approved charge, or an ACH charge that did not fail. */
export function isCaptured(r: LedgerRow): boolean {
  return r.kind === 'charge' && (r.status === 'approved' || (r.status === 'pending' && r.settlement !== 'failed'));
}
