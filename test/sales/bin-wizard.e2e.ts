import { BIN_TEXT, defaultBinTerms, stepTrackerValue, type WizardMoment } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { HouseContact } from '../../src/modules/houses/staff/house-contact.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// The buy-now wizard's step 1 calls (spec 001 section 7 "Bin step 1") over HTTP on the real
// database: shapes, every message through the server, access (accessCalendar) and tenancy.

describe('bin wizard step 1 calls (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let calendarOnly: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  const ids: Record<string, number> = {};

  const post = (s: SignedIn, url: string, body: unknown) =>
    s.agent
      .post(url)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const group = (call: string, gid = ids.bin, ref = houses.a.houseRef) => `/app/house/${ref}/bin/group/${gid}/${call}`;
  const goodTerms = () => defaultBinTerms().map((x, i) => (i < 2 ? { ...x, termText: `Text ${i}` } : x));

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    const em = t.em();
    const bin = em.create(AuctionGroup, { house: houses.a.id, groupName: 'Buy Now', isLive: false });
    const live = em.create(AuctionGroup, { house: houses.a.id, groupName: 'Live sale' });
    const bBin = em.create(AuctionGroup, { house: houses.b.id, groupName: 'B Buy Now', isLive: false });
    const session = (house: number, g: AuctionGroup, saleType: 'bin' | 'live') =>
      em.create(Catalog, { house, group: g, catalogRef: newRef('C'), title: 'S', saleType, eventDate: new Date(Date.now() + 9e8) });
    const binSession = session(houses.a.id, bin, 'bin');
    const liveSession = session(houses.a.id, live, 'live');
    const bSession = session(houses.b.id, bBin, 'bin');
    const consign = em.create(HouseContact, { house: houses.a.id, contactType: 1, firstName: 'Pat', lastName: 'Consign' });
    const expert = em.create(HouseContact, { house: houses.a.id, contactType: 4, firstName: 'Pat', lastName: 'Expert' });
    const bConsign = em.create(HouseContact, { house: houses.b.id, contactType: 1, firstName: 'Pat', lastName: 'Other' });
    await em.flush();
    Object.assign(ids, {
      bin: bin.id,
      live: live.id,
      bBin: bBin.id,
      binSession: binSession.id,
      liveSession: liveSession.id,
      bSession: bSession.id,
      consign: consign.id,
      expert: expert.id,
      bConsign: bConsign.id,
    });
    owner = await signIn(t.server, 'house-a', 'owner');
    calendarOnly = await signIn(t.server, 'house-a', 'accessCalendar');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  it('payments: the four cards, none selected until saved; at least one required', async () => {
    const res = await calendarOnly.agent.get(group('payments')).expect(200);
    expect(res.body.data.paymentMethods).toEqual([
      { id: 3, name: 'Visa', selected: false },
      { id: 4, name: 'MasterCard', selected: false },
      { id: 5, name: 'Discover', selected: false },
      { id: 6, name: 'American Express', selected: false },
    ]);
    const bad = await post(calendarOnly, group('payments'), []).expect(400);
    expect(bad.body.errors).toEqual({ paymentMethods: BIN_TEXT.paymentRequired });
    expect(bad.body.errors.paymentMethods).toBe('Please select at least one payment method');
    expect((await post(calendarOnly, group('payments'), [3, 99])).status).toBe(400);
    const ok = await post(calendarOnly, group('payments'), [6, 3]).expect(200);
    expect(ok.body.data.paymentMethods.filter((m: { selected: boolean }) => m.selected).map((m: { id: number }) => m.id)).toEqual([3, 6]);
  });

  it('shipTo: every country included until excluded; the excluded list is stored', async () => {
    const first = (await owner.agent.get(group('shipTo')).expect(200)).body.data.binShipTo;
    expect(first.exclude).toEqual([]);
    expect(first.include.length).toBeGreaterThan(200);
    expect(first.include[0]).toEqual({ countryCode: 'US', countryName: 'United States', selected: false });
    const saved = (await post(owner, `${group('shipTo')}?include=false`, ['FR', 'UK']).expect(200)).body.data.binShipTo;
    expect(saved.exclude.map((c: { countryCode: string }) => c.countryCode)).toEqual(['UK', 'FR']);
    expect(saved.include.some((c: { countryCode: string }) => c.countryCode === 'FR')).toBe(false);
    expect((await post(owner, `${group('shipTo')}?include=false`, ['ZZ'])).status).toBe(400);
    expect((await post(owner, `${group('shipTo')}?include=true`, ['FR'])).status).toBe(400);
    const again = (await owner.agent.get(group('shipTo')).expect(200)).body.data.binShipTo;
    expect(again.exclude).toHaveLength(2);
  });

  it('terms: six defaults, the first two required with title and text, titles up to 150', async () => {
    const res = await owner.agent.get(group('terms')).expect(200);
    expect(res.body.data.terms.map((x: { termTitle: string }) => x.termTitle)).toEqual([
      'Conditions of Sale',
      'Shipping',
      'Contract(s)',
      'Payment(s)',
      'Taxes',
      'Condition(s)',
    ]);
    const missing = await post(owner, group('terms'), defaultBinTerms()).expect(400);
    expect(missing.body.errors).toEqual({ 'terms.0.termText': 'Term text is required', 'terms.1.termText': 'Term text is required' });
    const long = goodTerms();
    long[3] = { ...long[3], termTitle: 'x'.repeat(151) };
    expect((await post(owner, group('terms'), long).expect(400)).body.errors).toEqual({
      'terms.3.termTitle': 'Term title must be 150 characters or less',
    });
    const noTitle = goodTerms();
    noTitle[0] = { ...noTitle[0], termTitle: '' };
    expect((await post(owner, group('terms'), noTitle).expect(400)).body.errors).toEqual({ 'terms.0.termTitle': 'Term title is required' });
    expect((await post(owner, group('terms'), goodTerms().slice(0, 5))).status).toBe(400);
    await post(owner, group('terms'), goodTerms()).expect(200);
    const back = (await owner.agent.get(group('terms')).expect(200)).body.data.terms;
    expect(back[1]).toMatchObject({ id: 2, active: true, termTitle: 'Shipping', termText: 'Text 1' });
  });

  it('invoice settings: each email message, each charge message, then saved and read back', async () => {
    expect((await owner.agent.get(group('invoiceSettings')).expect(200)).body.data.groupSettings).toEqual({
      groupID: ids.bin,
      subject: '',
      fromName: '',
      fromEmail: '',
      bccEmail: '',
      taxSettings: [],
    });
    const empty = await post(owner, group('invoiceSettings'), {}).expect(400);
    expect(empty.body.errors).toEqual({
      subject: 'Subject is required',
      fromName: 'Reply To Name is required',
      fromEmail: 'Reply To Email is required',
    });
    const base = { subject: 'Your invoice', fromName: 'Sales', fromEmail: 'sales@a.example', bccEmail: '' };
    const emails = await post(owner, group('invoiceSettings'), { ...base, fromEmail: 'x', bccEmail: 'y@' }).expect(400);
    expect(emails.body.errors).toEqual({ fromEmail: BIN_TEXT.email, bccEmail: 'Please enter a valid email address' });
    expect((await post(owner, group('invoiceSettings'), { ...base, fromName: 'n'.repeat(151) }).expect(400)).body.errors).toEqual({
      fromName: 'Reply To Name must be 150 characters or less',
    });
    const charges = await post(owner, group('invoiceSettings'), {
      ...base,
      taxSettings: [
        { taxType: '', taxRate: '0', taxCountryID: '' },
        { taxType: 'Sales tax', taxRate: '8.8751', taxCountryID: 'US', taxStateID: '' },
        { taxType: 'VAT', taxRate: '101', taxCountryID: 'FR' },
      ],
    }).expect(400);
    expect(charges.body.errors).toEqual({
      'taxSettings.0.taxType': 'Tax type is required',
      'taxSettings.0.taxRate': 'Rate % must be a number between 0-100%',
      'taxSettings.0.taxCountryID': 'Country is required',
      'taxSettings.1.taxRate': 'Please enter a valid number, up to three decimal places',
      'taxSettings.1.taxStateID': 'State is required',
      'taxSettings.2.taxRate': 'Rate % must be a number between 0-100%',
    });
    const ok = await post(owner, group('invoiceSettings'), {
      ...base,
      bccEmail: 'copy@a.example',
      taxSettings: [
        { taxType: 'Sales tax', taxRate: 8.875, taxCountryID: 'US', taxStateID: 'NY' },
        { taxType: 'VAT', taxRate: '20', taxCountryID: 'FR', taxStateID: 'ignored' },
      ],
    }).expect(200);
    expect(ok.body.data.groupSettings).toEqual({
      groupID: ids.bin,
      ...base,
      bccEmail: 'copy@a.example',
      taxSettings: [
        { taxType: 'Sales tax', taxRate: '8.875', taxCountryID: 'US', taxStateID: 'NY' },
        { taxType: 'VAT', taxRate: '20', taxCountryID: 'FR', taxStateID: 'ALL' },
      ],
    });
  });

  it('contacts/independent: the three selectors on the bin session, only the house’s contacts of the right type', async () => {
    const url = `/cps/app/catalog/${ids.binSession}/contacts/independent`;
    const res = await post(owner, url, { contacts: { '1': ids.consign, '3': null, '4': ids.expert } }).expect(200);
    expect(res.body.data.contacts).toEqual({ '1': ids.consign, '3': null, '4': ids.expert });
    expect((await post(owner, url, { contacts: { '1': ids.bConsign } })).status).toBe(400);
    expect((await post(owner, url, { contacts: { '4': ids.consign } })).status).toBe(400);
    // A live session is not a bin session.
    expect((await post(owner, `/cps/app/catalog/${ids.liveSession}/contacts/independent`, { contacts: {} })).status).toBe(404);
    expect((await post(owner, `/cps/app/catalog/${ids.bSession}/contacts/independent`, { contacts: {} })).status).toBe(404);
    expect((await post(none, url, { contacts: {} })).status).toBe(403);
  });

  it('step tracker: each buy-now moment’s value (spec 001 section 4) is recorded and read back; 6 and other houses refused', async () => {
    const url = `/cps/app/diy-step-tracker/${ids.binSession}`;
    const moments: [WizardMoment, boolean, number][] = [
      ['details', false, 2],
      ['addSingleItem', false, 5],
      ['items', false, 3],
      ['images', false, 4],
      ['preview', false, 5],
      ['items', true, 5],
    ];
    for (const [moment, fromSummary, step] of moments) {
      expect(stepTrackerValue('bin', moment, fromSummary)).toBe(step);
      expect((await post(owner, url, { step }).expect(200)).body).toEqual({ data: { steptracker: step } });
      expect((await owner.agent.get(url).expect(200)).body).toEqual({ data: { steptracker: step } });
    }
    // From the summary step 1 records nothing: the tracker is left at 5.
    expect(stepTrackerValue('bin', 'details', true)).toBeNull();
    const six = await post(owner, url, { step: 6 }).expect(400);
    expect(six.body.errors).toEqual({ step: 'Step must be between 1 and 5' });
    expect((await post(ownerB, url, { step: 3 })).status).toBe(404);
    expect((await none.agent.get(url)).status).toBe(403);
    expect((await owner.agent.get(url).expect(200)).body.data.steptracker).toBe(5);
  });

  it('denies users without accessCalendar (403) and answers 404 for another house’s or a live sale’s group', async () => {
    for (const call of ['payments', 'shipTo', 'terms', 'invoiceSettings']) {
      expect((await none.agent.get(group(call))).status).toBe(403);
      expect((await owner.agent.get(group(call, ids.bBin))).status).toBe(404);
      expect((await owner.agent.get(group(call, ids.live))).status).toBe(404);
      expect((await ownerB.agent.get(group(call, ids.bin, houses.b.houseRef))).status).toBe(404);
      expect((await ownerB.agent.get(group(call, ids.bin))).status).toBe(404);
      expect((await owner.agent.get(group(call).replace(`/group/${ids.bin}/`, '/group/abc/'))).status).toBe(404);
    }
    expect((await post(none, group('payments'), [3])).status).toBe(403);
    expect((await post(ownerB, group('payments', ids.bin, houses.b.houseRef), [3])).status).toBe(404);
    expect((await post(owner, group('terms', ids.bBin), goodTerms())).status).toBe(404);
    expect((await post(owner, `${group('shipTo', ids.live)}?include=false`, [])).status).toBe(404);
    expect((await post(owner, group('invoiceSettings', ids.bBin), {})).status).toBe(404);
    // Nothing was written to house B's sale.
    expect(
      (await ownerB.agent.get(group('payments', ids.bBin, houses.b.houseRef)).expect(200)).body.data.paymentMethods.some(
        (m: { selected: boolean }) => m.selected,
      ),
    ).toBe(false);
  });
});
