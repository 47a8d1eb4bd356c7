import { loadConfig } from '../../../../core/config/app-config';
import { ChargeRequest, PaymentGatewayError, PaymentGatewayErrorCode } from './payment-gateway';
import { SandboxGateway } from './sandbox-gateway';
import { MemorySandboxLedger } from './sandbox-ledger';
import { SANDBOX_MESSAGES, SANDBOX_TOKENS, sandboxPaymentMethod } from './sandbox-tokens';

const setup = (opts: Partial<ConstructorParameters<typeof SandboxGateway>[1]> = {}) => {
  const ledger = new MemorySandboxLedger();
  const gateway = new SandboxGateway(ledger, { latencyMs: 0, fault: 'none', faultRate: 1, ...opts });
  return { ledger, gateway };
};

let n = 0;
const req = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: `invoice:1:${10_000 + n}:${++n}`,
  houseId: 1,
  token: 'tok_visa_approve',
  amountCents: 12_345,
  currencyCode: 'USD',
  description: `Invoice ${n}`,
  ...over,
});

const codeOf = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof PaymentGatewayError) return e.gatewayCode;
    throw e;
  }
  throw new Error('expected a PaymentGatewayError');
};

describe('SandboxGateway: test tokens', () => {
  it.each([
    ['tok_visa_approve', 'approved', undefined, SANDBOX_MESSAGES.approved],
    ['tok_mastercard_approve', 'approved', undefined, SANDBOX_MESSAGES.approved],
    ['tok_discover_approve', 'approved', undefined, SANDBOX_MESSAGES.approved],
    ['tok_amex_approve', 'approved', undefined, SANDBOX_MESSAGES.approved],
    ['tok_visa_approve_m42', 'approved', undefined, SANDBOX_MESSAGES.approved],
    ['tok_decline_insufficient_funds', 'declined', 'insufficient_funds', SANDBOX_MESSAGES.insufficient_funds],
    ['tok_decline_expired', 'declined', 'expired_card', SANDBOX_MESSAGES.expired_card],
    ['tok_decline_do_not_honour', 'declined', 'do_not_honour', SANDBOX_MESSAGES.do_not_honour],
    ['tok_visa_limit_20000', 'approved', undefined, SANDBOX_MESSAGES.approved],
    ['tok_visa_limit_12344', 'declined', 'card_limit_exceeded', SANDBOX_MESSAGES.card_limit_exceeded],
    ['tok_ach_settle', 'pending', undefined, SANDBOX_MESSAGES.pending],
    ['tok_ach_fail', 'pending', undefined, SANDBOX_MESSAGES.pending],
    ['tok_unknown', 'declined', 'invalid_payment_method', SANDBOX_MESSAGES.invalid_payment_method],
  ])('%s charged 123.45 -> %s %s', async (token, status, declineCode, message) => {
    const { gateway, ledger } = setup();
    const result = await gateway.charge(req({ token }));
    expect(result).toEqual({
      status,
      reference: expect.stringMatching(/^sbx_ch_[0-9a-f]{24}$/),
      message,
      ...(declineCode ? { declineCode } : {}),
    });
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.rows[0]).toMatchObject({ status, token, amountCents: 12_345, reference: result.reference });
  });

  it('approves a charge exactly at the card limit and declines one cent more', async () => {
    const { gateway } = setup();
    expect((await gateway.charge(req({ token: 'tok_visa_limit_50000', amountCents: 50_000 }))).status).toBe('approved');
    expect(await gateway.charge(req({ token: 'tok_visa_limit_50000', amountCents: 50_001 }))).toMatchObject({
      status: 'declined',
      declineCode: 'card_limit_exceeded',
    });
  });

  it('settles tok_ach_settle and fails tok_ach_fail at the next settlement, as events once', async () => {
    const { gateway, ledger } = setup();
    const since = new Date(Date.now() - 1000);
    const ok = await gateway.charge(req({ token: 'tok_ach_settle', amountCents: 700 }));
    const bad = await gateway.charge(req({ token: 'tok_ach_fail', amountCents: 800 }));
    await gateway.charge(req({ token: 'tok_visa_approve' }));
    expect((await gateway.findCharge(ledger.rows[0].idempotencyKey))?.settlement).toBeNull();
    const events = await gateway.settlementEvents(since);
    expect(events.map((e) => [e.chargeReference, e.type, e.declineCode, e.amountCents, e.message])).toEqual([
      [ok.reference, 'settled', undefined, 700, SANDBOX_MESSAGES.settled],
      [bad.reference, 'failed', 'ach_returned', 800, SANDBOX_MESSAGES.ach_returned],
    ]);
    expect(await gateway.settle()).toBe(0);
    expect(await gateway.settlementEvents(new Date(Date.now() + 60_000))).toEqual([]);
  });

  it('gives each documented token a payment method to store (no card numbers, expired card in the past)', () => {
    for (const t of SANDBOX_TOKENS) {
      const token = t.outcome === 'limit' ? 'tok_visa_limit_50000' : t.token;
      const m = sandboxPaymentMethod(token);
      expect(m).toMatchObject({ token, kind: t.kind, brand: t.brand, last4: t.last4 });
      if (t.kind === 'ach') expect([m.expMonth, m.expYear]).toEqual([null, null]);
    }
    expect(sandboxPaymentMethod('tok_decline_expired')).toMatchObject({ expMonth: 8, expYear: 2025 });
    expect(() => sandboxPaymentMethod('tok_nothing')).toThrow();
  });
});

