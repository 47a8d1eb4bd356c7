import {
  additionalChargeStatus,
  formatUsDate,
  invoiceStatusText,
  itemStatusLabel,
  onlinePaymentState,
  shipStatus,
  truncateGroupName,
  truncateName,
  type InvoiceStatusInput,
} from './statuses';

describe('onlinePaymentStat', () => {
  it('a is paid; p, u, h, i pending; d, f failed; anything else nothing', () => {
    expect(onlinePaymentState('a')).toBe('paid');
    for (const s of ['p', 'u', 'h', 'i']) expect(onlinePaymentState(s)).toBe('pending');
    for (const s of ['d', 'f']) expect(onlinePaymentState(s)).toBe('failed');
    for (const s of [null, undefined, '', 'x', 'A', 'toString']) expect(onlinePaymentState(s)).toBeNull();
  });
});

describe('invoice status text', () => {
  const base: InvoiceStatusInput = { allPaid: false, sent: false, paymentsMade: 0, outstandingBalance: 10_000 };

  it('Not Sent, then Sent', () => {
    expect(invoiceStatusText(base)).toBe('Not Sent');
    expect(invoiceStatusText({ ...base, sent: true })).toBe('Sent');
  });

  it('Partial Paid when something is paid and a balance remains; beats Sent', () => {
    expect(invoiceStatusText({ ...base, sent: true, paymentsMade: 1_000, outstandingBalance: 9_000 })).toBe('Partial Paid');
    expect(invoiceStatusText({ ...base, sent: true, anyLinePaid: true })).toBe('Partial Paid');
  });

  it('Payment Failed (d, f) beats Partial Paid; Payment Pending (p, u, h, i) beats Payment Failed', () => {
    const partial = { ...base, sent: true, paymentsMade: 1_000, outstandingBalance: 9_000 };
    expect(invoiceStatusText({ ...partial, onlinePaymentStat: 'd' })).toBe('Payment Failed');
    expect(invoiceStatusText({ ...base, onlinePaymentStat: 'f' })).toBe('Payment Failed');
    for (const s of ['p', 'u', 'h', 'i']) expect(invoiceStatusText({ ...partial, onlinePaymentStat: s })).toBe('Payment Pending');
  });

  it('Paid wins: the all-paid flag, or nothing outstanding after a payment', () => {
    expect(invoiceStatusText({ ...base, allPaid: true, onlinePaymentStat: 'p' })).toBe('Paid');
    expect(invoiceStatusText({ ...base, paymentsMade: 10_000, outstandingBalance: 0, onlinePaymentStat: 'f' })).toBe('Paid');
    expect(invoiceStatusText({ ...base, onlinePaymentStat: 'a', outstandingBalance: 0 })).toBe('Paid');
  });

  it('a zero balance with nothing paid is not Paid', () => {
    expect(invoiceStatusText({ ...base, outstandingBalance: 0, sent: true })).toBe('Sent');
  });

  it('a card payment with an unpaid additional charge left is Partial Paid', () => {
    expect(invoiceStatusText({ ...base, onlinePaymentStat: 'a', paymentsMade: 10_000, outstandingBalance: 500 })).toBe('Partial Paid');
  });
});

describe('ship status', () => {
  const l = (shipped: boolean, hidden = false) => ({ shipped, hidden });
  it('Shipped, or Picked Up on a pickup invoice, when every visible lot is shipped', () => {
    expect(shipStatus({ pickup: false, lines: [l(true), l(true), l(false, true)] })).toBe('Shipped');
    expect(shipStatus({ pickup: true, lines: [l(true)] })).toBe('Picked Up');
  });
  it('Partial when some are, Not when none or no visible lot', () => {
    expect(shipStatus({ pickup: false, lines: [l(true), l(false)] })).toBe('Partial');
    expect(shipStatus({ pickup: false, lines: [l(false), l(true, true)] })).toBe('Not');
    expect(shipStatus({ pickup: false, lines: [] })).toBe('Not');
  });
});

describe('item status label', () => {
  it('Not Sent, Sent, Paid, Shipped; Shipped wins over Paid, Paid over Sent', () => {
    expect(itemStatusLabel({ invoiceSent: false })).toBe('Not Sent');
    expect(itemStatusLabel({ invoiceSent: true })).toBe('Sent');
    expect(itemStatusLabel({ invoiceSent: true, paidDate: '2026-01-02' })).toBe('Paid');
    expect(itemStatusLabel({ invoiceSent: false, paidDate: '2026-01-02' })).toBe('Paid');
    expect(itemStatusLabel({ invoiceSent: true, paidDate: '2026-01-02', shippedDate: '2026-01-03' })).toBe('Shipped');
    expect(itemStatusLabel({ invoiceSent: false, shippedDate: new Date('2026-01-03T00:00:00Z') })).toBe('Shipped');
  });
});

describe('additional-charge status', () => {
  it('Hidden first', () => {
    expect(additionalChargeStatus({ hidden: true, paid: true, paidDate: '2026-01-02' })).toBe('Hidden');
  });
  it('Paid {date} (MM/DD/YYYY), or Paid by card without a date', () => {
    expect(additionalChargeStatus({ paid: true, paidDate: '2026-01-02', sentDate: '2025-12-30' })).toBe('Paid 01/02/2026');
    expect(additionalChargeStatus({ onlinePaymentStat: 'a' })).toBe('Paid');
  });
  it('Payment Pending, then Payment Failed, over Sent', () => {
    expect(additionalChargeStatus({ onlinePaymentStat: 'h', sentDate: '2026-01-02' })).toBe('Payment Pending');
    expect(additionalChargeStatus({ onlinePaymentStat: 'd', sentDate: '2026-01-02' })).toBe('Payment Failed');
  });
  it('Sent {date}, else Not Sent', () => {
    expect(additionalChargeStatus({ sentDate: new Date('2026-03-04T23:30:00Z') })).toBe('Sent 03/04/2026');
    expect(additionalChargeStatus({})).toBe('Not Sent');
  });
  it('refuses a date it cannot read', () => {
    expect(() => formatUsDate('02/03/2026')).toThrow(RangeError);
    expect(() => formatUsDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('name cuts', () => {
  it('names over 25 characters become 22 plus ...', () => {
    expect(truncateName('A'.repeat(25))).toBe('A'.repeat(25));
    expect(truncateName('A'.repeat(26))).toBe('A'.repeat(22) + '...');
    expect(truncateName('Bartholomew Featherstonehaugh')).toBe('Bartholomew Feathersto...');
    expect(truncateName('')).toBe('');
  });
  it('counts characters, not UTF-16 units', () => {
    const name = 'Zo\u00eb \u{1F600}' + 'x'.repeat(5) + '\u00e9'.repeat(16); // 26 characters, 27 UTF-16 units
    expect(Array.from(name)).toHaveLength(26);
    expect(name).toHaveLength(27);
    expect(truncateName(name)).toBe(Array.from(name).slice(0, 22).join('') + '...');
    expect(truncateName('\u{1F600}'.repeat(25))).toBe('\u{1F600}'.repeat(25));
  });
  it('group names over 50 are cut with ... appended', () => {
    expect(truncateGroupName('G'.repeat(50))).toBe('G'.repeat(50));
    expect(truncateGroupName('G'.repeat(51))).toBe('G'.repeat(50) + '...');
  });
});
