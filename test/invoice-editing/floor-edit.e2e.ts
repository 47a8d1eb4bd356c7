import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { HOUSE_USER_TEXT } from '../../src/modules/invoicing/editing/floor-edit/floor-edit.controller';
import { FLOOR_TEXT } from '../../src/modules/invoicing/editing/floor-edit/floor-edit.rules';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import type { FactoryGroup } from '../invoice-details/factory';
import { exec, fingerprint, patch, payLines, smallGroup, STALE_TEXT, stored } from './support';

/**
 * `PATCH /app/house/{houseRef}/invoice/{id}` (spec 000 sections 4 and 7): Floor-channel unpaid
 * invoices take hammer, buyer's premium and live fee in place of the computed values; premium,
 * tax, fees and totals recompute. Bidder 1 of the small group is a Floor bidder (lots 4 and 5 of
 * the session: hammers 200.00 and 300.00, premium 25 %, no live fee on the Floor, no tax rows).
 */
describe('PATCH invoice/{id}: Floor edits (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let g: FactoryGroup;

  const send = (
    invoiceId: number,
    details: unknown[],
    opts: { version?: number; headers?: Record<string, string>; s?: SignedIn; extra?: Record<string, unknown> } = {},
  ) =>
    patch(
      opts.s ?? a,
      `/app/house/${houses.a.houseRef}/invoice/${invoiceId}`,
      {
        data: {
          type: 'invoice',
          id: invoiceId,
          attributes: { invoiceDetails: details, ...(opts.version === undefined ? {} : { version: opts.version }) },
        },
        ...opts.extra,
      },
      { channel: 'Floor', houseUser: 'owner', Authorization: `${houses.a.houseRef}*`, ...opts.headers },
    );

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    g = await smallGroup(t, houses.a.id);
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('replaces the hammer: the result is kept, the premium and totals recompute; the answer is the invoice', async () => {
    const id = g.invoiceIds[1]!;
    const before = await stored(t, id);
    const res = await send(id, [{ lotId: g.lotIds[3], hammer: 250 }], { version: before.invoice.version }).expect(200);
    const after = await stored(t, id);
    expect(after.lines[0]).toMatchObject({
      hammer_override_cents: 25_000,
      result_hammer_cents: 20_000,
      hammer_cents: 25_000,
      premium_cents: 6_250,
      premium_override_cents: null,
      live_fee_cents: 0,
      total_cents: 31_250,
    });
    expect(after.invoice).toMatchObject({
      hammer_total_cents: before.invoice.hammer_total_cents + 5_000,
      invoice_total_cents: before.invoice.invoice_total_cents + 6_250,
      version: before.invoice.version + 1,
    });
    expect(res.body.data).toMatchObject({
      type: 'invoice',
      id: String(id),
      attributes: { success: true, changed: true, invoiceID: id, version: before.invoice.version + 1, costsOverride: true },
    });
    expect(res.body.data.attributes.invoiceDetails[0]).toMatchObject({
      overridden: { hammer: true, premium: false, livefee: false },
      priceInfo: { hammer: 250, premium: 62.5 },
    });
    expect(after.audit[0]).toMatchObject({ action: 'floor-edit', user_name: 'owner' });
    expect(after.audit[0].after).toMatchObject({
      [`line:${g.lineIds[3]}.hammer_override_cents`]: '25000',
      [`line:${g.lineIds[3]}.result_hammer_cents`]: '20000',
      [`line:${g.lineIds[3]}.premium_cents`]: '6250',
    });
  });

  it("replaces the buyer's premium and the live fee; null gives a value back to the computation", async () => {
    const id = g.invoiceIds[1]!;
    await send(id, [
      { lotId: g.lotIds[3], buyersPremium: '10.00', liveFee: 5 },
      { lotId: g.lotIds[4], hammer: '300' },
    ]).expect(200);
    let l = (await stored(t, id)).lines;
    expect(l[0]).toMatchObject({
      hammer_cents: 25_000,
      premium_cents: 1_000,
      premium_override_cents: 1_000,
      live_fee_cents: 500,
      live_fee_override_cents: 500,
      total_cents: 26_500,
    });
    expect(l[1]).toMatchObject({ hammer_override_cents: 30_000, hammer_cents: 30_000, result_hammer_cents: 30_000 });
    await send(id, [{ lotId: g.lotIds[3], hammer: null, liveFee: null }]).expect(200);
    l = (await stored(t, id)).lines;
    expect(l[0]).toMatchObject({
      hammer_override_cents: null,
      hammer_cents: 20_000,
      result_hammer_cents: 20_000,
      premium_cents: 1_000,
      live_fee_override_cents: null,
      live_fee_cents: 0,
      total_cents: 21_000,
    });
  });

  it('the same values again change nothing', async () => {
    const id = g.invoiceIds[1]!;
    const before = await stored(t, id);
    const res = await send(id, [{ lotId: g.lotIds[3], buyersPremium: 10 }], { version: before.invoice.version }).expect(200);
    expect(res.body.data.attributes).toMatchObject({ changed: false, version: before.invoice.version });
    expect(await stored(t, id)).toEqual(before);
  });

  it('refuses other channels, lots not won on the Floor, paid and pending invoices; changes nothing', async () => {
    const online = g.invoiceIds[0]!;
    let before = await fingerprint(t, online);
    expect((await send(online, [{ lotId: g.lotIds[0], hammer: 1 }]).expect(409)).body).toEqual({
      statusCode: 409,
      code: 'NOT_ALLOWED',
      message: FLOOR_TEXT.notFloor,
    });
    expect(await fingerprint(t, online)).toBe(before);

    const fresh = await smallGroup(t, houses.a.id);
    const id = fresh.invoiceIds[1]!;
    await exec(t, `update invoice_line set channel = 'INV' where id = ?`, [fresh.lineIds[4]]);
    expect((await send(id, [{ lotId: fresh.lotIds[4], hammer: 1 }]).expect(409)).body.message).toBe(FLOOR_TEXT.lotNotFloor('Lot 5'));
    await exec(t, `update invoice set online_payment_stat = 'u' where id = ?`, [id]);
    expect((await send(id, [{ lotId: fresh.lotIds[3], hammer: 1 }]).expect(409)).body.message).toBe(FLOOR_TEXT.pending);
    await exec(t, `update invoice set online_payment_stat = null where id = ?`, [id]);
    await exec(t, 'update invoice_line set channel = null where id = ?', [fresh.lineIds[4]]);
    await payLines(t, houses.a.id, id, [fresh.lineIds[4]]);
    before = await fingerprint(t, id);
    expect((await send(id, [{ lotId: fresh.lotIds[3], hammer: 1 }]).expect(409)).body.message).toBe(FLOOR_TEXT.paid);
    expect((await send(id, [{ lotId: fresh.lotIds[4], hammer: 1 }]).expect(409)).body.message).toBe(FLOOR_TEXT.lotPaid('Lot 5'));
    expect(await fingerprint(t, id)).toBe(before);
  });

  it('refuses a malformed body, a mismatched id, a lot of another invoice, with field messages', async () => {
    const id = g.invoiceIds[1]!;
    const before = await fingerprint(t, id);
    const url = `/app/house/${houses.a.houseRef}/invoice/${id}`;
    expect((await patch(a, url, {}).expect(400)).body.errors).toEqual({ data: FLOOR_TEXT.data });
    expect(
      (
        await patch(a, url, { data: { type: 'invoice', id: id + 1, attributes: { invoiceDetails: [{ lotId: 1, hammer: 1 }] } } }).expect(
          400,
        )
      ).body.errors,
    ).toEqual({ 'data.id': FLOOR_TEXT.id });
    const bad = await send(id, [{ lotId: g.lotIds[3], hammer: '-5' }]).expect(400);
    expect(bad.body.errors).toEqual({
      'data.attributes.invoiceDetails[0].hammer': 'Hammer must be a number of at least 0 with no more than two decimals.',
    });
    expect((await send(id, [{ lotId: g.lotIds[0], hammer: 1 }]).expect(400)).body.errors).toEqual({
      'data.attributes.invoiceDetails[0].lotId': FLOOR_TEXT.notOnInvoice,
    });
    expect((await send(id, [{ lotId: g.lotIds[3] }]).expect(400)).body.message).toBe(FLOOR_TEXT.nothing);
    expect((await patch(a, `/app/house/${houses.a.houseRef}/invoice/abc`, {}).expect(404)).body).toEqual({
      statusCode: 404,
      code: 'INVOICE_NOT_FOUND',
      message: 'Invoice not found.',
    });
    expect((await send(99_999_999, [{ lotId: 1, hammer: 1 }]).expect(404)).body.code).toBe('INVOICE_NOT_FOUND');
    expect(await fingerprint(t, id)).toBe(before);
  });

  it('the headers: channel must be Floor when sent (header or body), the house user must be the caller', async () => {
    const id = g.invoiceIds[1]!;
    const before = await fingerprint(t, id);
    expect((await send(id, [{ lotId: g.lotIds[3], hammer: 1 }], { headers: { channel: 'INV' } }).expect(400)).body.errors).toEqual({
      channel: FLOOR_TEXT.channelHeader,
    });
    expect((await send(id, [{ lotId: g.lotIds[3], hammer: 1 }], { extra: { channel: 'PL' } }).expect(400)).body.errors).toEqual({
      channel: FLOOR_TEXT.channelHeader,
    });
    expect((await send(id, [{ lotId: g.lotIds[3], hammer: 1 }], { headers: { houseUser: 'someone-else' } }).expect(403)).body).toEqual({
      statusCode: 403,
      code: 'HOUSE_USER_MISMATCH',
      message: HOUSE_USER_TEXT,
    });
    expect((await send(id, [{ lotId: g.lotIds[3], hammer: 1 }], { headers: { Authorization: 'H-OTHER*' } }).expect(403)).body.code).toBe(
      'HOUSE_MISMATCH',
    );
    expect(await fingerprint(t, id)).toBe(before);
    await send(id, [{ lotId: g.lotIds[3], hammer: 1 }], { extra: { channel: 'Floor' } }).expect(200);
  });

  it('a stale version answers 409; needs accessInvoices', async () => {
    const id = g.invoiceIds[1]!;
    const v = (await stored(t, id)).invoice.version as number;
    expect((await send(id, [{ lotId: g.lotIds[3], hammer: 2 }], { version: v - 1 }).expect(409)).body).toEqual({
      statusCode: 409,
      code: 'STALE_VERSION',
      message: STALE_TEXT,
    });
    const none = await signIn(t.server, 'house-a', 'none');
    expect(
      (await send(id, [{ lotId: g.lotIds[3], hammer: 2 }], { s: none, headers: { houseUser: 'none' } }).expect(403)).body.message,
    ).toBe(PERMISSION_DENIED_TEXT);
  });
});
