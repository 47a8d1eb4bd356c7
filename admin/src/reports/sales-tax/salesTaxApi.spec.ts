import { describe, expect, it } from '@jest/globals';
import { salesTaxYears } from '@ar/rules';
import { centsText, fetchAllSalesTaxRows, salesTaxCsv, salesTaxPath } from './salesTaxApi';

const row = (id: string, sales: number, tax: number, stateName = 'New York') => ({
  id,
  startDate: '11/01/2025',
  maxDate: '11/20/2025',
  stateCode: 'NY',
  stateName,
  salesAmount: sales / 100,
  salesAmountCents: sales,
  taxAmount: tax / 100,
  taxAmountCents: tax,
});

describe('sales tax report: admin call and CSV', () => {
  it('writes amounts from cents exactly', () => {
    expect(centsText(0)).toBe('0.00');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(123_456)).toBe('1234.56');
    expect(centsText(-566)).toBe('-5.66');
  });

  it('sends only the chosen filters, with the page and the sort', () => {
    expect(salesTaxPath({ houseRef: 'H1', year: '2025', month: '', state: 'NY' }, 2, 100, { field: 'taxAmount', order: 'ASC' })).toBe(
      '/app/house/H1/salesTaxReport?year=2025&state=NY&page=2&size=100&sort=taxAmount&order=ASC',
    );
  });

  it('reads every page for the CSV', async () => {
    const pages = [[row('a', 1, 1), row('b', 2, 2)], [row('c', 3, 3)]];
    const asked: string[] = [];
    const call = async <T>(_: 'GET', path: string) => {
      asked.push(path);
      const page = Number(new URLSearchParams(path.split('?')[1]).get('page'));
      return { data: { houseSalesTaxReport: pages[page - 1] ?? [], totalRecords: 3 } } as T;
    };
    const rows = await fetchAllSalesTaxRows(call, { houseRef: 'H', year: '', month: '', state: '' }, { field: 'startDate', order: 'DESC' });
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(asked).toHaveLength(2);
  });

  it('builds tax-report.csv with a BOM, the header, CRLF rows and safe cells', () => {
    const csv = salesTaxCsv([row('a', 1_060_00, 60_00), row('b', -94_34, -5_66, '=Bad, Name')]);
    expect(csv).toBe(
      '\uFEFFStart Date,End Date,State,Gross Sales,Sales Tax\r\n' +
        '11/01/2025,11/20/2025,New York,1060.00,60.00\r\n' +
        `11/01/2025,11/20/2025,"'=Bad, Name",-94.34,-5.66\r\n`,
    );
  });

  it('offers 2023 up to the current year, newest first', () => {
    expect(salesTaxYears(2026)).toEqual([2026, 2025, 2024, 2023]);
  });
});
