import { ExistingTemplate, GroupSettingsInput, parseTemplateRate, RuleContext, TemplateGeo, validateTemplate } from './template-rules';
import { TEMPLATE_TEXT as TEXT } from './template-texts';

/** A small stand-in for the houses module's lists: US, CA, AU and UK (either spelling) have states. */
const geo: TemplateGeo = {
  countryCode: (code) => {
    const c = code.toUpperCase() === 'GB' ? 'UK' : code.toUpperCase();
    return ['US', 'CA', 'AU', 'UK', 'FR', 'DE', 'EU'].includes(c) ? c : null;
  },
  stateCodes: (c) => ({ US: ['NY', 'NJ', 'CA'], CA: ['ON', 'QC'], AU: ['NSW', 'VIC'], UK: ['KEN', 'SRY'] })[c] ?? null,
  listCode: (c, list) => (list === 'processorTax' && c === 'UK' ? 'GB' : c),
};

const ctx = (over: Partial<RuleContext> = {}): RuleContext => ({
  geo,
  cardProcessor: false,
  taxesLocked: false,
  locationIds: [10, 11],
  ...over,
});

const base = (over: GroupSettingsInput = {}): GroupSettingsInput => ({
  groupName: 'Spring sale',
  subject: 'Your invoice',
  fromName: 'Accounts',
  fromEmail: 'accounts@example.com',
  ...over,
});

const tax = (over: Record<string, unknown> = {}) => ({
  taxType: 'Sales Tax',
  taxRate: '6.125',
  taxCountryID: 'US',
  taxStateID: 'NY',
  taxHammer: true,
  taxLiveFee: false,
  taxPremium: true,
  ...over,
});
const fee = (over: Record<string, unknown> = {}) => ({
  feeType: 'Handling',
  feeRate: '2.5',
  feeCountryID: 'ALL',
  feeStateID: 'ALL',
  feeHammer: true,
  feeLiveFee: false,
  feePremium: false,
  ...over,
});

function errorsOf(input: GroupSettingsInput, c: RuleContext = ctx()): Record<string, string> {
  const r = validateTemplate(input, c);
  return r.ok ? {} : r.errors;
}

function valuesOf(input: GroupSettingsInput, c: RuleContext = ctx()) {
  const r = validateTemplate(input, c);
  if (!r.ok) throw new Error(`unexpected errors ${JSON.stringify(r.errors)}`);
  return r.values;
}

const existing = (over: Partial<ExistingTemplate> = {}): ExistingTemplate => ({
  chargesPerLot: false,
  houseAddressId: null,
  payPal: false,
  payPalEmail: null,
  taxRows: [{ name: 'VAT', rate: 20_000, countryCode: 'UK', stateCode: 'ALL', onHammer: true, onLiveFee: true, onPremium: true }],
  feeRows: [],
  messages: [{ header: 'Payment Option(s)', detail: 'Cards', sequence: 1, isDefault: true }],
  ...over,
});

