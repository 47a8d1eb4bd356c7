import {
  assertChargeRequest,
  assertRefundRequest,
  ChargeRequest,
  ChargeResult,
  GATEWAY_TEXT,
  GatewayCharge,
  PaymentGateway,
  PaymentGatewayError,
  PaymentGatewayErrorCode,
  RefundRequest,
  RefundResult,
  SettlementEvent,
} from './payment-gateway';
import { DoubleCharge, LedgerRow, newGatewayReference, SandboxLedger } from './sandbox-ledger';
import { SANDBOX_MESSAGES, sandboxOutcome, sandboxSettlement } from './sandbox-tokens';

/** `error_before_charge`: a 5xx, nothing charged. `timeout_after_charge`: charged (in the ledger), then no answer. */
export type SandboxFault = 'none' | 'error_before_charge' | 'timeout_after_charge';

export interface SandboxGatewayOptions {
  /** Added to every call (`SANDBOX_GATEWAY_LATENCY_MS`). */
  latencyMs: number;
  /** Injected into charges and refunds (`SANDBOX_GATEWAY_FAULT`). */
  fault: SandboxFault;
  /** Share of calls the fault hits, 0 to 1 (`SANDBOX_GATEWAY_FAULT=timeout_after_charge:0.1`). */
  faultRate: number;
  /** For the fault rate; tests may pass a fixed sequence. */
  random?: () => number;
}

