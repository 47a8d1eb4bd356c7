import { auditChange, auditEntryView } from './audit.view';

const lots = new Map([[12, '5A']]);

describe('audit trail as shown', () => {
  it('reads invoice, line and additional-charge keys with labels and texts', () => {
    expect(auditChange('shipping_cents', '0', '1250', lots)).toEqual({
      field: 'shipping_cents',
      scope: 'invoice',
      lineId: null,
      lotNumber: null,
      label: 'Shipping',
      before: '0.00',
      after: '12.50',
      derived: false,
    });
    expect(auditChange('line:12.suppress', false, true, lots)).toMatchObject({
      scope: 'line',
      lineId: 12,
      lotNumber: '5A',
      label: 'Visibility',
      before: 'Shown',
      after: 'Hidden',
    });
    expect(auditChange('line:12.other_staff_cents', '0', '-500', lots)).toMatchObject({
      label: 'Other',
      before: '0.00',
      after: '-5.00',
      derived: false,
    });
    expect(auditChange('line:12.total_cents', '100', '200', lots)).toMatchObject({ label: 'Total', derived: true });
    expect(auditChange('additional:line:12.shipping_cents', '0', '700', lots)).toMatchObject({
      scope: 'additional',
      lineId: 12,
      lotNumber: '5A',
      label: "Add'l Shipping",
      after: '7.00',
    });
    expect(auditChange('additional:invoice.hidden', false, true, lots)).toMatchObject({
      scope: 'additional',
      lineId: null,
      label: "Add'l charge visibility",
      after: 'Hidden',
    });
    expect(auditChange('pickup', false, true, lots)).toMatchObject({ label: 'Delivery mode', before: 'Shipping', after: 'Pickup' });
    expect(auditChange('paid_date', null, '2026-11-10T00:00:00.000Z', lots)).toMatchObject({
      label: 'Paid date',
      before: null,
      after: '11/10/2026',
    });
    expect(auditChange('payment_method_id', null, 11, lots)).toMatchObject({ after: 'ACH' });
    expect(auditChange('line:99.mystery_cents', '1', '2', lots)).toMatchObject({ label: 'Mystery', before: '0.01', lotNumber: null });
  });

  it('an entry: edits first, what they caused after; action texts', () => {
    const v = auditEntryView(
      {
        id: 3,
        lineId: 12,
        userId: 1,
        userName: 'owner',
        action: 'charges',
        createdAt: new Date('2026-11-21T10:00:00Z'),
        before: { invoice_total_cents: '100', 'line:12.shipping_cents': '0' },
        after: { invoice_total_cents: '200', 'line:12.shipping_cents': '100' },
      },
      lots,
    );
    expect(v).toMatchObject({
      id: 3,
      createdAt: '2026-11-21T10:00:00.000Z',
      createdAtString: '11/21/2026',
      userName: 'owner',
      actionText: 'Charges edited',
      lotNumber: '5A',
    });
    expect(v.changes.map((c) => c.field)).toEqual(['line:12.shipping_cents', 'invoice_total_cents']);
    const add = auditEntryView(
      {
        id: 4,
        lineId: null,
        userId: 1,
        userName: 'o',
        action: 'charges',
        createdAt: new Date(),
        before: { 'additional:invoice.tax_cents': '0' },
        after: { 'additional:invoice.tax_cents': '5' },
      },
      lots,
    );
    expect(add.actionText).toBe('Additional charges edited');
    expect(
      auditEntryView(
        { id: 5, lineId: null, userId: 1, userName: 'o', action: 'invoice.paid', createdAt: new Date(), before: {}, after: {} },
        lots,
      ).actionText,
    ).toBe('Invoice paid');
  });
});
