import { binChargeRows } from './bin-charge-rows';

describe('binChargeRows (a bin sale charges its own Taxes & Fees)', () => {
  it('never saved: the template keeps its rows', () => {
    expect(binChargeRows(null)).toBeNull();
    expect(binChargeRows(undefined)).toBeNull();
  });

  it('a saved empty list means no charges at all (no template tax or fee rows)', () => {
    expect(binChargeRows([])).toEqual({ taxRows: [], feeRows: [] });
  });

  it('each row is a tax on hammer, premium and live fee, rate in thousandths of a percent', () => {
    expect(
      binChargeRows([
        { taxType: 'Sales Tax', taxRate: '8.875', taxCountryID: 'US', taxStateID: 'NY' },
        { taxType: 'VAT', taxRate: '20', taxCountryID: 'uk', taxStateID: 'ALL' },
        { taxType: 'Levy', taxRate: '1.5', taxCountryID: 'ALL', taxStateID: '' },
      ]),
    ).toEqual({
      taxRows: [
        { name: 'Sales Tax', rate: 8_875, countryCode: 'US', stateCode: 'NY', onHammer: true, onPremium: true, onLiveFee: true },
        { name: 'VAT', rate: 20_000, countryCode: 'UK', stateCode: 'ALL', onHammer: true, onPremium: true, onLiveFee: true },
        { name: 'Levy', rate: 1_500, countryCode: 'ALL', stateCode: null, onHammer: true, onPremium: true, onLiveFee: true },
      ],
      feeRows: [],
    });
  });

  it('a rate that does not parse is left out', () => {
    expect(binChargeRows([{ taxType: 'Bad', taxRate: 'x', taxCountryID: 'US', taxStateID: 'NY' }])?.taxRows).toEqual([]);
  });
});
