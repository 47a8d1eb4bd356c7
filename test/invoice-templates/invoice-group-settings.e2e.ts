import request from 'supertest';
import { TEMPLATE_USAGE, TemplateUsage } from '../../src/modules/invoicing/templates/template-ports';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { payload, postSettings, seedAddress, settingsUrl, templateRows } from './support';

const SUMMARY = 'Please correct the errors noted and try saving again.';

describe('invoice templates: the documented calls (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let addressA: number;
  let addressB: number;
  let deletedAddressA: number;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em()); // processor p, not enrolled: ordinary templates
    addressA = await seedAddress(t.em(), houses.a.id, 'Main hall');
    deletedAddressA = await seedAddress(t.em(), houses.a.id, 'Old barn', true);
    addressB = await seedAddress(t.em(), houses.b.id, 'B hall');
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t.close());

  const ref = () => houses.a.houseRef;
  const get = (id?: number | string) => owner.agent.get(`${settingsUrl(ref())}${id === undefined ? '' : `?groupSettingsID=${id}`}`);
  async function create(over: Record<string, unknown> = {}): Promise<number> {
    const res = await postSettings(owner, ref(), payload(over));
    expect(res.status).toBe(200);
    return res.body.data.data.groupSettingsID;
  }

  describe('GET invoiceGroupSettings without a template: the new-template defaults', () => {
    it.each([[undefined], [''], ['0']])(
      'groupSettingsID=%j answers the blank form, per invoice, with the two default messages',
      async (id) => {
        const res = await get(id).expect(200);
        expect(res.body).toEqual({
          data: {
            groupSettings: {
              groupSettingsID: 0,
              groupName: '',
              subject: '',
              fromName: '',
              fromEmail: '',
              bccEmail: '',
              houseAddressID: null,
              additionalChargesPerInvoice: true,
              additionalChargesPerLot: false,
              taxSettings: [],
              feeSettings: [],
              messages: [
                { header: 'Payment Option(s)', detail: '', sequence: 1, isDefault: true },
                { header: 'Shipping Notes', detail: '', sequence: 2, isDefault: true },
              ],
              payPal: false,
              payPalEmail: '',
              invoiceGroupID: 0,
              payrixTemplate: false,
              active: true,
              version: null,
              taxSettingsLocked: false,
            },
          },
        });
      },
    );

    it('accepts the cache-busting _ parameter of the bin step and refuses a malformed id', async () => {
      await owner.agent.get(`${settingsUrl(ref())}?groupSettingsID=&_=1700000000000`).expect(200);
      const bad = await get('abc').expect(400);
      expect(bad.body.code).toBe('BAD_QUERY');
    });

    it('answers 404 for a template that does not exist', async () => {
      const res = await get(999999).expect(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'TEMPLATE_NOT_FOUND', message: 'Invoice template not found.' });
    });
  });

  describe('POST invoiceGroupSettings then GET: create and read back', () => {
    let id: number;

    it('creates a template with invoiceGroupID 0 and answers data.data.groupSettingsID', async () => {
      const res = await postSettings(owner, ref(), payload({ houseAddressID: addressA })).expect(200);
      expect(res.body).toEqual({ data: { data: { groupSettingsID: expect.any(Number), version: 1 } } });
      id = res.body.data.data.groupSettingsID;
    });

    it('GET answers every field in the spec names, rates exactly as typed (6.125, never 6.12499)', async () => {
      const res = await get(id).expect(200);
      expect(res.body.data.groupSettings).toEqual({
        groupSettingsID: id,
        groupName: 'Spring Sale',
        subject: 'Your invoice from Spring Sale',
        fromName: 'Accounts',
        fromEmail: 'accounts@example.com',
        bccEmail: 'copy@example.com',
        houseAddressID: addressA,
        additionalChargesPerInvoice: true,
        additionalChargesPerLot: false,
        taxSettings: [
          {
            taxType: 'Sales Tax',
            taxRate: '6.125',
            formattedTaxRate: '6.125',
            taxCountryID: 'US',
            taxCountry: 'US',
            taxStateID: 'NY',
            taxHammer: true,
            taxLiveFee: false,
            taxPremium: true,
          },
        ],
        feeSettings: [
          {
            feeType: 'Handling',
            feeRate: '2.500',
            formattedFeeRate: '2.500',
            feeCountryID: 'ALL',
            feeStateID: 'ALL',
            feeHammer: true,
            feeLiveFee: true,
            feePremium: false,
          },
        ],
        messages: [
          { header: 'Payment Option(s)', detail: 'Cards and wire', sequence: 1, isDefault: true },
          { header: 'Shipping Notes', detail: 'Ships in 5 days', sequence: 2, isDefault: true },
          { header: 'Pickup', detail: 'Saturdays', sequence: 3, isDefault: false },
        ],
        payPal: false,
        payPalEmail: '',
        invoiceGroupID: id,
        payrixTemplate: false,
        active: true,
        version: 1,
        taxSettingsLocked: false,
      });
      expect(res.text).toContain('"taxRate":"6.125"');
    });

    it('stores rates as integer thousandths of a percent', async () => {
      const rows = await t
        .em()
        .getConnection()
        .execute(
          'select rate from template_tax_row where template_id = ? union all select rate from template_fee_row where template_id = ?',
          [id, id],
        );
      expect(rows).toEqual([{ rate: 6125 }, { rate: 2500 }]);
    });

    it.each([
      ['0.001', '0.001'],
      [19.999, '19.999'],
      ['100', '100.000'],
      [0.1, '0.100'],
      ['33.333', '33.333'],
    ])('a rate of %j round-trips as %j', async (rate, shown) => {
      const newId = await create({
        groupName: `Rate ${rate}`,
        taxSettings: [{ taxType: 'VAT', taxRate: rate, taxCountryID: 'FR', taxHammer: true }],
      });
      const res = await get(newId).expect(200);
      expect(res.body.data.groupSettings.taxSettings[0]).toMatchObject({
        taxRate: shown,
        formattedTaxRate: shown,
        taxCountryID: 'FR',
        taxStateID: 'ALL',
      });
    });

    it('GET invoiceSettings lists the templates as { id, name, payrixTemplate } by name', async () => {
      const res = await owner.agent.get(`/app/house/${ref()}/invoiceSettings`).expect(200);
      const list: { id: number; name: string; payrixTemplate: boolean; active: boolean }[] = res.body.data.invoiceSettings;
      expect(list).toContainEqual({ id, name: 'Spring Sale', payrixTemplate: false, active: true });
      const names = list.map((s) => s.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    });

    it('saves an edit named by groupSettingsID with the loaded version, replacing every row at once', async () => {
      const loaded = (await get(id)).body.data.groupSettings;
      const res = await postSettings(owner, ref(), {
        ...loaded,
        subject: 'Updated subject',
        taxSettings: [
          {
            taxType: 'Sales Tax',
            taxRate: '8.875',
            taxCountryID: 'US',
            taxStateID: 'NY',
            taxHammer: true,
            taxLiveFee: true,
            taxPremium: true,
          },
          { taxType: 'GST', taxRate: '5', taxCountryID: 'CA', taxStateID: 'ON', taxHammer: true, taxLiveFee: false, taxPremium: false },
        ],
        feeSettings: [],
        messages: [
          { header: 'Payment Option(s)', detail: 'Cards only', sequence: 1 },
          { header: '', detail: 'dropped', sequence: 2 },
        ],
      }).expect(200);
      expect(res.body).toEqual({ data: { data: { groupSettingsID: id, version: 2 } } });
      const after = (await get(id)).body.data.groupSettings;
      expect(after).toMatchObject({
        subject: 'Updated subject',
        version: 2,
        feeSettings: [],
        messages: [{ header: 'Payment Option(s)', detail: 'Cards only', sequence: 1, isDefault: true }],
      });
      expect(after.taxSettings.map((r: { taxType: string; taxRate: string }) => [r.taxType, r.taxRate])).toEqual([
        ['Sales Tax', '8.875'],
        ['GST', '5.000'],
      ]);
      const counts = await t
        .em()
        .getConnection()
        .execute(
          `select (select count(*)::int from template_tax_row where template_id = ?) as taxes, (select count(*)::int from template_fee_row where template_id = ?) as fees, (select count(*)::int from template_message where template_id = ?) as messages`,
          [id, id, id],
        );
      expect(counts).toEqual([{ taxes: 2, fees: 0, messages: 1 }]);
    });

    it('refuses a stale version with 409 and the reload message, changing nothing', async () => {
      const before = await templateRows(t, houses.a.id);
      const res = await postSettings(owner, ref(), payload({ groupSettingsID: id, version: 1, subject: 'Lost update' })).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'TEMPLATE_STALE',
        message: 'This template was changed by someone else. Reload it to see their changes.',
      });
      expect(await templateRows(t, houses.a.id)).toBe(before);
    });

    it('two saves of the same version at once: one wins, the other gets 409', async () => {
      const version = (await get(id)).body.data.groupSettings.version;
      const [r1, r2] = await Promise.all([
        postSettings(owner, ref(), payload({ groupSettingsID: id, version, subject: 'First' })),
        postSettings(owner, ref(), payload({ groupSettingsID: id, version, subject: 'Second' })),
      ]);
      expect([r1.status, r2.status].sort()).toEqual([200, 409]);
      const winner = r1.status === 200 ? 'First' : 'Second';
      expect((await get(id)).body.data.groupSettings).toMatchObject({ subject: winner, version: version + 1 });
    });

    it("the bin step's partial payload (invoiceGroupID names the template; no fees or messages) keeps the fees and messages", async () => {
      const binId = await create({ groupName: 'Bin sale' });
      const res = await postSettings(owner, ref(), {
        invoiceGroupID: binId,
        groupName: 'Bin sale',
        houseAddressID: addressA,
        subject: 'Bin invoice',
        fromName: 'Bin desk',
        fromEmail: 'bin@example.com',
        bccEmail: '',
        taxSettings: [
          { taxType: 'VAT', taxRate: '20', taxCountryID: 'UK', taxStateID: 'ALL', taxHammer: true, taxLiveFee: true, taxPremium: true },
        ],
      }).expect(200);
      expect(res.body.data.data.groupSettingsID).toBe(binId);
      const after = (await get(binId)).body.data.groupSettings;
      expect(after).toMatchObject({ subject: 'Bin invoice', bccEmail: '', houseAddressID: addressA, additionalChargesPerLot: false });
      expect(after.taxSettings).toEqual([expect.objectContaining({ taxType: 'VAT', taxRate: '20.000', taxCountryID: 'UK' })]);
      expect(after.feeSettings).toHaveLength(1);
      expect(after.messages).toHaveLength(3);
    });

    it('refuses ids that name different templates', async () => {
      const res = await postSettings(owner, ref(), payload({ groupSettingsID: id, invoiceGroupID: id + 1 })).expect(400);
      expect(res.body.errors).toEqual({ invoiceGroupID: 'groupSettingsID and invoiceGroupID name different templates.' });
    });

    it('charges per invoice or per lot cannot change on an existing template', async () => {
      const res = await postSettings(
        owner,
        ref(),
        payload({ groupSettingsID: id, additionalChargesPerInvoice: false, additionalChargesPerLot: true }),
      ).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: SUMMARY,
        errors: { additionalChargesPerLot: 'Charges per Invoice or per Lot cannot be changed on an existing template.' },
      });
    });

    it('a per-lot template is created per lot and stays so', async () => {
      const lotId = await create({ groupName: 'Per lot', additionalChargesPerInvoice: false, additionalChargesPerLot: true });
      const res = await get(lotId).expect(200);
      expect(res.body.data.groupSettings).toMatchObject({ additionalChargesPerInvoice: false, additionalChargesPerLot: true });
    });

    it('an edit of an unknown template answers 404', async () => {
      await postSettings(owner, ref(), payload({ groupSettingsID: 999999 })).expect(404);
    });
  });

  describe('every rejection over HTTP: 400, the summary, the message under the field the form shows it at', () => {
    const tax = (over: Record<string, unknown>) => ({
      taxSettings: [{ taxType: 'Sales Tax', taxRate: '6', taxCountryID: 'US', taxStateID: 'NY', taxHammer: true, ...over }],
    });
    const fee = (over: Record<string, unknown>) => ({
      feeSettings: [{ feeType: 'Handling', feeRate: '1', feeCountryID: 'ALL', feeStateID: 'ALL', feeHammer: true, ...over }],
    });
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['name required', { groupName: '' }, 'groupName', 'Invoice template name is required'],
      ['name max 50', { groupName: 'x'.repeat(51) }, 'groupName', 'Invoice template name cannot be longer than 50 characters.'],
      ['subject required', { subject: ' ' }, 'subject', 'Email Subject is required'],
      ['subject max 72', { subject: 'x'.repeat(73) }, 'subject', 'Email Subject cannot be longer than 72 characters.'],
      ['reply-to name required', { fromName: '' }, 'fromName', 'Reply to Name is required'],
      ['reply-to email required', { fromEmail: '' }, 'fromEmail', 'Reply to Email is required'],
      ['reply-to email valid', { fromEmail: 'accounts' }, 'fromEmail', 'Valid Email is required'],
      ['BCC valid', { bccEmail: 'copy@' }, 'bccEmail', 'Valid Email is required'],
      ['BCC max 150', { bccEmail: `${'x'.repeat(140)}@example.com` }, 'bccEmail', 'BCC cannot be longer than 150 characters.'],
      ['tax country', tax({ taxCountryID: '' }), 'taxSettings.0.taxCountryID', 'Country is required'],
      ['tax rate', tax({ taxRate: '6.1234' }), 'taxSettings.0.taxRate', 'Please enter a valid tax rate %.'],
      ['tax rate negative', tax({ taxRate: -1 }), 'taxSettings.0.taxRate', 'Please enter a valid tax rate %.'],
      ['tax name', tax({ taxType: '' }), 'taxSettings.0.taxType', 'Charge type is required'],
      ['tax state (US)', tax({ taxStateID: '' }), 'taxSettings.0.taxStateID', 'State is required'],
      ['tax province (Canada)', tax({ taxCountryID: 'CA', taxStateID: '' }), 'taxSettings.0.taxStateID', 'Province is required'],
      [
        'tax boxes',
        tax({ taxHammer: false }),
        'taxSettings.0.taxHammer',
        'Tax Type is Required, Please select at least one Tax Type Check Box',
      ],
      ['fee country', fee({ feeCountryID: '' }), 'feeSettings.0.feeCountryID', 'Country is required'],
      ['fee rate', fee({ feeRate: 'abc' }), 'feeSettings.0.feeRate', 'Please enter a valid fee rate %.'],
      ['fee name', fee({ feeType: '' }), 'feeSettings.0.feeType', 'Charge type is required'],
      ['fee state (US)', fee({ feeCountryID: 'US', feeStateID: '' }), 'feeSettings.0.feeStateID', 'State is required'],
      ['fee province (Canada)', fee({ feeCountryID: 'CA', feeStateID: '' }), 'feeSettings.0.feeStateID', 'Province is required'],
      [
        'fee boxes',
        fee({ feeHammer: false }),
        'feeSettings.0.feeHammer',
        'Fee Type is Required, Please select at least one Fee Type Check Box',
      ],
      [
        'tax in fees',
        fee({ feeType: 'Sales TAX' }),
        'feeSettings.0.feeType',
        'Taxes cannot be entered in the fees section, please use the taxes section above.',
      ],
      [
        'unique sequences',
        {
          messages: [
            { header: 'A', sequence: 1 },
            { header: 'B', sequence: 1 },
          ],
        },
        'messages.1.sequence',
        'Sequence number must be unique',
      ],
      [
        'charges both ways',
        { additionalChargesPerInvoice: true, additionalChargesPerLot: true },
        'additionalChargesPerLot',
        'Please choose whether additional charges apply per Invoice or per Lot.',
      ],
      ["another house's location", {}, 'houseAddressID', 'Please select one of your locations.'],
      ['a deleted location', {}, 'houseAddressID', 'Please select one of your locations.'],
      ['an unknown country', tax({ taxCountryID: 'XX' }), 'taxSettings.0.taxCountryID', 'Please select a country from the list.'],
      ['an unknown state', tax({ taxStateID: 'ZZ' }), 'taxSettings.0.taxStateID', 'Please select a state from the list.'],
      ['PayPal without email', { payPal: true, payPalEmail: '' }, 'payPalEmail', 'PayPal Email is required'],
    ];

    it.each(cases)('%s', async (label, over, key, message) => {
      const extra =
        label === "another house's location"
          ? { houseAddressID: addressB }
          : label === 'a deleted location'
            ? { houseAddressID: deletedAddressA }
            : {};
      const before = await templateRows(t, houses.a.id);
      const res = await postSettings(owner, ref(), payload({ ...over, ...extra })).expect(400);
      expect(res.body.message).toBe(SUMMARY);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[key]).toBe(message);
      expect(await templateRows(t, houses.a.id)).toBe(before);
    });

    it('answers all the errors of a save at once', async () => {
      const res = await postSettings(
        owner,
        ref(),
        payload({
          groupName: '',
          fromEmail: 'x',
          taxSettings: [{ taxType: 'T', taxRate: '1', taxCountryID: 'US', taxHammer: true }, {}, { taxRate: 'bad' }],
        }),
      ).expect(400);
      expect(res.body.errors).toEqual({
        groupName: 'Invoice template name is required',
        fromEmail: 'Valid Email is required',
        'taxSettings.0.taxStateID': 'State is required',
        'taxSettings.2.taxRate': 'Please enter a valid tax rate %.',
        'taxSettings.2.taxCountryID': 'Country is required',
        'taxSettings.2.taxType': 'Charge type is required',
        'taxSettings.2.taxHammer': 'Tax Type is Required, Please select at least one Tax Type Check Box',
      });
    });

    it('ignores completely empty rows and drops header-less messages', async () => {
      const id = await create({
        groupName: 'Empty rows',
        taxSettings: [
          { taxType: '', taxRate: '0.00', taxCountryID: '', taxStateID: '', taxHammer: false, taxLiveFee: false, taxPremium: false },
        ],
        feeSettings: [{}],
        messages: [
          { header: 'Kept', detail: 'yes', sequence: 1 },
          { header: '   ', detail: 'no', sequence: 1 },
        ],
      });
      const g = (await get(id)).body.data.groupSettings;
      expect(g.taxSettings).toEqual([]);
      expect(g.feeSettings).toEqual([]);
      expect(g.messages).toEqual([{ header: 'Kept', detail: 'yes', sequence: 1, isDefault: false }]);
    });

    it('refuses unknown fields and malformed lists with a clear 400', async () => {
      const unknown = await postSettings(owner, ref(), payload({ isAdmin: true })).expect(400);
      expect(unknown.body.code).toBe('UNKNOWN_FIELDS');
      const nested = await postSettings(owner, ref(), payload({ taxSettings: [{ taxType: 'x', surprise: 1 }] })).expect(400);
      expect(nested.body.code).toBe('UNKNOWN_FIELDS');
      const notList = await postSettings(owner, ref(), payload({ messages: 'hello' })).expect(400);
      expect(notList.body.errors.messages).toEqual(expect.any(String));
      const badVersion = await postSettings(owner, ref(), payload({ version: 'one' })).expect(400);
      expect(badVersion.body.errors.version).toEqual(expect.any(String));
    });

    it.each([
      ['a text field that is not text', { groupName: 12 }, 'groupName'],
      ['a box that is not a boolean', { payPal: 'true' }, 'payPal'],
      ['a charges flag that is not a boolean', { additionalChargesPerLot: 'x' }, 'additionalChargesPerLot'],
      [
        'a tax box that is not a boolean',
        { taxSettings: [{ taxType: 'T', taxRate: '1', taxCountryID: 'FR', taxHammer: 'yes' }] },
        'taxSettings.0.taxHammer',
      ],
      ['a row that is not an object', { taxSettings: [null] }, 'taxSettings.0'],
      ['a message that is not an object', { messages: [1] }, 'messages.0'],
      ['a header that is not text', { messages: [{ header: {}, sequence: 1 }] }, 'messages.0.header'],
      ['an id beyond int4', { groupSettingsID: 99999999999 }, 'groupSettingsID'],
      ['a location id beyond int4', { houseAddressID: 99999999999 }, 'houseAddressID'],
      ['a retired flag that is not a boolean', { active: 'no' }, 'active'],
    ])('refuses %s with 400 and a field error, never a 500', async (_label, over, key) => {
      const before = await templateRows(t, houses.a.id);
      const res = await postSettings(owner, ref(), payload(over)).expect(400);
      expect(res.body.errors[key]).toEqual(expect.any(String));
      expect(await templateRows(t, houses.a.id)).toBe(before);
    });
  });

  describe('access', () => {
    it('needs a session (401) and the accessInvoices flag (403 with the permission text) on every call', async () => {
      await request(t.server).get(`/app/house/${ref()}/invoiceSettings`).expect(401);
      await request(t.server).get(settingsUrl(ref())).expect(401);
      await request(t.server).post(settingsUrl(ref())).send(payload()).expect(401);
      const none = await signIn(t.server, 'house-a', 'none');
      for (const res of [
        await none.agent.get(`/app/house/${ref()}/invoiceSettings`),
        await none.agent.get(settingsUrl(ref())),
        await postSettings(none, ref(), payload()),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('You do not have permissions to view this page. Please contact your system administrator.');
      }
      const invoices = await signIn(t.server, 'house-a', 'accessInvoices');
      await invoices.agent.get(`/app/house/${ref()}/invoiceSettings`).expect(200);
      await postSettings(invoices, ref(), payload({ groupName: 'By the invoices user' })).expect(200);
    });

    it('a cookie-authenticated save needs the CSRF token', async () => {
      const res = await owner.agent.post(settingsUrl(ref())).send(payload());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CSRF_TOKEN_INVALID');
    });
  });

  describe('a location named by a template', () => {
    it('cannot be deleted while the template names it', async () => {
      const place = await seedAddress(t.em(), houses.a.id, 'Template hall');
      await create({ groupName: 'Uses the hall', houseAddressID: place });
      const res = await owner.agent.get(`/app/house/address/address-delete/${place}`).set('X-CSRF-Token', owner.csrf);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'This location is the address of 1 invoice template and cannot be deleted. Choose another location for that template first.',
      );
      const still = await t.em().getConnection().execute('select deleted_at from house_address where id = ?', [place]);
      expect(still).toEqual([{ deleted_at: null }]);
    });
  });

  describe('delete a template in use (stubbed usage: no invoice tables yet)', () => {
    it('is refused with 409 and changes nothing', async () => {
      const usage = t.app.get<TemplateUsage>(TEMPLATE_USAGE, { strict: false });
      const id = await create({ groupName: 'In use' });
      const spy = jest.spyOn(usage, 'isInUse').mockResolvedValue(true);
      try {
        const before = await templateRows(t, houses.a.id);
        const res = await owner.agent.delete(`/api/invoice-templates/${id}`).set('X-CSRF-Token', owner.csrf).expect(409);
        expect(res.body).toEqual({
          statusCode: 409,
          code: 'TEMPLATE_IN_USE',
          message: 'This template is used by a sale or an invoice group and cannot be deleted.',
        });
        expect(await templateRows(t, houses.a.id)).toBe(before);
      } finally {
        spy.mockRestore();
      }
      await owner.agent.delete(`/api/invoice-templates/${id}`).set('X-CSRF-Token', owner.csrf).expect(200);
    });
  });
});