describe('template rules: email settings', () => {
  it('accepts a complete template, trimming text, per-invoice charging and the two default messages by default', () => {
    const v = valuesOf(base({ groupName: '  Spring sale  ' }));
    expect(v).toMatchObject({ groupName: 'Spring sale', chargesPerLot: false, bccEmail: null, payPal: false, taxRows: [], feeRows: [] });
    expect(v.messages).toEqual([
      { header: 'Payment Option(s)', detail: '', sequence: 1, isDefault: true },
      { header: 'Shipping Notes', detail: '', sequence: 2, isDefault: true },
    ]);
  });

  it.each([
    ['groupName', TEXT.nameRequired],
    ['subject', TEXT.subjectRequired],
    ['fromName', TEXT.fromNameRequired],
    ['fromEmail', TEXT.fromEmailRequired],
  ])('%s is required: "%s" (absent, empty or blank)', (field, message) => {
    expect(errorsOf(base({ [field]: undefined }))[field]).toBe(message);
    expect(errorsOf(base({ [field]: '' }))[field]).toBe(message);
    expect(errorsOf(base({ [field]: '   ' }))[field]).toBe(message);
  });

  it('quotes the spec for the required messages', () => {
    expect(errorsOf({})).toEqual({
      groupName: 'Invoice template name is required',
      subject: 'Email Subject is required',
      fromName: 'Reply to Name is required',
      fromEmail: 'Reply to Email is required',
    });
  });

  it.each([
    ['groupName', 50, 'Invoice template name cannot be longer than 50 characters.'],
    ['subject', 72, 'Email Subject cannot be longer than 72 characters.'],
    ['fromName', 150, 'Reply to Name cannot be longer than 150 characters.'],
  ])('%s is at most %d characters', (field, max, message) => {
    expect(errorsOf(base({ [field]: 'x'.repeat(max) }))[field]).toBeUndefined();
    expect(errorsOf(base({ [field]: 'x'.repeat(max + 1) }))[field]).toBe(message);
  });

  it('the reply-to email must look like an email: "Valid Email is required"', () => {
    for (const bad of ['accounts', 'a@', '@example.com', 'a b@example.com']) {
      expect(errorsOf(base({ fromEmail: bad })).fromEmail).toBe('Valid Email is required');
    }
  });

  it('BCC is optional, at most 150 characters, and must look like an email when given', () => {
    expect(valuesOf(base({ bccEmail: '' })).bccEmail).toBeNull();
    expect(valuesOf(base({ bccEmail: ' copy@example.com ' })).bccEmail).toBe('copy@example.com');
    expect(errorsOf(base({ bccEmail: 'copy' })).bccEmail).toBe('Valid Email is required');
    const long = `${'x'.repeat(140)}@example.com`;
    expect(errorsOf(base({ bccEmail: long })).bccEmail).toBe('BCC cannot be longer than 150 characters.');
  });

  it('PayPal needs a valid PayPal email when switched on', () => {
    expect(errorsOf(base({ payPal: true })).payPalEmail).toBe(TEXT.payPalEmailRequired);
    expect(errorsOf(base({ payPal: true, payPalEmail: 'pay' })).payPalEmail).toBe('Valid Email is required');
    expect(valuesOf(base({ payPal: true, payPalEmail: 'pay@example.com' }))).toMatchObject({
      payPal: true,
      payPalEmail: 'pay@example.com',
    });
  });
});

describe('template rules: charges per invoice or per lot', () => {
  it('defaults to per invoice, takes either flag, and refuses both or neither', () => {
    expect(valuesOf(base()).chargesPerLot).toBe(false);
    expect(valuesOf(base({ additionalChargesPerLot: true })).chargesPerLot).toBe(true);
    expect(valuesOf(base({ additionalChargesPerInvoice: false })).chargesPerLot).toBe(true);
    expect(valuesOf(base({ additionalChargesPerInvoice: true, additionalChargesPerLot: false })).chargesPerLot).toBe(false);
    expect(errorsOf(base({ additionalChargesPerInvoice: true, additionalChargesPerLot: true })).additionalChargesPerLot).toBe(
      TEXT.chargesChoice,
    );
    expect(errorsOf(base({ additionalChargesPerInvoice: false, additionalChargesPerLot: false })).additionalChargesPerLot).toBe(
      TEXT.chargesChoice,
    );
  });

  it('is fixed after creation: the same choice (or none) passes, a change is refused', () => {
    const c = ctx({ existing: existing({ chargesPerLot: true }) });
    expect(valuesOf(base(), c).chargesPerLot).toBe(true);
    expect(valuesOf(base({ additionalChargesPerLot: true, additionalChargesPerInvoice: false }), c).chargesPerLot).toBe(true);
    expect(errorsOf(base({ additionalChargesPerLot: false, additionalChargesPerInvoice: true }), c).additionalChargesPerLot).toBe(
      'Charges per Invoice or per Lot cannot be changed on an existing template.',
    );
  });
});

describe('template rules: house address', () => {
  it("must be one of the house's locations; blank or 0 means none", () => {
    expect(valuesOf(base({ houseAddressID: 10 })).houseAddressId).toBe(10);
    expect(valuesOf(base({ houseAddressID: '11' })).houseAddressId).toBe(11);
    expect(valuesOf(base({ houseAddressID: '' })).houseAddressId).toBeNull();
    expect(valuesOf(base({ houseAddressID: 0 })).houseAddressId).toBeNull();
    expect(valuesOf(base()).houseAddressId).toBeUndefined();
    expect(errorsOf(base({ houseAddressID: 99 })).houseAddressID).toBe(TEXT.locationUnknown);
    expect(errorsOf(base({ houseAddressID: 'abc' })).houseAddressID).toBe(TEXT.locationUnknown);
  });

  it('an edit may keep an address that has since been deleted, but not choose another unknown one', () => {
    const c = ctx({ existing: existing({ houseAddressId: 77 }) });
    expect(valuesOf(base({ houseAddressID: 77 }), c).houseAddressId).toBe(77);
    expect(errorsOf(base({ houseAddressID: 78 }), c).houseAddressID).toBe(TEXT.locationUnknown);
  });
});