/**
 * A processor in a box: test tokens decide approvals, declines, card limits and ACH settlement
 * (sandbox-tokens.ts); every call waits the configured latency; faults can be injected by
 * configuration or per call (`failNext`); and it keeps its own ledger of what it charged.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  private readonly queuedFaults: Exclude<SandboxFault, 'none'>[] = [];
  private options: Required<SandboxGatewayOptions>;

  constructor(
    private readonly ledger: SandboxLedger,
    options: SandboxGatewayOptions,
  ) {
    this.options = { random: Math.random, ...options };
  }

  // --- test hooks -------------------------------------------------------------------------------

  /** The next `times` charges or refunds fail with `fault` (before any configured fault). */
  failNext(fault: Exclude<SandboxFault, 'none'>, times = 1): void {
    for (let i = 0; i < times; i++) this.queuedFaults.push(fault);
  }

  /** Changes latency or the configured fault from now on. */
  configure(options: Partial<SandboxGatewayOptions>): void {
    this.options = { ...this.options, ...options };
  }

  get latencyMs(): number {
    return this.options.latencyMs;
  }

  // --- PaymentGateway -----------------------------------------------------------------------------

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    assertChargeRequest(request);
    await this.delay();
    const fault = this.nextFault();
    if (fault === 'error_before_charge') throw unavailable();
    const outcome = sandboxOutcome(request.token, request.amountCents);
    const { row, created } = await this.ledger.insertOnce({
      idempotencyKey: request.idempotencyKey,
      kind: 'charge',
      reference: newGatewayReference('charge'),
      houseId: request.houseId,
      token: request.token,
      methodKind: outcome.kind,
      amountCents: request.amountCents,
      currencyCode: request.currencyCode,
      description: request.description,
      status: outcome.status,
      declineCode: outcome.declineCode ?? null,
      message: outcome.message,
      chargeReference: null,
    });
    if (!created && !sameCharge(row, request)) throw conflict();
    if (fault === 'timeout_after_charge') throw timeout();
    return chargeResult(row);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    assertRefundRequest(request);
    await this.delay();
    const fault = this.nextFault();
    if (fault === 'error_before_charge') throw unavailable();
    const { row, refundedCents } = await this.ledger.refundOnce(
      request.chargeReference,
      request.idempotencyKey,
      (charge, existing, refunded) => {
        if (existing) {
          if (
            existing.kind !== 'refund' ||
            existing.chargeReference !== request.chargeReference ||
            existing.amountCents !== request.amountCents
          )
            throw conflict();
          return null;
        }
        if (!charge) throw new PaymentGatewayError(PaymentGatewayErrorCode.CHARGE_NOT_FOUND, GATEWAY_TEXT.chargeNotFound);
        if (!(charge.status === 'approved' || (charge.status === 'pending' && charge.settlement === 'settled')))
          throw new PaymentGatewayError(PaymentGatewayErrorCode.NOT_REFUNDABLE, GATEWAY_TEXT.notRefundable);
        if (refunded + request.amountCents > charge.amountCents)
          throw new PaymentGatewayError(PaymentGatewayErrorCode.REFUND_EXCEEDS_CHARGE, GATEWAY_TEXT.refundExceedsCharge);
        return {
          idempotencyKey: request.idempotencyKey,
          kind: 'refund',
          reference: newGatewayReference('refund'),
          houseId: charge.houseId,
          token: charge.token,
          methodKind: charge.methodKind,
          amountCents: request.amountCents,
          currencyCode: charge.currencyCode,
          description: `Refund of ${charge.reference}`,
          status: 'refunded',
          declineCode: null,
          message: SANDBOX_MESSAGES.refunded,
          chargeReference: charge.reference,
        };
      },
    );
    // A key another refund took at the same instant (of another charge or amount) is not this refund.
    if (row.kind !== 'refund' || row.chargeReference !== request.chargeReference || row.amountCents !== request.amountCents)
      throw conflict();
    if (fault === 'timeout_after_charge') throw timeout();
    return {
      status: 'refunded',
      reference: row.reference,
      chargeReference: request.chargeReference,
      amountCents: row.amountCents,
      refundedCents,
      message: row.message,
    };
  }

  async findRefund(idempotencyKey: string): Promise<RefundResult | null> {
    await this.delay();
    const row = await this.ledger.findByKey(idempotencyKey);
    if (!row || row.kind !== 'refund' || !row.chargeReference) return null;
    const refunded = await this.ledger.refundedCents([row.chargeReference]);
    return {
      status: 'refunded',
      reference: row.reference,
      chargeReference: row.chargeReference,
      amountCents: row.amountCents,
      refundedCents: refunded.get(row.chargeReference) ?? row.amountCents,
      message: row.message,
    };
  }

  async findCharge(idempotencyKey: string): Promise<GatewayCharge | null> {
    await this.delay();
    const row = await this.ledger.findByKey(idempotencyKey);
    if (!row || row.kind !== 'charge') return null;
    const refunded = await this.ledger.refundedCents([row.reference]);
    return {
      ...chargeResult(row),
      idempotencyKey: row.idempotencyKey,
      houseId: row.houseId,
      amountCents: row.amountCents,
      currencyCode: row.currencyCode,
      settlement: row.settlement,
      refundedCents: refunded.get(row.reference) ?? 0,
      createdAt: row.createdAt,
    };
  }

  /** A settlement read: ends pending ACH charges first (as the processor's nightly run would), then lists. */
  async settlementEvents(since: Date): Promise<SettlementEvent[]> {
    await this.settle();
    const rows = await this.ledger.settledSince(since);
    return rows.map((row) => {
      const failed = row.settlement === 'failed';
      return {
        type: failed ? 'failed' : 'settled',
        chargeReference: row.reference,
        idempotencyKey: row.idempotencyKey,
        houseId: row.houseId,
        amountCents: row.amountCents,
        currencyCode: row.currencyCode,
        ...(failed ? { declineCode: 'ach_returned' as const } : {}),
        message: failed ? SANDBOX_MESSAGES.ach_returned : SANDBOX_MESSAGES.settled,
        occurredAt: row.settledAt!,
      };
    });
  }

  // --- sandbox only ---------------------------------------------------------------------------

  /** Settles or fails every pending ACH charge, as its token says; answers how many. */
  settle(): Promise<number> {
    return this.ledger.settlePending((row) => sandboxSettlement(row.token).settlement);
  }

  /** Captured charges of one card for the same amount and description: what a double charge looks like. */
  doubleCharges(): Promise<DoubleCharge[]> {
    return this.ledger.doubleCharges();
  }

  private nextFault(): SandboxFault {
    const queued = this.queuedFaults.shift();
    if (queued) return queued;
    const { fault, faultRate, random } = this.options;
    if (fault === 'none') return 'none';
    return random() < faultRate ? fault : 'none';
  }

  private delay(): Promise<void> {
    const ms = this.options.latencyMs;
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }
}

function chargeResult(row: LedgerRow): ChargeResult {
  return {
    status: row.status as ChargeResult['status'],
    reference: row.reference,
    ...(row.declineCode ? { declineCode: row.declineCode } : {}),
    message: row.message,
  };
}

function sameCharge(row: LedgerRow, r: ChargeRequest): boolean {
  return (
    row.kind === 'charge' &&
    row.houseId === r.houseId &&
    row.token === r.token &&
    row.amountCents === r.amountCents &&
    row.currencyCode === r.currencyCode
  );
}

const unavailable = () => new PaymentGatewayError(PaymentGatewayErrorCode.UNAVAILABLE, GATEWAY_TEXT.unavailable);
const timeout = () => new PaymentGatewayError(PaymentGatewayErrorCode.TIMEOUT, GATEWAY_TEXT.timeout);
const conflict = () => new PaymentGatewayError(PaymentGatewayErrorCode.IDEMPOTENCY_CONFLICT, GATEWAY_TEXT.idempotencyConflict);
