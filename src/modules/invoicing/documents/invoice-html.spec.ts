import { PREVIEW_TEXT } from '@ar/rules';
import { renderInvoiceHtml } from './invoice-html';
import { buildInvoicePreview } from '../../../../packages/rules/src/invoice-preview.fixture';

/** The header cells of the items table. */
const headers = (html: string) => [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);

describe('renderInvoiceHtml', () => {
  it('is a complete document with inline styles only, no <style>, no script', () => {
    const html = renderInvoiceHtml(buildInvoicePreview());
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Invoice #1042</title>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).not.toMatch(/<style|<script|<link/i);
  });

  it('escapes every text: a title with <script> and &, names, messages, the PayPal link', () => {
    const html = renderInvoiceHtml(
      buildInvoicePreview({
        items: [{ lotTitle: 'Vase <script>alert("x")</script> & stand' }],
        billingAddress: { name: "O'Brien & <Sons>", company: null, lines: [], email: null, phone: null },
        messages: [{ header: '<b>Terms</b>', detail: 'a & b', sequence: 1 }],
        paypalUrl: 'https://www.paypal.com/cgi-bin/webscr?cmd=_xclick&business=a"b',
      }),
    );
    expect(html).toContain('Vase &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; stand');
    expect(html).toContain('O&#39;Brien &amp; &lt;Sons&gt;');
    expect(html).toContain('<strong>&lt;b&gt;Terms&lt;/b&gt;</strong><br>a &amp; b');
    expect(html).toContain('href="https://www.paypal.com/cgi-bin/webscr?cmd=_xclick&amp;business=a&quot;b"');
    expect(html).not.toContain('<script>');
  });

  it('shows the live fee and per-lot cost columns by the rules', () => {
    expect(headers(renderInvoiceHtml(buildInvoicePreview()))).toEqual(['Lot', 'Item', 'Hammer', 'Premium', 'Total']);
    expect(headers(renderInvoiceHtml(buildInvoicePreview({ showCostsPerItem: true, items: [{ liveFeeCents: 250 }] })))).toEqual([
      'Lot',
      'Item',
      'Hammer',
      'Premium',
      'Live Fee',
      'S/H',
      'Insurance',
      'Other',
      'Tax',
      'Total',
    ]);
  });

  it('marks restricted items with * and shows the note and the restricted and online totals', () => {
    const plain = renderInvoiceHtml(buildInvoicePreview());
    expect(plain).not.toContain(PREVIEW_TEXT.restrictedNote);
    expect(plain).not.toContain('Payable Online');

    const html = renderInvoiceHtml(
      buildInvoicePreview({ items: [{ lotNumber: '12A', restricted: true, hammerCents: 10_000 }, { lotNumber: '13' }] }),
    );
    expect(html).toContain('>12A*</td>');
    expect(html).toContain('>13</td>');
    expect(html).toContain(PREVIEW_TEXT.restrictedNote);
    expect(html).toMatch(/Restricted Items Total<\/td><td[^>]*>\$125\.00</);
    expect(html).toMatch(/Payable Online<\/td><td[^>]*>\$156\.25</);
  });

  it('prints the amounts with formatPreviewMoney and the currency code', () => {
    const html = renderInvoiceHtml(
      buildInvoicePreview({ currencyCode: 'CAD', currencySymbol: 'C$', items: [{ hammerCents: 1_234_500 }], paymentsMadeCents: 100_001 }),
    );
    expect(html).toContain('>C$12,345.00</td>');
    expect(html).toContain('>C$3,086.25</td>');
    expect(html).toMatch(/Payments Made<\/td><td[^>]*>C\$1,000\.01</);
    expect(html).toMatch(/Total Due<\/td><td[^>]*>C\$14,431\.24</);
    expect(html).toContain('All amounts are in CAD.');
  });

  it('draws the image when there is one, else the placeholder box', () => {
    const html = renderInvoiceHtml(buildInvoicePreview({ items: [{ imageUrl: 'https://img.example/lot 1.jpg' }, {}] }));
    expect(html).toContain('<img src="https://img.example/lot 1.jpg"');
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html.match(/No image/g)).toHaveLength(1);
  });

  it('prints the messages in sequence order, header bold, line breaks kept', () => {
    const html = renderInvoiceHtml(
      buildInvoicePreview({
        messages: [
          { header: 'Shipping', detail: 'We ship weekly.', sequence: 3 },
          { header: 'Pickup', detail: 'Mon-Fri\nBring ID', sequence: 1 },
        ],
      }),
    );
    expect(html).toContain('<strong>Pickup</strong><br>Mon-Fri<br>Bring ID');
    expect(html.indexOf('<strong>Pickup</strong>')).toBeLessThan(html.indexOf('<strong>Shipping</strong>'));
  });

  it('shows the cards, ACH and PayPal only when the preview allows them', () => {
    const none = renderInvoiceHtml(buildInvoicePreview({ acceptedCards: [], allowACHPayment: false, paypalUrl: null }));
    expect(none).not.toMatch(/Cards accepted|ACH|PayPal/);
    const all = renderInvoiceHtml(
      buildInvoicePreview({ acceptedCards: ['VISA', 'MC'], allowACHPayment: true, paypalUrl: 'https://pp.example/x' }),
    );
    expect(all).toContain('Cards accepted online: Visa, MasterCard');
    expect(all).toContain('ACH bank transfer is accepted online.');
    expect(all).toContain('<a href="https://pp.example/x"');
  });
});
