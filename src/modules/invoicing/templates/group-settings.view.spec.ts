import { groupSettingsView, newGroupSettingsView, TemplateSnapshot } from './group-settings.view';

describe('groupSettings view', () => {
  const snapshot: TemplateSnapshot = {
    id: 4,
    groupName: 'Spring',
    subject: 'Invoice',
    fromName: 'Accounts',
    fromEmail: 'a@example.com',
    bccEmail: null,
    houseAddressId: 3,
    chargesPerLot: true,
    payPal: false,
    payPalEmail: null,
    payrixTemplate: true,
    version: 2,
    taxRows: [{ name: 'VAT', rate: 6125, countryCode: 'UK', stateCode: null, onHammer: true, onLiveFee: false, onPremium: true }],
    feeRows: [{ name: 'Handling', rate: 1, countryCode: 'UK', stateCode: 'KEN', onHammer: false, onLiveFee: true, onPremium: false }],
    messages: [{ header: 'Payment Option(s)', detail: '', sequence: 1, isDefault: true }],
  };

  it("answers the spec's field names, rates as exact decimal text", () => {
    const v = groupSettingsView(snapshot, { active: true, taxSettingsLocked: false, taxSpelling: (c) => (c === 'UK' ? 'GB' : c) });
    expect(v).toMatchObject({
      groupSettingsID: 4,
      invoiceGroupID: 4,
      houseAddressID: 3,
      additionalChargesPerInvoice: false,
      additionalChargesPerLot: true,
      bccEmail: '',
      payPalEmail: '',
      version: 2,
      payrixTemplate: true,
    });
    expect(v.taxSettings).toEqual([
      {
        taxType: 'VAT',
        taxRate: '6.125',
        formattedTaxRate: '6.125',
        taxCountryID: 'GB',
        taxCountry: 'GB',
        taxStateID: 'ALL',
        taxHammer: true,
        taxLiveFee: false,
        taxPremium: true,
      },
    ]);
    expect(v.feeSettings).toEqual([
      {
        feeType: 'Handling',
        feeRate: '0.001',
        formattedFeeRate: '0.001',
        feeCountryID: 'UK',
        feeStateID: 'KEN',
        feeHammer: false,
        feeLiveFee: true,
        feePremium: false,
      },
    ]);
  });

  it('the new-template defaults: blank, per invoice, the two default messages', () => {
    const v = newGroupSettingsView(false);
    expect(v).toMatchObject({
      groupSettingsID: 0,
      invoiceGroupID: 0,
      groupName: '',
      additionalChargesPerInvoice: true,
      additionalChargesPerLot: false,
      taxSettings: [],
      feeSettings: [],
      version: null,
      active: true,
    });
    expect(v.messages).toEqual([
      { header: 'Payment Option(s)', detail: '', sequence: 1, isDefault: true },
      { header: 'Shipping Notes', detail: '', sequence: 2, isDefault: true },
    ]);
    expect(newGroupSettingsView(true).payrixTemplate).toBe(true);
  });
});
