import { PREVIEW_TEXT } from './invoice-preview';
import { buildInvoiceDocument, itemColumns } from './invoice-document';
import { buildInvoicePreview, lots } from './invoice-preview.fixture';

const keys = (p: Parameters<typeof itemColumns>[0]) => itemColumns(p).map((c) => c.key);

describe('invoice document model', () => {
  it('shows hammer, premium and total; live fee only when an item has one; per-lot costs only with showCostsPerItem', () => {
    expect(keys(buildInvoicePreview())).toEqual(['hammer', 'premium', 'total']);
    expect(keys(buildInvoicePreview({ items: [{}, { liveFeeCents: 300 }] }))).toEqual(['hammer', 'premium', 'liveFee', 'total']);
    // Per-lot costs stay hidden without showCostsPerItem, even when an item carries them.
    expect(keys(buildInvoicePreview({ items: [{ shippingCents: 500, taxCents: 80 }] }))).toEqual(['hammer', 'premium', 'total']);
    expect(keys(buildInvoicePreview({ showCostsPerItem: true }))).toEqual([
      'hammer',
      'premium',
      'shipping',
      'insurance',
      'misc',
      'tax',
      'total',
    ]);
  });

  it('prints every amount from the cents, with the currency symbol and thousands separators', () => {
    const d = buildInvoiceDocument(
      buildInvoicePreview({ currencySymbol: '£', currencyCode: 'GBP', items: [{ hammerCents: 123_456_789, premiumCents: 5 }] }),
    );
    expect(d.items[0].amounts).toEqual(['£1,234,567.89', '£0.05', '£1,234,567.94']);
    expect(d.totals.find((t) => t.label === 'Total Due')).toEqual({
      key: 'totalDue',
      label: 'Total Due',
      value: '£1,234,567.94',
      strong: true,
    });
    expect(d.currencyNote).toBe('All amounts are in GBP.');
  });

  it('lists the non-zero costs, the total, payments made and the total due; restricted and online totals only with restricted items', () => {
    const plain = buildInvoiceDocument(buildInvoicePreview({ items: [{ hammerCents: 10_000 }], paymentsMadeCents: 2_500 }));
    expect(plain.totals.map((t) => `${t.label} ${t.value}`)).toEqual([
      'Hammer $100.00',
      "Buyer's Premium $25.00",
      'Invoice Total $125.00',
      'Payments Made $25.00',
      'Total Due $100.00',
    ]);
    expect(plain.restrictedNote).toBeNull();

    const restricted = buildInvoiceDocument(
      buildInvoicePreview({
        items: [{ hammerCents: 10_000 }, { hammerCents: 4_000, restricted: true }],
        invoiceCharges: { shipping: 1_500 },
      }),
    );
    expect(restricted.totals.map((t) => `${t.label} ${t.value}`)).toEqual([
      'Hammer $140.00',
      "Buyer's Premium $35.00",
      'Shipping & Handling $15.00',
      'Invoice Total $190.00',
      'Payments Made $0.00',
      'Total Due $190.00',
      'Restricted Items Total $50.00',
      'Payable Online $140.00',
    ]);
    expect(restricted.items.map((i) => i.lotNumber)).toEqual(['1', '2*']);
    expect(restricted.totals.map((t) => t.key)).toEqual([
      'hammer',
      'premium',
      'shipping',
      'total',
      'paymentsMade',
      'totalDue',
      'restrictedTotal',
      'onlineTotal',
    ]);
    expect(restricted.restrictedNote).toBe(PREVIEW_TEXT.restrictedNote);
  });

  it('orders the messages by sequence and keeps the detail as written', () => {
    const d = buildInvoiceDocument(
      buildInvoicePreview({
        messages: [
          { header: 'Second', detail: 'b', sequence: 2 },
          { header: 'First', detail: 'line 1\nline 2', sequence: 1 },
        ],
      }),
    );
    expect(d.messages).toEqual([
      { header: 'First', detail: 'line 1\nline 2' },
      { header: 'Second', detail: 'b' },
    ]);
  });

  it('shows the paddle only when there is one, and the payment lines only when allowed', () => {
    const none = buildInvoiceDocument(
      buildInvoicePreview({ paddleNumber: null, acceptedCards: [], allowACHPayment: false, items: lots(1) }),
    );
    expect(none.meta.map((m) => m.label)).toEqual(['Invoice #', 'Invoice Date']);
    expect(none.payment).toEqual({ heading: 'Ways to pay', cards: null, ach: null, paypal: null });

    const all = buildInvoiceDocument(buildInvoicePreview({ acceptedCards: ['VISA', 'AMEX'], paypalUrl: 'https://www.paypal.com/x' }));
    expect(all.meta.map((m) => `${m.label} ${m.value}`)).toEqual(['Invoice # 1042', 'Invoice Date 11/25/2026', 'Paddle # 118']);
    expect(all.payment.cards).toBe('Cards accepted online: Visa, American Express');
    expect(all.payment.ach).toBe('ACH bank transfer is accepted online.');
    expect(all.payment.paypal).toEqual({ label: 'Pay with PayPal', url: 'https://www.paypal.com/x' });
  });

  it("names each row's sale, or null when the invoice has none (an empty one too)", () => {
    const d = buildInvoiceDocument(
      buildInvoicePreview({ items: [{ saleIdentifier: 'SEP26' }, { saleIdentifier: null }, { saleIdentifier: '' }] }),
    );
    expect(d.items.map((i) => i.saleIdentifier)).toEqual(['SEP26', null, null]);
  });
});
