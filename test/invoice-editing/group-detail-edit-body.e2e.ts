import { DELIVERY_TEXT } from '../../src/modules/invoicing/editing/group-detail-edits/delivery-mode.rules';
import { VARIANT_TEXT } from '../../src/modules/invoicing/editing/group-detail-edits/group-detail-edits.controller';
import { NOTES_TEXT } from '../../src/modules/invoicing/editing/group-detail-edits/notes.rules';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import type { FactoryGroup } from '../invoice-details/factory';
import { fingerprint, post, smallGroup } from './support';

/**
 * The body of `POST invoiceGroup/{id}/groupDetailInfo` is a declared DTO (group-detail-edit.dto.ts):
 * the four wrapper keys and the flat form's fields, each flat field checked by its variant's reader.
 * A key the call does not take answers UNKNOWN_FIELDS like on every DTO.
 */
describe('POST groupDetailInfo: the declared body (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let g: FactoryGroup;

  const edit = (body: unknown) => post(a, `/app/house/${houses.a.houseRef}/invoiceGroup/${g.groupId}/groupDetailInfo`, body);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    g = await smallGroup(t, houses.a.id);
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('a key the call does not take: 400 UNKNOWN_FIELDS naming it (flat and wrapped); nothing changes', async () => {
    const id = g.invoiceIds[0]!;
    const before = await fingerprint(t, id);
    expect((await edit({ invoiceID: id, notes: 'x', colour: 'red' }).expect(400)).body).toMatchObject({
      code: 'UNKNOWN_FIELDS',
      message: 'Unknown field(s): colour.',
    });
    expect((await edit({ invoiceNotes: { invoiceID: id, notes: 'x' }, colour: 'red' }).expect(400)).body).toMatchObject({
      code: 'UNKNOWN_FIELDS',
      message: 'Unknown field(s): colour.',
    });
    expect(await fingerprint(t, id)).toBe(before);
  });

  it("a flat entry's fields answer their variant's words; a key of another variant is not its field", async () => {
    expect((await edit({ invoiceID: 'x', notes: ' ' }).expect(400)).body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invoice id must be a positive whole number.',
      errors: { invoiceID: 'Invoice id must be a positive whole number.', notes: NOTES_TEXT.required },
    });
    expect((await edit({ invoiceID: g.invoiceIds[0], deliveryMode: 'drone', version: 0 }).expect(400)).body.errors).toEqual({
      version: 'Version must be a positive whole number.',
      deliveryMode: DELIVERY_TEXT.mode,
    });
    expect((await edit({ invoiceID: g.invoiceIds[0], notes: 'x', suppress: true }).expect(400)).body.errors).toEqual({
      suppress: 'Unknown field.',
    });
  });

  it('the wrapped entries and the choice of variant stay with the rules', async () => {
    expect((await edit({ invoiceID: g.invoiceIds[0] }).expect(400)).body.errors).toEqual({ body: VARIANT_TEXT.which });
    expect((await edit({ invoiceNotes: [], invoiceItemDeliveryModes: [] }).expect(400)).body.errors).toEqual({
      invoiceItemDeliveryModes: VARIANT_TEXT.one,
    });
    expect((await edit({ invoiceNotes: [{ invoiceID: g.invoiceIds[0], notes: '' }] }).expect(400)).body.errors).toEqual({
      'invoiceNotes[0].notes': NOTES_TEXT.required,
    });
  });
});
