import { describe, expect, it } from '@jest/globals';
import { editInvoicesPath, groupIdParam, pageSizeParam, previewPath, searchParam, statusParam } from './routeParams';

describe('invoice screen parameters', () => {
  it('reads group ids, page sizes, filters and searches', () => {
    expect(groupIdParam('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', 'abc', '99999999999', '2147483648']) expect(groupIdParam(bad)).toBeNull();
    expect([pageSizeParam('100'), pageSizeParam('200'), pageSizeParam('75'), pageSizeParam(null)]).toEqual([100, 200, 50, 50]);
    expect([statusParam('paid'), statusParam('UNPAID'), statusParam('x'), statusParam(null)]).toEqual(['PAID', 'UNPAID', 'ALL', 'ALL']);
    expect(searchParam('  smith ')).toBe('smith');
    expect(searchParam('x'.repeat(150))).toHaveLength(100);
  });

  it('builds the Edit Invoices and preview links', () => {
    expect(editInvoicesPath(3)).toBe('/invoices/EditInvoices/3');
    expect(editInvoicesPath(3, [7])).toBe('/invoices/EditInvoices/3?id=7');
    expect(editInvoicesPath(3, [7, 8])).toBe('/invoices/EditInvoices/3?id=7,8');
    expect(previewPath(3, [7, 8])).toBe('/invoices/InvoiceGroupPreview/3/invoice/7,8');
  });
});
