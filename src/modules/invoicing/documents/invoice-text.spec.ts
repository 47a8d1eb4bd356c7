import { buildInvoiceDocument, PREVIEW_TEXT } from '@ar/rules';
import { renderInvoiceHtml } from './invoice-html';
import { buildInvoicePreview } from '../../../../packages/rules/src/invoice-preview.fixture';
import { renderInvoiceText } from './invoice-text';

const MONEY = /-?\$[\d,]+\.\d\d/g;

describe('renderInvoiceText', () => {
  const preview = buildInvoicePreview({
    showCostsPerItem: true,
    items: [
      {
        lotNumber: '7B',
        lotTitle: 'Tiffany & Co. <tea> service',
        hammerCents: 250_000,
        liveFeeCents: 500,
        taxCents: 1_999,
        restricted: true,
      },
      { lotNumber: '8', shippingCents: 4_500, insuranceCents: 125, miscCents: 300 },
    ],
    paymentsMadeCents: 10_000,
    paypalUrl: 'https://www.paypal.com/cgi-bin/webscr?cmd=_xclick',
  });

  it('has the same amounts as the HTML, in the same order', () => {
    const text = renderInvoiceText(preview);
    const html = renderInvoiceHtml(preview);
    const amounts = text.match(MONEY);
    expect(amounts).toEqual(html.match(MONEY));
    const d = buildInvoiceDocument(preview);
    expect(amounts).toEqual([...d.items.flatMap((i) => i.amounts), ...d.totals.map((t) => t.value)]);
  });

  it('keeps the texts unescaped and carries the lots, the note, the payment lines and the messages', () => {
    const text = renderInvoiceText(preview);
    expect(text).toContain('Lot 7B*: Tiffany & Co. <tea> service');
    expect(text).toContain(PREVIEW_TEXT.restrictedNote);
    expect(text).toMatch(/Total Due: +\$3,255\.49/);
    expect(text).toContain('Pay with PayPal: https://www.paypal.com/cgi-bin/webscr?cmd=_xclick');
    expect(text).toContain('Pickup\nPickup is Monday to Friday, 10am to 4pm.\nPlease bring your paddle number.\n\nPayment terms');
    expect(text).toContain('Margaret Holloway\n42 Elm Street, Apt 3B');
    expect(text).toContain('All amounts are in USD.');
    expect(text).not.toContain('&amp;');
  });
});
