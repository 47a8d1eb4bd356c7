import { describe, expect, it } from '@jest/globals';
import { backLinkOf, progressPercent, progressText, retryUnlessRefused, sentInvoicesPath, stepIndex } from './previewNav';

describe('backLinkOf', () => {
  it('goes back to the screen of this group that opened the preview, query kept', () => {
    expect(backLinkOf('/invoices/EditInvoices/7?id=1,2&page=2', 7)).toEqual({
      to: '/invoices/EditInvoices/7?id=1,2&page=2',
      label: '< Edit Invoices',
    });
    expect(backLinkOf('/invoices/CreateNewInvoices/7', 7)).toEqual({ to: '/invoices/CreateNewInvoices/7', label: '< Create New Invoices' });
    expect(backLinkOf('/invoices/InvoiceGroupDetails/7?page=3', 7)).toEqual({
      to: '/invoices/InvoiceGroupDetails/7?page=3',
      label: '< Invoice Group Details',
    });
  });

  it('falls back to the group details without a source, for another group or any other address', () => {
    const details = { to: '/invoices/InvoiceGroupDetails/7', label: '< Invoice Group Details' };
    expect(backLinkOf(null, 7)).toEqual(details);
    expect(backLinkOf(undefined, 7)).toEqual(details);
    expect(backLinkOf('/invoices/EditInvoices/8', 7)).toEqual(details);
    expect(backLinkOf('https://evil.example/invoices/EditInvoices/7', 7)).toEqual(details);
    expect(backLinkOf('//evil.example/invoices/EditInvoices/7', 7)).toEqual(details);
    expect(backLinkOf('/settings/locations', 7)).toEqual(details);
  });
});

describe('send progress', () => {
  it('reads "n of m", within bounds', () => {
    expect(progressText({ done: 3, total: 10 })).toBe('3 of 10');
    expect(progressText({ done: 12, total: 10 })).toBe('10 of 10');
    expect(progressText({ done: 0, total: 0 })).toBe('0 of 0');
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 5, total: 0 })).toBe(0);
    expect(progressPercent({ done: 4, total: 4 })).toBe(100);
  });

  it('lands on the Sent Invoices screen of the same invoices', () => {
    expect(sentInvoicesPath(4, [9, 10])).toBe('/invoices/SentInvoices/4/9,10');
  });
});

describe('stepIndex', () => {
  it('stays within the list', () => {
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});

describe('retryUnlessRefused', () => {
  it('retries a network failure or a 5xx twice, never a 4xx', () => {
    expect(retryUnlessRefused(0, new Error('Failed to fetch'))).toBe(true);
    expect(retryUnlessRefused(1, { status: 503 })).toBe(true);
    expect(retryUnlessRefused(2, { status: 503 })).toBe(false);
    expect(retryUnlessRefused(0, { status: 404 })).toBe(false);
    expect(retryUnlessRefused(0, { status: 400 })).toBe(false);
    expect(retryUnlessRefused(0, { status: 403 })).toBe(false);
  });
});