describe('template rules: tax rows', () => {
  it('stores a valid row exactly: rate in thousandths of a percent, codes upper-cased', () => {
    const v = valuesOf(base({ taxSettings: [tax({ taxCountryID: 'us', taxStateID: 'ny' })] }));
    expect(v.taxRows).toEqual([
      { name: 'Sales Tax', rate: 6125, countryCode: 'US', stateCode: 'NY', onHammer: true, onLiveFee: false, onPremium: true },
    ]);
  });

  it.each([
    ['taxCountryID', { taxCountryID: '' }, 'Country is required'],
    ['taxRate', { taxRate: '' }, 'Please enter a valid tax rate %.'],
    ['taxType', { taxType: ' ' }, 'Charge type is required'],
    ['taxStateID', { taxStateID: '' }, 'State is required'],
    ['taxStateID', { taxCountryID: 'CA', taxStateID: '' }, 'Province is required'],
    [
      'taxHammer',
      { taxHammer: false, taxLiveFee: false, taxPremium: false },
      'Tax Type is Required, Please select at least one Tax Type Check Box',
    ],
  ])('keys %s under taxSettings.{row}: %j -> "%s"', (field, over, message) => {
    const errors = errorsOf(base({ taxSettings: [tax(), tax(over)] }));
    expect(errors).toEqual({ [`taxSettings.1.${field}`]: message });
  });

  it('the state is optional for other countries (ALL when blank for a listed country, none elsewhere)', () => {
    const v = valuesOf(
      base({
        taxSettings: [
          tax({ taxCountryID: 'AU', taxStateID: '' }),
          tax({ taxCountryID: 'FR', taxStateID: '' }),
          tax({ taxCountryID: 'UK', taxStateID: 'KEN' }),
        ],
      }),
    );
    expect(v.taxRows.map((r) => [r.countryCode, r.stateCode])).toEqual([
      ['AU', 'ALL'],
      ['FR', null],
      ['UK', 'KEN'],
    ]);
  });

  it('takes ALL countries and ALL states; a state with ALL countries is refused', () => {
    const v = valuesOf(
      base({
        taxSettings: [
          tax({ taxCountryID: 'ALL', taxStateID: 'ALL' }),
          tax({ taxCountryID: 'US', taxStateID: 'ALL' }),
          tax({ taxCountryID: 'EU', taxStateID: '' }),
        ],
      }),
    );
    expect(v.taxRows.map((r) => [r.countryCode, r.stateCode])).toEqual([
      ['ALL', null],
      ['US', 'ALL'],
      ['EU', null],
    ]);
    expect(errorsOf(base({ taxSettings: [tax({ taxCountryID: 'ALL', taxStateID: 'NY' })] }))['taxSettings.0.taxStateID']).toBe(
      TEXT.stateWithAllCountries,
    );
  });

  it('refuses unknown countries and states', () => {
    expect(errorsOf(base({ taxSettings: [tax({ taxCountryID: 'XX' })] }))['taxSettings.0.taxCountryID']).toBe(TEXT.countryUnknown);
    expect(errorsOf(base({ taxSettings: [tax({ taxStateID: 'ZZ' })] }))['taxSettings.0.taxStateID']).toBe(TEXT.stateUnknown);
    expect(errorsOf(base({ taxSettings: [tax({ taxCountryID: 'CA', taxStateID: 'NY' })] }))['taxSettings.0.taxStateID']).toBe(
      TEXT.provinceUnknown,
    );
    expect(errorsOf(base({ taxSettings: [tax({ taxCountryID: 'FR', taxStateID: 'Paris' })] }))['taxSettings.0.taxStateID']).toBe(
      TEXT.stateUnknown,
    );
  });

  it('accepts GB for the United Kingdom and stores one spelling', () => {
    expect(valuesOf(base({ taxSettings: [tax({ taxCountryID: 'GB', taxStateID: '' })] })).taxRows[0].countryCode).toBe('UK');
  });

  it('reads taxCountry and formattedTaxRate when taxCountryID and taxRate are absent (a GET posted back)', () => {
    const row = { taxType: 'VAT', formattedTaxRate: '20.000', taxCountry: 'FR', taxHammer: true };
    expect(valuesOf(base({ taxSettings: [row] })).taxRows[0]).toMatchObject({ rate: 20_000, countryCode: 'FR' });
  });

  it('ignores a completely empty row (blank fields, no box ticked, rate blank or 0.00)', () => {
    const empty = { taxType: '', taxRate: '', taxCountryID: '', taxStateID: '', taxHammer: false, taxLiveFee: false, taxPremium: false };
    const v = valuesOf(base({ taxSettings: [empty, { ...empty, taxRate: '0.00' }, {}, tax()] }));
    expect(v.taxRows).toHaveLength(1);
    // A row with anything in it is checked, and its errors keep their submitted index.
    expect(errorsOf(base({ taxSettings: [empty, { ...empty, taxHammer: true }] }))).toEqual({
      'taxSettings.1.taxCountryID': 'Country is required',
      'taxSettings.1.taxRate': 'Please enter a valid tax rate %.',
      'taxSettings.1.taxType': 'Charge type is required',
    });
  });

  it('reports every failing row and field at once', () => {
    const errors = errorsOf(base({ groupName: '', taxSettings: [tax({ taxRate: 'x' }), tax({ taxType: '' })] }));
    expect(errors).toEqual({
      groupName: TEXT.nameRequired,
      'taxSettings.0.taxRate': TEXT.taxRateInvalid,
      'taxSettings.1.taxType': TEXT.chargeTypeRequired,
    });
  });

  it('a charge type is at most 50 characters', () => {
    expect(errorsOf(base({ taxSettings: [tax({ taxType: 'x'.repeat(50) })] }))).toEqual({});
    expect(errorsOf(base({ taxSettings: [tax({ taxType: 'x'.repeat(51) })] }))['taxSettings.0.taxType']).toBe(
      'Charge type cannot be longer than 50 characters.',
    );
  });

  it('refuses more rows than a request may carry', () => {
    expect(errorsOf(base({ taxSettings: Array.from({ length: 101 }, () => tax()) })).taxSettings).toBe(TEXT.tooManyRows(100));
  });
});