describe('SandboxGateway: idempotency', () => {
  it('answers the first result for the same key and charges once', async () => {
    const { gateway, ledger } = setup();
    const r = req();
    const first = await gateway.charge(r);
    const again = await gateway.charge({ ...r, description: 'a retry may word it differently' });
    expect(again).toEqual(first);
    expect(ledger.rows).toHaveLength(1);
  });

  it('answers the first result even after an ACH charge settled (the charge state is findCharge)', async () => {
    const { gateway } = setup();
    const r = req({ token: 'tok_ach_fail' });
    const first = await gateway.charge(r);
    await gateway.settle();
    expect(await gateway.charge(r)).toEqual(first);
    expect(await gateway.findCharge(r.idempotencyKey)).toMatchObject({ status: 'pending', settlement: 'failed' });
  });

  it.each([
    ['amount', { amountCents: 1 }],
    ['token', { token: 'tok_mastercard_approve' }],
    ['house', { houseId: 2 }],
    ['currency', { currencyCode: 'CAD' }],
  ])('refuses the same key with another %s (conflict), charging nothing more', async (_what, change) => {
    const { gateway, ledger } = setup();
    const r = req();
    await gateway.charge(r);
    expect(await codeOf(gateway.charge({ ...r, ...change }))).toBe(PaymentGatewayErrorCode.IDEMPOTENCY_CONFLICT);
    expect(ledger.rows).toHaveLength(1);
  });

  it('finds a charge by its key with what was refunded, and nothing for an unknown key', async () => {
    const { gateway } = setup();
    const r = req({ amountCents: 5000 });
    const c = await gateway.charge(r);
    await gateway.refund({ idempotencyKey: 'refund:a', chargeReference: c.reference, amountCents: 1200 });
    expect(await gateway.findCharge(r.idempotencyKey)).toMatchObject({
      status: 'approved',
      reference: c.reference,
      amountCents: 5000,
      refundedCents: 1200,
      houseId: 1,
      currencyCode: 'USD',
      settlement: null,
    });
    expect(await gateway.findCharge('never-used')).toBeNull();
    expect(await gateway.findCharge('refund:a')).toBeNull();
  });

  it('flags two captured charges of one card for the same amount and description as a double charge', async () => {
    const { gateway } = setup();
    const a = await gateway.charge(req({ description: 'Invoice 7', amountCents: 900 }));
    expect(await gateway.doubleCharges()).toEqual([]);
    const b = await gateway.charge(req({ description: 'Invoice 7', amountCents: 900 }));
    await gateway.charge(req({ description: 'Invoice 7', amountCents: 900, token: 'tok_decline_expired' }));
    expect(await gateway.doubleCharges()).toEqual([
      { houseId: 1, token: 'tok_visa_approve', amountCents: 900, description: 'Invoice 7', references: [a.reference, b.reference] },
    ]);
  });

  it.each([
    ['a zero amount', { amountCents: 0 }],
    ['a fractional amount', { amountCents: 10.5 }],
    ['a lower-case currency', { currencyCode: 'usd' }],
    ['an empty key', { idempotencyKey: '' }],
    ['a key over 200 characters', { idempotencyKey: 'k'.repeat(201) }],
    ['a card number instead of a token', { token: '4242 4242 4242 4242' }],
  ])('refuses %s before charging', async (_what, change) => {
    const { gateway, ledger } = setup();
    expect(await codeOf(gateway.charge(req(change)))).toBe(PaymentGatewayErrorCode.INVALID_REQUEST);
    expect(ledger.rows).toHaveLength(0);
  });
});

