import { describe, expect, it } from '@jest/globals';
import { addressText, CSV_COLUMNS, csvFileName, csvLine, invoicesCsv, invoiceCsvRow, safeCell } from './csv';
import type { Invoice } from './invoiceApi';

const invoice = (over: Partial<Invoice> = {}): Invoice =>
  ({
    invoiceID: 7,
    invoiceNumber: 1042,
    invoiceGroupID: 1,
    firstName: 'Mary',
    lastName: 'Allen',
    name: 'Mary Allen',
    displayName: 'Mary Allen',
    email: 'mary@example.com',
    companyName: null,
    platform: 'INV',
    paddleNumber: 147,
    street1: '5241 King Street',
    street2: null,
    city: 'New York',
    state: 'NY',
    province: null,
    postalCode: '10001',
    country: 'US',
    location: 'New York, NY, US',
    channel: 'Online',
    pickup: false,
    currencyCode: 'USD',
    itemCount: 6,
    invoiceTotalCents: 1489955,
    outStandingBalanceCents: 1489955,
    invoicePaidCents: 0,
    applyCostPerLot: true,
    totalPrice: { currencySymbol: '$' },
    totalPriceCents: { hammer: 0, premium: 0, livefee: 0, tax: 0, shipping: 0, insurance: 0, other: 0 },
    invoiceChargesCents: { tax: 0, shipping: 0, insurance: 0, other: 0 },
    invoiceStatus: 'Paid',
    shipStatus: 'Not',
    shipDateString: null,
    paidDateString: '11/20/2026',
    paymentMethod: 'Visa',
    invoiceSentDateString: null,
    ...over,
  }) as Invoice;

describe('invoice CSV', () => {
  it('has exactly the columns of spec 000 section 7, in order', () => {
    expect(CSV_COLUMNS).toEqual([
      'Invoice #',
      'Paddle',
      'Name',
      'Platform',
      'Address',
      'Invoice Total',
      'Outstanding Bal.',
      'Invoice Status',
      'Payment Method',
      'Payment Date',
      'Ship Status',
      'Ship Date',
    ]);
  });

  it('writes one row per invoice with plain two-decimal amounts', () => {
    expect(invoiceCsvRow(invoice())).toEqual([
      '1042',
      '147',
      'Mary Allen',
      'INV',
      '5241 King Street, New York, NY 10001, US',
      '14899.55',
      '14899.55',
      'Paid',
      'Visa',
      '11/20/2026',
      'Not',
      '',
    ]);
    expect(invoiceCsvRow(invoice({ paddleNumber: 0, outStandingBalanceCents: -500 }))[1]).toBe('');
    expect(invoiceCsvRow(invoice({ outStandingBalanceCents: -500 }))[6]).toBe('-5.00');
  });

  it('prefixes cells a spreadsheet would run as formulas with a single quote', () => {
    for (const bad of ['=HYPERLINK("http://x")', '+1 555 0100', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(safeCell(bad)).toBe(`'${bad}`);
    }
    expect(safeCell('Mary')).toBe('Mary');
    expect(safeCell('-12.50')).toBe('-12.50');
    const row = invoiceCsvRow(invoice({ firstName: '=cmd|', lastName: "' /C calc'!A0" }));
    expect(csvLine(row).split(',')[2]).toBe("'=cmd| ' /C calc'!A0");
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain'])).toBe('"a,b","say ""hi""","two\nlines",plain');
  });

  it('starts with a BOM and the header, and ends lines with CRLF', () => {
    const text = invoicesCsv([invoice()]);
    expect(
      text.startsWith(
        '\uFEFFInvoice #,Paddle,Name,Platform,Address,Invoice Total,Outstanding Bal.,Invoice Status,Payment Method,Payment Date,Ship Status,Ship Date\r\n',
      ),
    ).toBe(true);
    expect(text.split('\r\n')).toHaveLength(3);
    expect(text.split('\r\n')[1]).toBe(
      '1042,147,Mary Allen,INV,"5241 King Street, New York, NY 10001, US",14899.55,14899.55,Paid,Visa,11/20/2026,Not,',
    );
  });

  it('joins the address parts that exist', () => {
    expect(
      addressText({ street1: null, street2: null, city: 'Toronto', state: null, province: 'ON', postalCode: null, country: 'CA' }),
    ).toBe('Toronto, ON, CA');
  });

  it('names the file after the group', () => {
    expect(csvFileName('Autumn Fine Art & Antiques')).toBe('Autumn Fine Art & Antiques.csv');
    expect(csvFileName('a/b:c*?')).toBe('a_b_c__.csv');
    expect(csvFileName('   ')).toBe('invoices.csv');
  });
});