describe('template rules: rates', () => {
  it.each([
    ['6.125', 6125],
    [6.125, 6125],
    ['0', 0],
    ['0.00', 0],
    ['0.001', 1],
    ['7', 7000],
    ['8.5', 8500],
    [' 12.34 ', 12340],
    ['100', 100_000],
    ['100.000', 100_000],
    [0.1, 100],
    [19.999, 19_999],
  ])('%j is %d thousandths of a percent, exactly', (input, milli) => {
    expect(parseTemplateRate(input)).toBe(milli);
  });

  it.each([
    ['-1'],
    [-0.5],
    ['1.2345'],
    ['abc'],
    ['1,5'],
    ['100.001'],
    ['1e3'],
    [Number.NaN],
    [Infinity],
    [true],
    [null],
    [undefined],
    [''],
    [{}],
  ])('%j is not a valid rate', (input) => {
    expect(parseTemplateRate(input)).toBeNull();
  });

  it('answers the tax and fee wording for a bad rate', () => {
    const errors = errorsOf(base({ taxSettings: [tax({ taxRate: '-1' })], feeSettings: [fee({ feeRate: '1.2345' })] }));
    expect(errors).toEqual({
      'taxSettings.0.taxRate': 'Please enter a valid tax rate %.',
      'feeSettings.0.feeRate': 'Please enter a valid fee rate %.',
    });
  });
});

