import { House } from '../../src/modules/houses/house.entity';
import { TEMPLATE_USAGE, TemplateUsage } from '../../src/modules/invoicing/templates/template-ports';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { payload, postSettings, settingsUrl, templateRows } from './support';

const READ_ONLY = 'This template is no longer active and cannot be changed.';

/** Card-processor (payrixTemplate) templates: a house with processor p, enrolled with the processor. */
describe('invoice templates of a card-processor house (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  const ukVat = {
    taxType: 'VAT',
    taxRate: '20',
    taxCountryID: 'GB',
    taxStateID: 'ALL',
    taxHammer: true,
    taxLiveFee: true,
    taxPremium: true,
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { processorType: 'p', payrixEligible: true });
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t.close());

  const ref = () => houses.a.houseRef;
  const get = (id: number) => owner.agent.get(`${settingsUrl(ref())}?groupSettingsID=${id}`);
  const setHouse = (values: Partial<House>) => t.em().nativeUpdate(House, { id: houses.a.id }, values);

  it('the new-template defaults are a card-processor template', async () => {
    const res = await owner.agent.get(settingsUrl(ref())).expect(200);
    expect(res.body.data.groupSettings).toMatchObject({ payrixTemplate: true, active: true, additionalChargesPerInvoice: true });
  });

  it('refuses a US tax row (US sales tax is automatic), keyed at the row', async () => {
    const before = await templateRows(t, houses.a.id);
    const res = await postSettings(owner, ref(), payload()).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please correct the errors noted and try saving again.',
      errors: {
        'taxSettings.0.taxCountryID':
          'US sales tax is calculated automatically for card-processor templates; the United States cannot be chosen here.',
      },
    });
    expect(await templateRows(t, houses.a.id)).toBe(before);
  });

  it('takes other countries, ALL and US fees; answers the UK as GB, the card-processor list spelling', async () => {
    const res = await postSettings(
      owner,
      ref(),
      payload({
        taxSettings: [ukVat, { taxType: 'Sales', taxRate: '5', taxCountryID: 'ALL', taxStateID: 'ALL', taxHammer: true }],
        feeSettings: [{ feeType: 'Card fee', feeRate: '3', feeCountryID: 'US', feeStateID: 'NY', feeHammer: true }],
      }),
    ).expect(200);
    const id = res.body.data.data.groupSettingsID;
    const g = (await get(id).expect(200)).body.data.groupSettings;
    expect(g).toMatchObject({ payrixTemplate: true, active: true, taxSettingsLocked: false });
    expect(g.taxSettings.map((r: { taxCountryID: string; taxCountry: string }) => [r.taxCountryID, r.taxCountry])).toEqual([
      ['GB', 'GB'],
      ['ALL', 'ALL'],
    ]);
    expect(g.feeSettings[0]).toMatchObject({ feeCountryID: 'US', feeStateID: 'NY' });
    const stored = await t
      .em()
      .getConnection()
      .execute('select country_code from template_tax_row where template_id = ? order by sequence', [id]);
    expect(stored).toEqual([{ country_code: 'UK' }, { country_code: 'ALL' }]);
    const list = await owner.agent.get(`/app/house/${ref()}/invoiceSettings`).expect(200);
    expect(list.body.data.invoiceSettings).toContainEqual({ id, name: 'Spring Sale', payrixTemplate: true, active: true });
    // Posting back what GET answered saves as is.
    await postSettings(owner, ref(), { ...g, subject: 'Echoed' }).expect(200);
  });

  describe('once invoices exist for a sale using the template (stubbed usage: no invoice tables yet)', () => {
    let id: number;
    let spy: jest.SpyInstance;

    beforeAll(async () => {
      id = (await postSettings(owner, ref(), payload({ groupName: 'Invoiced', taxSettings: [ukVat] })).expect(200)).body.data.data
        .groupSettingsID;
      const usage = t.app.get<TemplateUsage>(TEMPLATE_USAGE, { strict: false });
      spy = jest.spyOn(usage, 'hasInvoices').mockImplementation(async (templateId) => templateId === id);
    });
    afterAll(() => spy.mockRestore());

    it('GET says the taxes are locked', async () => {
      expect((await get(id)).body.data.groupSettings.taxSettingsLocked).toBe(true);
    });

    it('a changed or added tax is refused; other fields still save', async () => {
      const before = await templateRows(t, houses.a.id);
      const changed = await postSettings(
        owner,
        ref(),
        payload({ groupSettingsID: id, groupName: 'Invoiced', taxSettings: [{ ...ukVat, taxRate: '17.5' }] }),
      ).expect(400);
      expect(changed.body.errors).toEqual({
        'taxSettings.0.taxType': 'Taxes cannot be changed or added once invoices exist for a sale using this template.',
      });
      const added = await postSettings(
        owner,
        ref(),
        payload({ groupSettingsID: id, groupName: 'Invoiced', taxSettings: [ukVat, { ...ukVat, taxCountryID: 'FR', taxStateID: '' }] }),
      ).expect(400);
      expect(added.body.errors).toEqual({
        'taxSettings.1.taxType': 'Taxes cannot be changed or added once invoices exist for a sale using this template.',
      });
      expect(await templateRows(t, houses.a.id)).toBe(before);
      await postSettings(
        owner,
        ref(),
        payload({ groupSettingsID: id, groupName: 'Invoiced', subject: 'Still editable', taxSettings: [ukVat] }),
      ).expect(200);
      expect((await get(id)).body.data.groupSettings.subject).toBe('Still editable');
    });
  });

  describe('an inactive card-processor template is read-only', () => {
    let id: number;

    beforeAll(async () => {
      id = (await postSettings(owner, ref(), payload({ groupName: 'Retired', taxSettings: [ukVat] })).expect(200)).body.data.data
        .groupSettingsID;
    });

    it('retiring it (active false) is a save like any other', async () => {
      const rec = (await owner.agent.get(`/api/invoice-templates/${id}`).expect(200)).body;
      const res = await owner.agent
        .put(`/api/invoice-templates/${id}`)
        .set('X-CSRF-Token', owner.csrf)
        .send({ ...rec, active: false })
        .expect(200);
      expect(res.body).toMatchObject({ active: false, payrixTemplate: true });
      const list = await owner.agent.get(`/app/house/${ref()}/invoiceSettings`).expect(200);
      expect(list.body.data.invoiceSettings).toContainEqual({ id, name: 'Retired', payrixTemplate: true, active: false });
    });

    it('refuses every save and the delete with 409 and a clear message, changing nothing', async () => {
      const before = await templateRows(t, houses.a.id);
      const g = (await get(id).expect(200)).body.data.groupSettings;
      expect(g.active).toBe(false);
      for (const res of [
        await postSettings(owner, ref(), { ...g, subject: 'Edited' }),
        await postSettings(owner, ref(), { ...g, active: true }),
        await owner.agent
          .put(`/api/invoice-templates/${id}`)
          .set('X-CSRF-Token', owner.csrf)
          .send({ ...g, active: true }),
        await owner.agent.delete(`/api/invoice-templates/${id}`).set('X-CSRF-Token', owner.csrf),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ statusCode: 409, code: 'TEMPLATE_READ_ONLY', message: READ_ONLY });
      }
      expect(await templateRows(t, houses.a.id)).toBe(before);
    });
  });

  describe('when the house leaves the card processor', () => {
    let cardId: number;
    let plainId: number;

    beforeAll(async () => {
      cardId = (await postSettings(owner, ref(), payload({ groupName: 'Card era', taxSettings: [ukVat] })).expect(200)).body.data.data
        .groupSettingsID;
      await setHouse({ payrixEligible: false });
      plainId = (await postSettings(owner, ref(), payload({ groupName: 'After card era' })).expect(200)).body.data.data.groupSettingsID;
    });
    afterAll(() => setHouse({ payrixEligible: true }));

    it('its card-processor templates become inactive and read-only', async () => {
      expect((await get(cardId)).body.data.groupSettings).toMatchObject({ payrixTemplate: true, active: false });
      const res = await postSettings(
        owner,
        ref(),
        payload({ groupSettingsID: cardId, groupName: 'Card era', taxSettings: [ukVat] }),
      ).expect(409);
      expect(res.body.message).toBe(READ_ONLY);
    });

    it('new templates are ordinary ones, US taxes allowed', async () => {
      expect((await get(plainId)).body.data.groupSettings).toMatchObject({ payrixTemplate: false, active: true });
      expect((await get(plainId)).body.data.groupSettings.taxSettings[0]).toMatchObject({ taxCountryID: 'US', taxStateID: 'NY' });
    });

    it('a processor other than p is not card-processor mode either, even when enrolled', async () => {
      await setHouse({ payrixEligible: true, processorType: 's' });
      try {
        expect((await owner.agent.get(settingsUrl(ref()))).body.data.groupSettings.payrixTemplate).toBe(false);
        expect((await get(cardId)).body.data.groupSettings.active).toBe(false);
      } finally {
        await setHouse({ processorType: 'p' });
      }
      expect((await get(cardId)).body.data.groupSettings.active).toBe(true);
    });
  });
});
