import { FLOOR_TEXT } from '../../src/modules/invoicing/editing/floor-edit/floor-edit.rules';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import type { FactoryGroup } from '../invoice-details/factory';
import { fingerprint, patch, smallGroup } from './support';

/**
 * The body of the Floor edit (`PATCH /app/house/{houseRef}/invoice/{id}`) is a declared DTO
 * (floor-edit.dto.ts): `data` and `channel`, in the rules' words; anything else is UNKNOWN_FIELDS.
 */
describe('PATCH invoice/{id} (Floor edit): the declared body (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let g: FactoryGroup;

  const url = (id: number) => `/app/house/${houses.a.houseRef}/invoice/${id}`;
  const envelope = (id: number) => ({ type: 'invoice', id, attributes: { invoiceDetails: [{ lotId: g.lotIds[3], hammer: 1 }] } });

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    g = await smallGroup(t, houses.a.id);
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('a key the call does not take: 400 UNKNOWN_FIELDS naming it; nothing changes', async () => {
    const id = g.invoiceIds[1]!;
    const before = await fingerprint(t, id);
    expect((await patch(a, url(id), { data: envelope(id), meta: {} }).expect(400)).body).toMatchObject({
      code: 'UNKNOWN_FIELDS',
      message: 'Unknown field(s): meta.',
    });
    expect(await fingerprint(t, id)).toBe(before);
  });

  it('data that is not an object and a channel other than Floor are answered together, in the rules’ words', async () => {
    const id = g.invoiceIds[1]!;
    expect((await patch(a, url(id), { data: 'invoice', channel: 'PL' }).expect(400)).body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: FLOOR_TEXT.data,
      errors: { data: FLOOR_TEXT.data, channel: FLOOR_TEXT.channelHeader },
    });
    expect((await patch(a, url(id), { data: envelope(id), channel: ' floor ' }).expect(200)).body.data).toMatchObject({ type: 'invoice' });
  });
});
