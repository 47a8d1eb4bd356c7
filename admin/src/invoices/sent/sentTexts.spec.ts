import { describe, expect, it } from '@jest/globals';
import { balanceText, currencySymbol, deliveryChip, nameWithCompany, notSentCount, sentBanner } from './sentTexts';

describe('deliveryChip', () => {
  it('names each delivery, with the reason when it did not go out', () => {
    expect(deliveryChip('queued', null)).toEqual({ label: 'Queued', tone: 'neutral' });
    expect(deliveryChip('sent', null)).toEqual({ label: 'Sent', tone: 'success' });
    expect(deliveryChip('failed', 'mailbox unavailable')).toEqual({ label: 'Failed: mailbox unavailable', tone: 'error' });
    expect(deliveryChip('failed', ' ')).toEqual({ label: 'Failed', tone: 'error' });
    expect(deliveryChip('not_sent', 'The bidder has no email address.')).toEqual({
      label: 'Not sent: The bidder has no email address.',
      tone: 'error',
    });
    expect(deliveryChip('not_requested', null)).toBeNull();
  });
});

describe('sentBanner', () => {
  it("is the spec's text when every invoice went out", () => {
    expect(sentBanner(3, 0)).toEqual({ text: 'Your invoices have been sent', severity: 'success' });
  });

  it('says how many did not go out', () => {
    expect(sentBanner(3, 1).text).toBe('Your invoices have been sent. 1 of 3 invoices was not sent; see the Status column.');
    expect(sentBanner(5, 2)).toEqual({
      text: 'Your invoices have been sent. 2 of 5 invoices were not sent; see the Status column.',
      severity: 'warning',
    });
  });

  it('counts the not sent and the failed rows', () => {
    expect(notSentCount([{ delivery: 'sent' }, { delivery: 'not_sent' }, { delivery: 'failed' }, { delivery: 'queued' }])).toBe(2);
  });
});

describe('row texts', () => {
  it('adds the company when there is one', () => {
    expect(nameWithCompany('Ann Lee', 'Lee Antiques')).toBe('Ann Lee (Lee Antiques)');
    expect(nameWithCompany('Ann Lee', null)).toBe('Ann Lee');
    expect(nameWithCompany('Ann Lee', '  ')).toBe('Ann Lee');
  });

  it('writes the balance as currency code plus amount, exact to the cent', () => {
    expect(balanceText('USD', 123450)).toBe('USD 1,234.50');
    expect(balanceText('CAD', -5)).toBe('CAD -0.05');
    expect(balanceText('USD', 0)).toBe('USD 0.00');
  });

  it('finds a symbol for the totals', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('XXQ')).toBe('XXQ ');
    expect(currencySymbol(undefined)).toBe('$');
  });
});