describe('template rules: fee rows', () => {
  it.each([
    ['feeCountryID', { feeCountryID: '' }, 'Country is required'],
    ['feeRate', { feeRate: 'abc' }, 'Please enter a valid fee rate %.'],
    ['feeType', { feeType: '' }, 'Charge type is required'],
    ['feeStateID', { feeCountryID: 'US', feeStateID: '' }, 'State is required'],
    ['feeStateID', { feeCountryID: 'CA', feeStateID: '' }, 'Province is required'],
    ['feeHammer', { feeHammer: false }, 'Fee Type is Required, Please select at least one Fee Type Check Box'],
  ])('keys %s under feeSettings.{row}: %j -> "%s"', (field, over, message) => {
    expect(errorsOf(base({ feeSettings: [fee(over)] }))).toEqual({ [`feeSettings.0.${field}`]: message });
  });

  it.each(['Tax', 'sales tax', 'VAT TAX', 'Taxable handling', 'surtax'])(
    'refuses a fee named %j: taxes belong in the taxes section',
    (name) => {
      expect(errorsOf(base({ feeSettings: [fee({ feeType: name })] }))['feeSettings.0.feeType']).toBe(
        'Taxes cannot be entered in the fees section, please use the taxes section above.',
      );
    },
  );

  it('stores fee rows with their exact rate', () => {
    expect(valuesOf(base({ feeSettings: [fee({ feeRate: 3.333 })] })).feeRows[0]).toMatchObject({
      name: 'Handling',
      rate: 3333,
      countryCode: 'ALL',
      stateCode: null,
    });
  });

  it('ignores a completely empty fee row', () => {
    expect(valuesOf(base({ feeSettings: [{ feeType: '', feeRate: '0.00', feeCountryID: '' }] })).feeRows).toEqual([]);
  });
});

describe('template rules: messages', () => {
  it('drops messages without a header and keeps the others by sequence', () => {
    const v = valuesOf(
      base({
        messages: [
          { header: 'Shipping Notes', detail: 'Ships Monday', sequence: 2 },
          { header: '  ', detail: 'lost', sequence: 3 },
          { header: 'Payment Option(s)', detail: 'Cards', sequence: 1 },
          { header: 'Pickup', detail: '', sequence: '4' },
        ],
      }),
    );
    expect(v.messages).toEqual([
      { header: 'Payment Option(s)', detail: 'Cards', sequence: 1, isDefault: true },
      { header: 'Shipping Notes', detail: 'Ships Monday', sequence: 2, isDefault: true },
      { header: 'Pickup', detail: '', sequence: 4, isDefault: false },
    ]);
  });

  it('sequence numbers must be unique: "Sequence number must be unique" on each clashing message', () => {
    const errors = errorsOf(
      base({
        messages: [
          { header: 'A', sequence: 1 },
          { header: 'B', sequence: 2 },
          { header: 'C', sequence: 2 },
        ],
      }),
    );
    expect(errors).toEqual({
      'messages.1.sequence': 'Sequence number must be unique',
      'messages.2.sequence': 'Sequence number must be unique',
    });
  });

  it('a dropped (header-less) message does not clash', () => {
    expect(
      errorsOf(
        base({
          messages: [
            { header: 'A', sequence: 1 },
            { header: '', sequence: 1 },
          ],
        }),
      ),
    ).toEqual({});
  });

  it('a sequence is a whole number from 1', () => {
    for (const bad of [0, -1, 1.5, 'x', null]) {
      expect(errorsOf(base({ messages: [{ header: 'A', sequence: bad as number }] }))['messages.0.sequence']).toBe(TEXT.sequenceInvalid);
    }
  });

  it('an empty list is allowed (every message dropped); absent keeps the current messages on an edit', () => {
    expect(valuesOf(base({ messages: [] })).messages).toEqual([]);
    const c = ctx({ existing: existing() });
    expect(valuesOf(base(), c).messages).toEqual(existing().messages);
  });

  it('limits header and detail lengths', () => {
    const errors = errorsOf(base({ messages: [{ header: 'x'.repeat(151), detail: 'y'.repeat(5001), sequence: 1 }] }));
    expect(errors).toEqual({
      'messages.0.header': 'Header cannot be longer than 150 characters.',
      'messages.0.detail': 'Message cannot be longer than 5000 characters.',
    });
  });
});

describe('template rules: edits keep what they do not send', () => {
  it('absent tax and fee lists keep the current rows; an empty list clears them', () => {
    const c = ctx({
      existing: existing({
        feeRows: [
          { name: 'Handling', rate: 1000, countryCode: 'ALL', stateCode: null, onHammer: true, onLiveFee: false, onPremium: false },
        ],
      }),
    });
    const kept = valuesOf(base(), c);
    expect(kept.taxRows).toEqual(existing().taxRows);
    expect(kept.feeRows).toHaveLength(1);
    const cleared = valuesOf(base({ taxSettings: [], feeSettings: [] }), c);
    expect(cleared.taxRows).toEqual([]);
    expect(cleared.feeRows).toEqual([]);
  });

  it('absent PayPal settings keep the current ones', () => {
    const c = ctx({ existing: existing({ payPal: true, payPalEmail: 'pay@example.com' }) });
    expect(valuesOf(base(), c)).toMatchObject({ payPal: true, payPalEmail: 'pay@example.com' });
  });
});

