import { describe, expect, it } from '@jest/globals';
import {
  addMessage,
  draftOf,
  feeNameHasTax,
  isEmptyCharge,
  isReadOnly,
  isValidRate,
  liveErrors,
  newCharge,
  rateOnFocus,
  removeMessage,
  sequenceOptions,
  TEMPLATE_TEXT,
  templatePayload,
  toFormErrors,
  validateTemplate,
  type ChargeDraft,
  type GroupSettings,
  type TemplateDraft,
} from './templateForm';

const BLANK: GroupSettings = {
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
};

const filled = (over: Partial<TemplateDraft> = {}): TemplateDraft => ({
  ...draftOf(BLANK),
  groupName: 'Standard',
  subject: 'Your invoice',
  fromName: 'Otto',
  fromEmail: 'otto@house.example',
  ...over,
});

const charge = (over: Partial<ChargeDraft> = {}): ChargeDraft => ({
  ...newCharge(),
  name: 'Sales Tax',
  rate: '6.125',
  country: 'US',
  state: 'NY',
  hammer: true,
  ...over,
});

describe('Invoice template form rules (spec 000 section 5)', () => {
  it('the blank form: per-invoice charging and the two default messages at 1 and 2', () => {
    const d = draftOf(BLANK);
    expect(d.chargesPerLot).toBe(false);
    expect(d.messages.map((m) => [m.sequence, m.header, m.isDefault])).toEqual([
      [1, 'Payment Option(s)', true],
      [2, 'Shipping Notes', true],
    ]);
    expect(validateTemplate(filled())).toEqual({});
  });

  it('requires name, subject, reply-to name and email with the spec messages', () => {
    expect(validateTemplate(draftOf(BLANK))).toEqual({
      groupName: 'Invoice template name is required',
      subject: 'Email Subject is required',
      fromName: 'Reply to Name is required',
      fromEmail: 'Reply to Email is required',
    });
  });

  it('limits: name 50, subject 72, BCC 150', () => {
    expect(validateTemplate(filled({ groupName: 'a'.repeat(50) })).groupName).toBeUndefined();
    expect(validateTemplate(filled({ groupName: 'a'.repeat(51) })).groupName).toBe(
      'Invoice template name cannot be longer than 50 characters.',
    );
    expect(validateTemplate(filled({ subject: 'a'.repeat(73) })).subject).toBe('Email Subject cannot be longer than 72 characters.');
    expect(validateTemplate(filled({ bccEmail: `${'a'.repeat(140)}@example.com` })).bccEmail).toBe(
      'BCC cannot be longer than 150 characters.',
    );
  });

  it('reply-to email and BCC must look like emails: "Valid Email is required"; BCC is optional', () => {
    expect(validateTemplate(filled({ fromEmail: 'otto-at-house' })).fromEmail).toBe(TEMPLATE_TEXT.validEmail);
    expect(validateTemplate(filled({ bccEmail: 'bcc@' })).bccEmail).toBe(TEMPLATE_TEXT.validEmail);
    expect(validateTemplate(filled({ bccEmail: '' })).bccEmail).toBeUndefined();
  });

  it('a tax row needs country, rate, name, state for the US, province for Canada, and one box', () => {
    const e = (row: Partial<ChargeDraft>) => validateTemplate(filled({ taxes: [charge(row)] }));
    expect(e({})).toEqual({});
    expect(e({ country: '' })).toMatchObject({ 'taxSettings.0.taxCountryID': 'Country is required' });
    expect(e({ rate: 'abc' })).toMatchObject({ 'taxSettings.0.taxRate': 'Please enter a valid tax rate %.' });
    expect(e({ rate: '' })).toMatchObject({ 'taxSettings.0.taxRate': 'Please enter a valid tax rate %.' });
    expect(e({ name: '' })).toMatchObject({ 'taxSettings.0.taxType': 'Charge type is required' });
    expect(e({ state: '' })).toMatchObject({ 'taxSettings.0.taxStateID': 'State is required' });
    expect(e({ country: 'CA', state: '' })).toMatchObject({ 'taxSettings.0.taxStateID': 'Province is required' });
    expect(e({ country: 'FR', state: '' })).toEqual({});
    expect(e({ hammer: false })).toMatchObject({
      'taxSettings.0.taxHammer': 'Tax Type is Required, Please select at least one Tax Type Check Box',
    });
    expect(e({ hammer: false, premium: true })).toEqual({});
    expect(e({ name: 'x'.repeat(51) })).toMatchObject({ 'taxSettings.0.taxType': 'Charge type cannot be longer than 50 characters.' });
  });

  it('a fee row: the same rules with the fee messages; a name containing "tax" in any case is refused', () => {
    const e = (row: Partial<ChargeDraft>) => validateTemplate(filled({ fees: [charge({ name: 'Handling', ...row })] }));
    expect(e({})).toEqual({});
    expect(e({ rate: '-1' })).toMatchObject({ 'feeSettings.0.feeRate': 'Please enter a valid fee rate %.' });
    expect(e({ hammer: false })).toMatchObject({
      'feeSettings.0.feeHammer': 'Fee Type is Required, Please select at least one Fee Type Check Box',
    });
    expect(e({ country: 'US', state: '' })).toMatchObject({ 'feeSettings.0.feeStateID': 'State is required' });
    for (const name of ['Sales Tax', 'TAX', 'surtaxes']) {
      expect(e({ name })).toMatchObject({ 'feeSettings.0.feeType': TEMPLATE_TEXT.taxInFees });
    }
    expect(feeNameHasTax('Handling')).toBe(false);
    // Shown at once (before any save) and blocks Save.
    expect(liveErrors(filled({ fees: [charge({ name: 'Sales TAX' })] }))).toEqual({ 'feeSettings.0.feeType': TEMPLATE_TEXT.taxInFees });
    expect(liveErrors(filled({ taxes: [charge({ name: 'Sales Tax' })] }))).toEqual({});
  });

  it('a completely empty row is ignored, whether its rate is blank or 0.00', () => {
    expect(isEmptyCharge(newCharge())).toBe(true);
    expect(isEmptyCharge({ ...newCharge(), rate: '' })).toBe(true);
    expect(isEmptyCharge({ ...newCharge(), rate: '1' })).toBe(false);
    expect(isEmptyCharge({ ...newCharge(), premium: true })).toBe(false);
    expect(validateTemplate(filled({ taxes: [newCharge()], fees: [newCharge()] }))).toEqual({});
  });

  it('rates: at least 0, at most 100, at most three decimals; 0.00 clears on focus', () => {
    for (const ok of ['0', '6', '6.1', '6.125', '100', '100.000', '0.001']) expect(isValidRate(ok)).toBe(true);
    for (const bad of ['', '-1', '6.1255', '100.001', 'abc', '1e2', '.5']) expect(isValidRate(bad)).toBe(false);
    expect(rateOnFocus('0.00')).toBe('');
    expect(rateOnFocus('0')).toBe('');
    expect(rateOnFocus('0.000')).toBe('');
    expect(rateOnFocus('6.125')).toBe('6.125');
    expect(rateOnFocus('')).toBe('');
  });

  it('messages: sequences unique among kept messages; the empty-header ones do not count', () => {
    const d = filled();
    const messages = addMessage(d.messages);
    expect(messages[2]).toMatchObject({ sequence: 3, isDefault: false, header: '' });
    messages[2] = { ...messages[2], header: 'Pickup', sequence: 2 };
    expect(validateTemplate({ ...d, messages })).toEqual({
      'messages.1.sequence': 'Sequence number must be unique',
      'messages.2.sequence': 'Sequence number must be unique',
    });
    messages[2] = { ...messages[2], header: '' };
    expect(validateTemplate({ ...d, messages })).toEqual({});
  });

  it('the sequence dropdown offers 1..count, option 1 disabled except on the first message', () => {
    expect(sequenceOptions(3, 0)).toEqual([
      { value: 1, disabled: false },
      { value: 2, disabled: false },
      { value: 3, disabled: false },
    ]);
    expect(sequenceOptions(3, 2).map((o) => o.disabled)).toEqual([true, false, false]);
  });

  it('default messages cannot be deleted; deleting another renumbers the rest in order', () => {
    let messages = addMessage(addMessage(filled().messages));
    messages = messages.map((m, i) => (i >= 2 ? { ...m, header: `M${i}` } : m));
    expect(removeMessage(messages, 0)).toBe(messages);
    const after = removeMessage(messages, 2);
    expect(after.map((m) => [m.header, m.sequence])).toEqual([
      ['Payment Option(s)', 1],
      ['Shipping Notes', 2],
      ['M3', 3],
    ]);
  });

  it('posts the documented payload: ids 0 for a new template, exclusive charge flags, every row in form order', () => {
    const d = filled({
      taxes: [charge(), newCharge()],
      fees: [charge({ name: 'Handling', country: 'ALL', state: '', rate: '2.5' })],
      chargesPerLot: true,
    });
    const p = templatePayload(d);
    expect(p).toMatchObject({
      groupSettingsID: 0,
      invoiceGroupID: 0,
      groupName: 'Standard',
      additionalChargesPerInvoice: false,
      additionalChargesPerLot: true,
      houseAddressID: null,
    });
    expect(p).not.toHaveProperty('version');
    expect(p.taxSettings).toEqual([
      {
        taxType: 'Sales Tax',
        taxRate: '6.125',
        taxCountryID: 'US',
        taxStateID: 'NY',
        taxHammer: true,
        taxLiveFee: false,
        taxPremium: false,
      },
      { taxType: '', taxRate: '0.00', taxCountryID: '', taxStateID: '', taxHammer: false, taxLiveFee: false, taxPremium: false },
    ]);
    expect(p.feeSettings).toEqual([
      { feeType: 'Handling', feeRate: '2.5', feeCountryID: 'ALL', feeStateID: '', feeHammer: true, feeLiveFee: false, feePremium: false },
    ]);
    expect(p.messages).toEqual([
      { header: 'Payment Option(s)', detail: '', sequence: 1 },
      { header: 'Shipping Notes', detail: '', sequence: 2 },
    ]);
    expect(templatePayload(draftOf({ ...BLANK, groupSettingsID: 12, invoiceGroupID: 12, version: 4 }))).toMatchObject({
      groupSettingsID: 12,
      invoiceGroupID: 12,
      version: 4,
    });
    // Locked taxes are left out: the server keeps them.
    const locked = templatePayload({ ...d, taxSettingsLocked: true });
    expect(locked).not.toHaveProperty('taxSettings');
    expect(locked).toHaveProperty('feeSettings');
  });

  it('loads a saved template: rows, rates as text, messages by sequence', () => {
    const d = draftOf({
      ...BLANK,
      groupSettingsID: 5,
      additionalChargesPerInvoice: false,
      additionalChargesPerLot: true,
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
      messages: [
        { header: 'Pickup', detail: 'Mon-Fri', sequence: 3, isDefault: false },
        { header: 'Payment Option(s)', detail: '', sequence: 1, isDefault: true },
        { header: 'Shipping Notes', detail: '', sequence: 2, isDefault: true },
      ],
    });
    expect(d.chargesPerLot).toBe(true);
    expect(d.taxes[0]).toMatchObject({
      name: 'Sales Tax',
      rate: '6.125',
      country: 'US',
      state: 'NY',
      hammer: true,
      liveFee: false,
      premium: true,
    });
    expect(d.messages.map((m) => m.header)).toEqual(['Payment Option(s)', 'Shipping Notes', 'Pickup']);
  });

  it('an inactive card-processor template is read-only; an inactive ordinary one is not', () => {
    expect(isReadOnly({ payrixTemplate: true, active: false })).toBe(true);
    expect(isReadOnly({ payrixTemplate: true, active: true })).toBe(false);
    expect(isReadOnly({ payrixTemplate: false, active: false })).toBe(false);
  });

  it("keys the rules' and the server's messages by the form's paths: rows by field, a list's own message at its root", () => {
    expect(
      toFormErrors({
        groupName: 'Invoice template name is required',
        additionalChargesPerLot: 'Charges apply per invoice or per lot.',
        'taxSettings.0.taxRate': 'Please enter a valid tax rate %.',
        'taxSettings.0.taxStateID': 'State is required',
        'taxSettings.1.taxCountryID': 'Country is required',
        'feeSettings.2.feeType': 'Charge type is required',
        'feeSettings.2.feeHammer': 'Fee Type is Required, Please select at least one Fee Type Check Box',
        'feeSettings.2.feeLiveFee': 'another box message',
        'messages.1.sequence': 'Sequence number must be unique',
        taxSettings: 'Taxes are locked',
        houseAddressID: 'Please select one of your locations.',
      }),
    ).toEqual({
      groupName: 'Invoice template name is required',
      chargesPerLot: 'Charges apply per invoice or per lot.',
      'taxes.0.rate': 'Please enter a valid tax rate %.',
      'taxes.0.state': 'State is required',
      'taxes.1.country': 'Country is required',
      'fees.2.name': 'Charge type is required',
      // The three boxes share one message (the first).
      'fees.2.hammer': 'Fee Type is Required, Please select at least one Fee Type Check Box',
      'messages.1.sequence': 'Sequence number must be unique',
      'taxes.root': 'Taxes are locked',
      houseAddressID: 'Please select one of your locations.',
    });
    // The form's own rules land on the same paths.
    const d = filled({ taxes: [charge({ rate: '101' })], fees: [charge({ name: 'Tax', state: '' })] });
    expect(toFormErrors(validateTemplate(d))).toMatchObject({ 'taxes.0.rate': expect.any(String), 'fees.0.name': TEMPLATE_TEXT.taxInFees });
  });
});