describe('SandboxGateway: refunds', () => {
  const charged = async (amountCents = 10_000, token = 'tok_visa_approve') => {
    const s = setup();
    const c = await s.gateway.charge(req({ amountCents, token }));
    return { ...s, c };
  };

  it('refunds in full', async () => {
    const { gateway, c } = await charged();
    expect(await gateway.refund({ idempotencyKey: 'r1', chargeReference: c.reference, amountCents: 10_000 })).toEqual({
      status: 'refunded',
      reference: expect.stringMatching(/^sbx_re_/),
      chargeReference: c.reference,
      amountCents: 10_000,
      refundedCents: 10_000,
      message: SANDBOX_MESSAGES.refunded,
    });
  });

  it('refunds in parts up to the charge, and refuses one cent more', async () => {
    const { gateway, ledger, c } = await charged();
    expect((await gateway.refund({ idempotencyKey: 'r1', chargeReference: c.reference, amountCents: 2500 })).refundedCents).toBe(2500);
    expect((await gateway.refund({ idempotencyKey: 'r2', chargeReference: c.reference, amountCents: 7500 })).refundedCents).toBe(10_000);
    expect(await codeOf(gateway.refund({ idempotencyKey: 'r3', chargeReference: c.reference, amountCents: 1 }))).toBe(
      PaymentGatewayErrorCode.REFUND_EXCEEDS_CHARGE,
    );
    expect(ledger.rows.filter((r) => r.kind === 'refund')).toHaveLength(2);
  });

  it('refuses a single refund larger than the charge', async () => {
    const { gateway, c } = await charged(500);
    expect(await codeOf(gateway.refund({ idempotencyKey: 'r1', chargeReference: c.reference, amountCents: 501 }))).toBe(
      PaymentGatewayErrorCode.REFUND_EXCEEDS_CHARGE,
    );
  });

  it('replays a refund under the same key, and refuses the key for another amount', async () => {
    const { gateway, ledger, c } = await charged();
    const first = await gateway.refund({ idempotencyKey: 'r1', chargeReference: c.reference, amountCents: 3000 });
    expect(await gateway.refund({ idempotencyKey: 'r1', chargeReference: c.reference, amountCents: 3000 })).toEqual(first);
    expect(await codeOf(gateway.refund({ idempotencyKey: 'r1', chargeReference: c.reference, amountCents: 3001 }))).toBe(
      PaymentGatewayErrorCode.IDEMPOTENCY_CONFLICT,
    );
    expect(ledger.rows.filter((r) => r.kind === 'refund')).toHaveLength(1);
  });

  it('refuses to refund a declined charge, a pending or failed ACH charge; refunds a settled one', async () => {
    const declined = await charged(1000, 'tok_decline_do_not_honour');
    expect(await codeOf(declined.gateway.refund({ idempotencyKey: 'r', chargeReference: declined.c.reference, amountCents: 1 }))).toBe(
      PaymentGatewayErrorCode.NOT_REFUNDABLE,
    );
    const ach = await charged(1000, 'tok_ach_settle');
    expect(await codeOf(ach.gateway.refund({ idempotencyKey: 'r', chargeReference: ach.c.reference, amountCents: 1 }))).toBe(
      PaymentGatewayErrorCode.NOT_REFUNDABLE,
    );
    await ach.gateway.settle();
    expect((await ach.gateway.refund({ idempotencyKey: 'r', chargeReference: ach.c.reference, amountCents: 1000 })).refundedCents).toBe(
      1000,
    );
    const failed = await charged(1000, 'tok_ach_fail');
    await failed.gateway.settle();
    expect(await codeOf(failed.gateway.refund({ idempotencyKey: 'r', chargeReference: failed.c.reference, amountCents: 1 }))).toBe(
      PaymentGatewayErrorCode.NOT_REFUNDABLE,
    );
  });

  it('refuses a refund of an unknown charge', async () => {
    const { gateway } = setup();
    expect(await codeOf(gateway.refund({ idempotencyKey: 'r', chargeReference: 'sbx_ch_nope', amountCents: 1 }))).toBe(
      PaymentGatewayErrorCode.CHARGE_NOT_FOUND,
    );
  });
});

