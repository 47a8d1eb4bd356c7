import { parseVatRate, VAT_TEXT, vatRateError, vatRateText } from './house-vat';

describe('house VAT rate', () => {
  it('accepts blank (no VAT) and 0-100 with up to three decimals, exactly', () => {
    for (const ok of ['', '  ', '0', '20', '17.5', '8.875', '100', '100.000', '007', '5.']) expect(vatRateError(ok)).toBeNull();
    expect([parseVatRate(''), parseVatRate('0'), parseVatRate('17.5'), parseVatRate('8.875'), parseVatRate(' 100 ')]).toEqual([
      null,
      0,
      17_500,
      8_875,
      100_000,
    ]);
  });

  it('refuses numbers outside 0-100 with the range text, anything else with the format text', () => {
    for (const range of ['100.001', '101', '-1', '-0.5', '1000']) expect(vatRateError(range)).toBe(VAT_TEXT.range);
    for (const format of ['abc', '1.2345', '.5', '1e2', '12,5', '20%', '.', '-']) expect(vatRateError(format)).toBe(VAT_TEXT.format);
  });

  it('shows a stored rate without trailing zeros', () => {
    expect([vatRateText(null), vatRateText(0), vatRateText(17_500), vatRateText(8_875), vatRateText(100_000), vatRateText(50)]).toEqual([
      '',
      '0',
      '17.5',
      '8.875',
      '100',
      '0.05',
    ]);
  });
});