describe('template rules: card-processor templates', () => {
  it('refuse a US tax row (US sales tax is automatic) but take US fees and ALL-country taxes', () => {
    const c = ctx({ cardProcessor: true });
    expect(errorsOf(base({ taxSettings: [tax()] }), c)).toEqual({ 'taxSettings.0.taxCountryID': TEXT.usTaxOnCardProcessor });
    expect(
      errorsOf(
        base({
          taxSettings: [tax({ taxCountryID: 'ALL', taxStateID: 'ALL' }), tax({ taxCountryID: 'CA', taxStateID: 'ON' })],
          feeSettings: [fee({ feeCountryID: 'US', feeStateID: 'NY' })],
        }),
        c,
      ),
    ).toEqual({});
  });

  it('a US tax row is fine on an ordinary template', () => {
    expect(errorsOf(base({ taxSettings: [tax()] }))).toEqual({});
  });

  describe('once invoices exist for a sale using the template', () => {
    const locked = ctx({ cardProcessor: true, taxesLocked: true, existing: existing() });
    const vat = {
      taxType: 'VAT',
      taxRate: '20',
      taxCountryID: 'UK',
      taxStateID: 'ALL',
      taxHammer: true,
      taxLiveFee: true,
      taxPremium: true,
    };

    it('the same taxes save (other fields may change)', () => {
      expect(errorsOf(base({ subject: 'New subject', taxSettings: [vat], feeSettings: [fee()] }), locked)).toEqual({});
      expect(errorsOf(base({ subject: 'New subject' }), locked)).toEqual({});
    });

    it('a changed tax is refused', () => {
      expect(errorsOf(base({ taxSettings: [{ ...vat, taxRate: '21' }] }), locked)).toEqual({ 'taxSettings.0.taxType': TEXT.taxesLocked });
      expect(errorsOf(base({ taxSettings: [{ ...vat, taxType: 'Sales' }] }), locked)).toEqual({
        'taxSettings.0.taxType': TEXT.taxesLocked,
      });
      expect(errorsOf(base({ taxSettings: [{ ...vat, taxLiveFee: false }] }), locked)).toEqual({
        'taxSettings.0.taxType': TEXT.taxesLocked,
      });
    });

    it('an added tax is refused, keyed at its row', () => {
      expect(errorsOf(base({ taxSettings: [vat, {}, tax({ taxCountryID: 'CA', taxStateID: 'ON' })] }), locked)).toEqual({
        'taxSettings.2.taxType': TEXT.taxesLocked,
      });
    });

    it('a removed tax is refused', () => {
      expect(errorsOf(base({ taxSettings: [] }), locked)).toEqual({ taxSettings: TEXT.taxesLocked });
    });

    it('says why plainly', () => {
      expect(TEXT.taxesLocked).toBe('Taxes cannot be changed or added once invoices exist for a sale using this template.');
    });
  });
});

describe('validateTemplate without the lists (the admin form)', () => {
  const form = (over: GroupSettingsInput) => validateTemplate(base(over), { cardProcessor: false, taxesLocked: false });
  const row = { taxType: 'Sales tax', taxRate: '6.25', taxHammer: true };

  it('takes listed codes as typed (the form offers only those) and still asks for a US state', () => {
    expect(form({ taxSettings: [{ ...row, taxCountryID: 'US', taxStateID: 'NY' }] }).ok).toBe(true);
    const r = form({ taxSettings: [{ ...row, taxCountryID: 'US', taxStateID: '' }] });
    expect(r.ok ? {} : r.errors).toEqual({ 'taxSettings.0.taxStateID': TEXT.stateRequired });
    const ca = form({ taxSettings: [{ ...row, taxCountryID: 'CA' }] });
    expect(ca.ok ? {} : ca.errors).toEqual({ 'taxSettings.0.taxStateID': TEXT.provinceRequired });
  });

  it('does not check the location against the house (the server does)', () => {
    expect(form({ houseAddressID: 999 }).ok).toBe(true);
    expect(validateTemplate(base({ houseAddressID: 999 }), ctx()).ok).toBe(false);
  });
});