describe('SandboxGateway: faults and latency', () => {
  it('a 5xx before charging charges nothing; retrying the key then charges once', async () => {
    const { gateway, ledger } = setup();
    gateway.failNext('error_before_charge');
    const r = req();
    const err = await gateway.charge(r).catch((e: PaymentGatewayError) => e);
    expect(err).toBeInstanceOf(PaymentGatewayError);
    expect((err as PaymentGatewayError).gatewayCode).toBe(PaymentGatewayErrorCode.UNAVAILABLE);
    expect((err as PaymentGatewayError).outcomeUnknown).toBe(false);
    expect(ledger.rows).toHaveLength(0);
    expect(await gateway.findCharge(r.idempotencyKey)).toBeNull();
    expect((await gateway.charge(r)).status).toBe('approved');
    expect(ledger.rows).toHaveLength(1);
  });

  it('a timeout after charging leaves the charge in the ledger; findCharge finds it and a retry replays it', async () => {
    const { gateway, ledger } = setup();
    gateway.failNext('timeout_after_charge');
    const r = req();
    const err = (await gateway.charge(r).catch((e: unknown) => e)) as PaymentGatewayError;
    expect(err.gatewayCode).toBe(PaymentGatewayErrorCode.TIMEOUT);
    expect(err.outcomeUnknown).toBe(true);
    const found = await gateway.findCharge(r.idempotencyKey);
    expect(found).toMatchObject({ status: 'approved', amountCents: r.amountCents });
    expect(await gateway.charge(r)).toEqual({ status: 'approved', reference: found!.reference, message: SANDBOX_MESSAGES.approved });
    expect(ledger.rows).toHaveLength(1);
  });

  it('a timeout after refunding leaves the refund recorded once', async () => {
    const { gateway, ledger } = setup();
    const c = await gateway.charge(req({ amountCents: 1000 }));
    gateway.failNext('timeout_after_charge');
    expect(await codeOf(gateway.refund({ idempotencyKey: 'r', chargeReference: c.reference, amountCents: 400 }))).toBe(
      PaymentGatewayErrorCode.TIMEOUT,
    );
    expect((await gateway.refund({ idempotencyKey: 'r', chargeReference: c.reference, amountCents: 400 })).refundedCents).toBe(400);
    expect(ledger.rows.filter((x) => x.kind === 'refund')).toHaveLength(1);
  });

  it('failNext counts calls; then the configured fault applies at its rate', async () => {
    const draws = [0.05, 0.5];
    const { gateway, ledger } = setup({ fault: 'error_before_charge', faultRate: 0.1, random: () => draws.shift() ?? 0.9 });
    gateway.failNext('timeout_after_charge', 2);
    expect(await codeOf(gateway.charge(req()))).toBe(PaymentGatewayErrorCode.TIMEOUT);
    expect(await codeOf(gateway.charge(req()))).toBe(PaymentGatewayErrorCode.TIMEOUT);
    expect(await codeOf(gateway.charge(req()))).toBe(PaymentGatewayErrorCode.UNAVAILABLE); // draw 0.05 < 0.1
    expect((await gateway.charge(req())).status).toBe('approved'); // draw 0.5
    expect(ledger.rows).toHaveLength(3);
    gateway.configure({ fault: 'none' });
    expect((await gateway.charge(req())).status).toBe('approved');
  });

  it('waits the configured latency on each call', async () => {
    const { gateway } = setup({ latencyMs: 40 });
    const t0 = Date.now();
    await gateway.charge(req());
    expect(Date.now() - t0).toBeGreaterThanOrEqual(35);
    expect(gateway.latencyMs).toBe(40);
  });
});

describe('gateway configuration', () => {
  it('defaults to the sandbox with no latency and no fault', () => {
    const c = loadConfig({});
    expect(c.paymentGateway).toBe('sandbox');
    expect(c.sandboxGateway).toEqual({ latencyMs: 0, fault: 'none', faultRate: 1 });
  });

  it('reads latency, a fault and its rate', () => {
    const c = loadConfig({ SANDBOX_GATEWAY_LATENCY_MS: '50', SANDBOX_GATEWAY_FAULT: 'timeout_after_charge:0.25' });
    expect(c.sandboxGateway).toEqual({ latencyMs: 50, fault: 'timeout_after_charge', faultRate: 0.25 });
    expect(loadConfig({ SANDBOX_GATEWAY_FAULT: 'error_before_charge' }).sandboxGateway.faultRate).toBe(1);
  });

  it.each([
    ['PAYMENT_GATEWAY', 'stripe'],
    ['SANDBOX_GATEWAY_FAULT', 'crash'],
    ['SANDBOX_GATEWAY_FAULT', 'timeout_after_charge:2'],
    ['SANDBOX_GATEWAY_LATENCY_MS', '-1'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
