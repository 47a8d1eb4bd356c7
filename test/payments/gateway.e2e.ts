import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/core/database/mikro-orm.options';
import {
  PAYMENT_GATEWAY,
  PaymentGatewayError,
  PaymentGatewayErrorCode,
  type ChargeRequest,
} from '../../src/modules/invoicing/payments/gateway/payment-gateway';
import { PgSandboxLedger } from '../../src/modules/invoicing/payments/gateway/pg-sandbox-ledger';
import { SandboxGateway } from '../../src/modules/invoicing/payments/gateway/sandbox-gateway';
import { SANDBOX_MESSAGES } from '../../src/modules/invoicing/payments/gateway/sandbox-tokens';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import { PaymentsErrorCode } from '../../src/modules/invoicing/payments/payments.errors';
import { DEMO_OUTCOME_TOKENS } from '../../src/demo/demo-data';
import { createTestApp, TestApp } from '../support/test-app';
import { statementsSent } from '../support/statements';

/** The gateway and cards on file on the real database (the app as production builds it, demo data loaded). */
describe('payment gateway (sandbox) and cards on file', () => {
  let t: TestApp;
  let gateway: SandboxGateway;
  let methods: PaymentMethodsOnFileService;
  let demo: number;
  let other: number;
  let n = 0;

  const req = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
    idempotencyKey: `invoice:${++n}:1000:1`,
    houseId: demo,
    token: 'tok_visa_approve',
    amountCents: 1000,
    currencyCode: 'USD',
    description: `Invoice ${n}`,
    ...over,
  });
  const ledger = (key: string) =>
    t.em().execute(`select reference, status, amount_cents::int as amount from sandbox_gateway_charge where idempotency_key = ?`, [key]);
  const codeOf = (e: unknown) => (e as PaymentGatewayError).gatewayCode;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    gateway = t.app.get(PAYMENT_GATEWAY);
    methods = t.app.get(PaymentMethodsOnFileService);
    const houses: { id: number; house_user_name: string }[] = await t.em().execute(`select id, house_user_name from house`);
    demo = houses.find((h) => h.house_user_name === 'demo')!.id;
    other = houses.find((h) => h.house_user_name === 'other')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the sandbox by default', () => {
    expect(gateway).toBeInstanceOf(SandboxGateway);
  });

  describe('idempotency', () => {
    it('two concurrent charges with one key: one ledger row, one approval answered twice', async () => {
      const r = req();
      const [a, b] = await Promise.all([gateway.charge(r), gateway.charge(r)]);
      expect(a).toEqual({ status: 'approved', reference: expect.stringMatching(/^sbx_ch_/), message: SANDBOX_MESSAGES.approved });
      expect(b).toEqual(a);
      expect(await ledger(r.idempotencyKey)).toEqual([{ reference: a.reference, status: 'approved', amount: 1000 }]);
    });

    it('25 concurrent charges with one key from two instances (two connection pools): charged once', async () => {
      const orm2 = await MikroORM.init(buildOrmOptions(t.db.url));
      try {
        const second = new SandboxGateway(new PgSandboxLedger(orm2.em.getConnection()), { latencyMs: 0, fault: 'none', faultRate: 1 });
        const r = req({ amountCents: 4321 });
        const results = await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 ? second : gateway).charge(r)));
        expect(new Set(results.map((x) => x.reference)).size).toBe(1);
        expect(await ledger(r.idempotencyKey)).toHaveLength(1);
        expect(await gateway.doubleCharges()).toEqual([]);
      } finally {
        await orm2.close();
      }
    });

    it('a double charge under two keys is found by the ledger query', async () => {
      const a = await gateway.charge(req({ description: 'Invoice 99', amountCents: 777, houseId: other }));
      const b = await gateway.charge(req({ description: 'Invoice 99', amountCents: 777, houseId: other }));
      expect(await gateway.doubleCharges()).toEqual([
        { houseId: other, token: 'tok_visa_approve', amountCents: 777, description: 'Invoice 99', references: [a.reference, b.reference] },
      ]);
      await t.em().execute(`delete from sandbox_gateway_charge where house_id = ?`, [other]);
    });

    it('refuses the key for another amount, charging nothing more', async () => {
      const r = req();
      await gateway.charge(r);
      const err = await gateway.charge({ ...r, amountCents: 1001 }).catch((e: unknown) => e);
      expect(codeOf(err)).toBe(PaymentGatewayErrorCode.IDEMPOTENCY_CONFLICT);
      expect(await ledger(r.idempotencyKey)).toHaveLength(1);
    });

    it('keeps a charge whatever the caller rolls back (the gateway is not in its transaction)', async () => {
      const r = req();
      await expect(
        t.em().transactional(async () => {
          await gateway.charge(r);
          throw new Error('the caller fails after charging');
        }),
      ).rejects.toThrow('the caller fails after charging');
      expect(await ledger(r.idempotencyKey)).toHaveLength(1);
    });
  });

  describe('faults', () => {
    it('a timeout after charging: the charge is in the ledger, findCharge finds it, a retry charges nothing more', async () => {
      const r = req({ amountCents: 2500 });
      gateway.failNext('timeout_after_charge');
      const err = await gateway.charge(r).catch((e: unknown) => e);
      expect(codeOf(err)).toBe(PaymentGatewayErrorCode.TIMEOUT);
      expect((err as PaymentGatewayError).outcomeUnknown).toBe(true);
      const [row] = await ledger(r.idempotencyKey);
      expect(row).toMatchObject({ status: 'approved', amount: 2500 });
      expect(await gateway.findCharge(r.idempotencyKey)).toMatchObject({
        status: 'approved',
        reference: row.reference,
        amountCents: 2500,
        refundedCents: 0,
        houseId: demo,
        idempotencyKey: r.idempotencyKey,
      });
      expect((await gateway.charge(r)).reference).toBe(row.reference);
      expect(await ledger(r.idempotencyKey)).toHaveLength(1);
    });

    it('a 5xx before charging: nothing in the ledger, findCharge finds nothing', async () => {
      const r = req();
      gateway.failNext('error_before_charge');
      expect(codeOf(await gateway.charge(r).catch((e: unknown) => e))).toBe(PaymentGatewayErrorCode.UNAVAILABLE);
      expect(await ledger(r.idempotencyKey)).toEqual([]);
      expect(await gateway.findCharge(r.idempotencyKey)).toBeNull();
    });

    it('takes latency and a fault from the configuration', async () => {
      const t2 = await createTestApp({
        redis: false,
        env: { SANDBOX_GATEWAY_FAULT: 'error_before_charge', SANDBOX_GATEWAY_LATENCY_MS: '30' },
      });
      try {
        const g: SandboxGateway = t2.app.get(PAYMENT_GATEWAY);
        expect(g.latencyMs).toBe(30);
        const started = Date.now();
        expect(codeOf(await g.charge(req({ houseId: 1 })).catch((e: unknown) => e))).toBe(PaymentGatewayErrorCode.UNAVAILABLE);
        expect(Date.now() - started).toBeGreaterThanOrEqual(25);
        expect(await t2.em().execute(`select count(*)::int as n from sandbox_gateway_charge`)).toEqual([{ n: 0 }]);
      } finally {
        await t2.close();
      }
    });
  });

  describe('refunds', () => {
    it('ten concurrent partial refunds of a 50.00 charge: five of 10.00 succeed, the rest are refused', async () => {
      const c = await gateway.charge(req({ amountCents: 5000 }));
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          gateway.refund({ idempotencyKey: `refund:${c.reference}:${i}`, chargeReference: c.reference, amountCents: 1000 }).then(
            () => 'refunded',
            (e: unknown) => codeOf(e),
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'refunded')).toHaveLength(5);
      expect(outcomes.filter((o) => o === PaymentGatewayErrorCode.REFUND_EXCEEDS_CHARGE)).toHaveLength(5);
      const [sum] = await t
        .em()
        .execute(`select sum(amount_cents)::int as s from sandbox_gateway_charge where charge_reference = ?`, [c.reference]);
      expect(sum.s).toBe(5000);
    });

    it('the same refund key sent concurrently refunds once', async () => {
      const c = await gateway.charge(req({ amountCents: 3000 }));
      const r = { idempotencyKey: `refund:${c.reference}:once`, chargeReference: c.reference, amountCents: 3000 };
      const results = await Promise.all([gateway.refund(r), gateway.refund(r), gateway.refund(r)]);
      expect(new Set(results.map((x) => x.reference)).size).toBe(1);
      expect(results.every((x) => x.refundedCents === 3000)).toBe(true);
    });

    it('one refund key sent at once for two charges refunds one of them; the other is refused as a conflict', async () => {
      const [c1, c2] = await Promise.all([gateway.charge(req({ amountCents: 2000 })), gateway.charge(req({ amountCents: 2000 }))]);
      const key = `refund:shared:${c1.reference}`;
      const outcomes = await Promise.all(
        [c1, c2].map((c) =>
          gateway.refund({ idempotencyKey: key, chargeReference: c.reference, amountCents: 500 }).then(
            (r) => r.chargeReference,
            (e: unknown) => codeOf(e),
          ),
        ),
      );
      expect(outcomes.filter((o) => o === PaymentGatewayErrorCode.IDEMPOTENCY_CONFLICT)).toHaveLength(1);
      expect(outcomes.filter((o) => o === c1.reference || o === c2.reference)).toHaveLength(1);
      const [{ n }] = await t.em().execute(`select count(*)::int as n from sandbox_gateway_charge where idempotency_key = ?`, [key]);
      expect(n).toBe(1);
    });
  });

  describe('ACH settlement', () => {
    it('pending ACH charges settle or fail at the next settlement read, each reported once per read window', async () => {
      const since = new Date((await t.em().execute(`select now() as now`))[0].now as string);
      const ok = await gateway.charge(req({ token: 'tok_ach_settle', amountCents: 12_000 }));
      const bad = await gateway.charge(req({ token: 'tok_ach_fail', amountCents: 8000 }));
      expect([ok.status, bad.status]).toEqual(['pending', 'pending']);
      const events = await gateway.settlementEvents(since);
      const mine = events.filter((e) => [ok.reference, bad.reference].includes(e.chargeReference));
      expect(mine.map((e) => ({ ref: e.chargeReference, type: e.type, code: e.declineCode, amount: e.amountCents }))).toEqual([
        { ref: ok.reference, type: 'settled', code: undefined, amount: 12_000 },
        { ref: bad.reference, type: 'failed', code: 'ach_returned', amount: 8000 },
      ]);
      const last = events[events.length - 1].occurredAt;
      // Inclusive: the last event again, nothing new (readers apply events idempotently). The read
      // takes a millisecond Date and settlement times carry microseconds: an event settled in the
      // same millisecond as the last one comes again too.
      const next = (await gateway.settlementEvents(last)).map((e) => e.chargeReference);
      expect(next).toContain(events[events.length - 1].chargeReference);
      expect(next.filter((ref) => !events.some((e) => e.chargeReference === ref))).toEqual([]);
      expect(
        await gateway.findCharge(
          (await t.em().execute(`select idempotency_key from sandbox_gateway_charge where reference = ?`, [bad.reference]))[0]
            .idempotency_key,
        ),
      ).toMatchObject({
        status: 'pending',
        settlement: 'failed',
      });
    });
  });

  describe('cards on file', () => {
    const demoMembers = async (): Promise<number[]> =>
      (await t.em().execute<{ id: number }[]>(`select id from member where house_id = ? order by id`, [demo])).map((r) => r.id);

    it('the demo bidders have cards on file showing every outcome when charged', async () => {
      const ids = await demoMembers();
      const onFile = await methods.onFile(demo, ids);
      const defaults = [...onFile.values()].flatMap((list) => list.filter((m) => m.isDefault));
      expect(defaults.length).toBeGreaterThan(50);
      expect(DEMO_OUTCOME_TOKENS.every((tok) => defaults.some((m) => m.token === tok))).toBe(true);
      expect([...onFile.values()].some((list) => list.length === 0)).toBe(true); // no card on file
      expect([...onFile.values()].some((list) => list.length === 2)).toBe(true);
      const seen = new Set<string>();
      for (const m of defaults.filter((d) => DEMO_OUTCOME_TOKENS.includes(d.token as never) || d.token.startsWith('tok_visa_approve'))) {
        const r = await gateway.charge(req({ token: m.token, amountCents: 60_000, description: `demo ${m.id}` }));
        seen.add(r.declineCode ?? r.status);
      }
      expect([...seen].sort()).toEqual([
        'approved',
        'card_limit_exceeded',
        'do_not_honour',
        'expired_card',
        'insufficient_funds',
        'pending',
      ]);
      const limit = defaults.find((m) => m.token === 'tok_visa_limit_50000')!;
      expect(limit.cardLimitCents).toBe(50_000);
      expect(defaults.find((m) => m.token === 'tok_decline_expired')).toMatchObject({ expMonth: 8, expYear: 2025 });
      const types = new Set((await gateway.settlementEvents(new Date(0))).map((e) => e.type));
      expect([...types].sort()).toEqual(['failed', 'settled']);
    });

    it('reads every bidder at once (one query), each with an entry', async () => {
      const ids = await demoMembers();
      const em = t.em();
      const { result: onFile, sql } = await statementsSent(em, () => methods.onFile(demo, ids, em));
      expect(sql).toHaveLength(1);
      expect(sql[0]).toContain('bidder_payment_method');
      expect([...onFile.keys()].sort((a, b) => a - b)).toEqual(ids);
    });

    it('a house sees and changes only its own bidders’ methods', async () => {
      const ids = await demoMembers();
      const fromOther = await methods.onFile(other, ids);
      expect([...fromOther.values()].every((list) => list.length === 0)).toBe(true);
      const err = await methods
        .add(other, ids[0], { token: 'tok_visa_approve_x', kind: 'card', brand: 'visa', last4: '4242', expMonth: 1, expYear: 2031 })
        .catch((e: { code: string }) => e.code);
      expect(err).toBe(PaymentsErrorCode.BIDDER_NOT_FOUND);
      const someMethod = [...(await methods.onFile(demo, ids)).values()].flat()[0];
      expect(await methods.remove(other, someMethod.id).catch((e: { code: string }) => e.code)).toBe(
        PaymentsErrorCode.PAYMENT_METHOD_NOT_FOUND,
      );
      expect((await methods.onFile(demo, [someMethod.memberId])).get(someMethod.memberId)!.map((m) => m.id)).toContain(someMethod.id);
    });

    it('adds and removes, keeping one default per bidder; refuses a duplicate token and a card number', async () => {
      const [{ id: memberId }] = await t.em().execute(`select id from member where house_id = ? order by id limit 1`, [other]);
      const card = {
        token: 'tok_visa_approve_o1',
        kind: 'card' as const,
        brand: 'visa' as const,
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      };
      const first = await methods.add(other, memberId, card);
      expect(first).toMatchObject({ ...card, memberId, isDefault: true, cardLimitCents: null });
      const ach = await methods.add(other, memberId, {
        token: 'tok_ach_settle_o1',
        kind: 'ach',
        brand: null,
        last4: '6789',
        expMonth: null,
        expYear: null,
      });
      expect(ach.isDefault).toBe(false);
      const amex = await methods.add(other, memberId, {
        ...card,
        token: 'tok_amex_approve_o1',
        brand: 'amex',
        last4: '8431',
        isDefault: true,
      });
      const list = () => methods.onFile(other, [memberId]).then((m) => m.get(memberId)!.map((x) => [x.token, x.isDefault]));
      expect(await list()).toEqual([
        ['tok_amex_approve_o1', true],
        ['tok_visa_approve_o1', false],
        ['tok_ach_settle_o1', false],
      ]);
      expect(await methods.add(other, memberId, card).catch((e: { code: string }) => e.code)).toBe(
        PaymentsErrorCode.PAYMENT_METHOD_ON_FILE,
      );
      expect(await methods.add(other, memberId, { ...card, token: '4111111111111111' }).catch((e: { code: string }) => e.code)).toBe(
        PaymentsErrorCode.INVALID_PAYMENT_METHOD,
      );
      await methods.remove(other, amex.id);
      expect(await list()).toEqual([
        ['tok_visa_approve_o1', true],
        ['tok_ach_settle_o1', false],
      ]);
      await methods.remove(other, first.id);
      expect(await list()).toEqual([['tok_ach_settle_o1', true]]);
      expect(await methods.remove(other, first.id).catch((e: { code: string }) => e.code)).toBe(PaymentsErrorCode.PAYMENT_METHOD_NOT_FOUND);
      const [{ n }] = await t.em().execute(`select count(*)::int as n from bidder_payment_method where token ~ '^[0-9 -]{13,}$'`);
      expect(n).toBe(0);
    });

    it('concurrent adds for one bidder leave exactly one default', async () => {
      const [{ id: memberId }] = await t.em().execute(`select id from member where house_id = ? order by id offset 1 limit 1`, [other]);
      await Promise.all(
        ['visa', 'mastercard', 'discover', 'amex'].map((brand, i) =>
          methods.add(other, memberId, {
            token: `tok_${brand}_approve_c${i}`,
            kind: 'card',
            brand: brand as never,
            last4: '4242',
            expMonth: 1,
            expYear: 2032,
            isDefault: true,
          }),
        ),
      );
      const list = (await methods.onFile(other, [memberId])).get(memberId)!;
      expect(list).toHaveLength(4);
      expect(list.filter((m) => m.isDefault)).toHaveLength(1);
    });
  });
});
