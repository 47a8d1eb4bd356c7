import { VAT_TEXT } from '@ar/rules';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// The house's VAT rate (docs/decisions.md, "VAT rate on the Locations page"): GET/PUT /api/house-tax
// over HTTP on the real database: its rule and texts, its access flag, one house's row only.

describe('house VAT rate: /api/house-tax (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  const stored = async (houseId: number) =>
    (await t.em().getConnection().execute('select vat_rate from house where id = ?', [houseId]))[0].vat_rate as number | null;
  const put = (s: SignedIn, body: object) => s.agent.put('/api/house-tax').set('X-CSRF-Token', s.csrf).send(body);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('answers none, saves a rate exactly (thousandths of a percent) and clears it when blank', async () => {
    expect((await owner.agent.get('/api/house-tax').expect(200)).body).toEqual({ id: houses.a.houseRef, vatRate: null });
    expect((await put(owner, { vatRate: ' 8.875 ' }).expect(200)).body).toEqual({ id: houses.a.houseRef, vatRate: '8.875' });
    expect(await stored(houses.a.id)).toBe(8_875);
    await put(owner, { id: houses.a.houseRef, vatRate: '17.50' }).expect(200);
    expect((await owner.agent.get('/api/house-tax').expect(200)).body.vatRate).toBe('17.5');
    expect(await stored(houses.a.id)).toBe(17_500);
    expect(await stored(houses.b.id)).toBeNull();
    await put(owner, { vatRate: '' }).expect(200);
    expect(await stored(houses.a.id)).toBeNull();
    await put(owner, { vatRate: '0' }).expect(200);
    expect(await stored(houses.a.id)).toBe(0);
  });

  it('refuses a rate outside 0-100 or with more than three decimals with the field text, changing nothing', async () => {
    await put(owner, { vatRate: '20' }).expect(200);
    for (const [vatRate, text] of [
      ['100.001', VAT_TEXT.range],
      ['-1', VAT_TEXT.range],
      ['1.2345', VAT_TEXT.format],
      ['twenty', VAT_TEXT.format],
    ]) {
      const r = await put(owner, { vatRate }).expect(400);
      expect(r.body.errors).toEqual({ vatRate: text });
    }
    // Typed as text: a JSON number is a bad request too.
    await put(owner, { vatRate: 20 }).expect(400);
    expect(await stored(houses.a.id)).toBe(20_000);
  });

  it("needs accessSensitive to change, and changes only the caller's house", async () => {
    const calendarOnly = await signIn(t.server, 'house-a', 'accessCalendar');
    expect((await calendarOnly.agent.get('/api/house-tax').expect(200)).body.vatRate).toBe('20');
    await put(calendarOnly, { vatRate: '5' }).expect(403);
    const ownerB = await signIn(t.server, 'house-b', 'owner');
    expect((await put(ownerB, { vatRate: '7' }).expect(200)).body).toEqual({ id: houses.b.houseRef, vatRate: '7' });
    expect([await stored(houses.a.id), await stored(houses.b.id)]).toEqual([20_000, 7_000]);
  });
});
