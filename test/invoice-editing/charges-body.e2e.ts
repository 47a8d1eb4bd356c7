import { CHARGES_TEXT, MAX_CHARGE_BODIES } from '../../src/modules/invoicing/editing/charges/charges.rules';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import type { FactoryGroup } from '../invoice-details/factory';
import { fingerprint, post, smallGroup } from './support';

/**
 * The body of `POST additionalCharges` is a declared DTO (charges.dto.ts), one form or a list of them
 * (`@OneOrManyBody`): each form of a list is checked on its own, keyed `[i].field` as before, with the
 * rules' messages; a field the call does not take is UNKNOWN_FIELDS like on every DTO.
 */
describe('POST additionalCharges: the declared body (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let g: FactoryGroup;

  const charges = (body: unknown) => post(a, `/app/house/${houses.a.houseRef}/additionalCharges`, body);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    g = await smallGroup(t, houses.a.id);
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('a list: every form checked, each message under its index; nothing changes', async () => {
    const id = g.invoiceIds[0]!;
    const before = await fingerprint(t, id);
    const res = await charges([
      { invoiceID: id, lotID: g.lotIds[0], shipping: 1 },
      { invoiceID: 'x', lotID: g.lotIds[1], paid: 'maybe', other: '1.234' },
    ]).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invoice id must be a positive whole number.',
      errors: {
        '[1].invoiceID': 'Invoice id must be a positive whole number.',
        '[1].paid': 'Paid must be true or false.',
        '[1].other': 'Other must be a number with no more than two decimals.',
      },
    });
    expect(await fingerprint(t, id)).toBe(before);
  });

  it('a list whose forms pass the DTO still meets the rules across forms', async () => {
    const id = g.invoiceIds[0]!;
    const res = await charges([
      { invoiceID: id, lotID: g.lotIds[0], shipping: 1 },
      { invoiceID: id, lotID: g.lotIds[0], shipping: 2 },
    ]).expect(400);
    expect(res.body.errors).toEqual({ lotID: CHARGES_TEXT.twice(g.lotIds[0]!) });
    expect((await charges([]).expect(400)).body.errors).toEqual({ body: CHARGES_TEXT.emptyList });
    const tooMany = Array.from({ length: MAX_CHARGE_BODIES + 1 }, () => ({ invoiceID: id, shipping: 1 }));
    expect((await charges(tooMany).expect(400)).body.errors).toEqual({ body: CHARGES_TEXT.tooMany });
  });

  it('an amount too large and a bad version answer the rules’ words on the single form', async () => {
    const res = await charges({ invoiceID: g.invoiceIds[0], lotID: g.lotIds[0], version: 0, tax: 10_000_000 }).expect(400);
    expect(res.body.errors).toEqual({
      version: 'Version must be a positive whole number.',
      tax: 'Tax must be at most 9,999,999.99.',
    });
  });

  it('a field the call does not take: 400 UNKNOWN_FIELDS naming it, in a list too', async () => {
    const form = { invoiceID: g.invoiceIds[0], lotID: g.lotIds[0], shipping: 1 };
    expect((await charges({ ...form, colour: 'red' }).expect(400)).body).toMatchObject({
      code: 'UNKNOWN_FIELDS',
      message: 'Unknown field(s): colour.',
    });
    expect((await charges([form, { ...form, colour: 'red' }]).expect(400)).body).toMatchObject({
      code: 'UNKNOWN_FIELDS',
      message: 'Unknown field(s): [1].colour.',
    });
  });
});
