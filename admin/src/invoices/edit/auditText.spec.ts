import { describe, expect, it } from '@jest/globals';
import { actionText, auditLine, auditWhen, computedFieldOf } from './auditText';

describe('History list', () => {
  const lots = new Map([[41, '12A']]);
  const lotOf = (id: number) => lots.get(id);

  it('says who changed what and when, money as money, lines by lot number', () => {
    const line = auditLine(
      {
        id: 7,
        createdAt: '2026-11-21T19:05:00Z',
        userName: 'owner',
        action: 'charges',
        lineId: 41,
        before: {
          'line:41.shipping_cents': '0',
          'line:41.total_cents': '1000',
          invoice_total_cents: '1000',
          balance_cents: '1000',
          item_count: 3,
        },
        after: {
          'line:41.shipping_cents': '1250',
          'line:41.total_cents': '2250',
          invoice_total_cents: '2250',
          balance_cents: '2250',
          item_count: 3,
        },
      },
      '$',
      lotOf,
      'UTC',
    );
    expect(line).toEqual({
      id: 7,
      when: '11/21/2026 7:05 PM',
      who: 'owner',
      what: 'Charges edited',
      changes: [
        { label: 'Lot 12A S/H', before: '$0.00', after: '$12.50' },
        { label: 'Invoice Total', before: '$10.00', after: '$22.50' },
        { label: 'Outstanding Balance', before: '$10.00', after: '$22.50' },
      ],
    });
  });

  it('prints marks, dates, methods, notes and the delivery mode; unknown lines by id', () => {
    const line = auditLine(
      {
        id: 8,
        createdAt: '2026-11-21T10:00:00Z',
        userName: 'clerk',
        action: 'invoice.paid',
        lineId: null,
        before: {
          all_paid: false,
          paid_date: null,
          payment_method_id: null,
          notes: null,
          pickup: false,
          'line:99.suppress': false,
          'additional:invoice.shipping_cents': 0,
          'additional:line:41.tax_cents': 100,
        },
        after: {
          all_paid: true,
          paid_date: '2026-11-20',
          payment_method_id: 11,
          notes: 'Call first',
          pickup: true,
          'line:99.suppress': true,
          'additional:invoice.shipping_cents': 500,
          'additional:line:41.tax_cents': 250,
        },
      },
      '€',
      lotOf,
      'UTC',
    );
    expect(line.what).toBe('Marked as paid');
    expect(line.changes).toEqual([
      { label: 'Paid', before: 'No', after: 'Yes' },
      { label: 'Paid date', before: '—', after: '11/20/2026' },
      { label: 'Payment method', before: '—', after: 'ACH' },
      { label: 'Internal note', before: '—', after: 'Call first' },
      { label: 'Delivery', before: 'Shipping', after: 'Pickup' },
      { label: 'Lot #99 Hidden', before: 'No', after: 'Yes' },
      { label: "Add'l S/H", before: '€0.00', after: '€5.00' },
      { label: "Lot 12A Add'l Tax", before: '€1.00', after: '€2.50' },
    ]);
  });

  it("uses the server's reading when it sends one: the edit (the same change on several lots in one line), then the invoice total", () => {
    const line = auditLine(
      {
        id: 9,
        createdAt: '2026-11-21T19:05:00Z',
        userName: 'owner',
        action: 'charges',
        actionText: 'Charges edited',
        lineId: null,
        before: {},
        after: {},
        changes: [
          {
            field: 'line:41.shipping_cents',
            scope: 'line',
            lineId: 41,
            lotNumber: '12A',
            label: 'Shipping',
            before: '0.00',
            after: '12.50',
            derived: false,
          },
          { field: 'line:41.paid', scope: 'line', lineId: 41, lotNumber: '12A', label: 'Paid', before: 'No', after: 'Yes', derived: false },
          { field: 'line:42.paid', scope: 'line', lineId: 42, lotNumber: '13', label: 'Paid', before: 'No', after: 'Yes', derived: false },
          {
            field: 'additional:invoice.tax_cents',
            scope: 'additional',
            lineId: null,
            lotNumber: null,
            label: "Add'l Tax",
            before: '0.00',
            after: '1234.50',
            derived: false,
          },
          {
            field: 'line:41.total_cents',
            scope: 'line',
            lineId: 41,
            lotNumber: '12A',
            label: 'Total',
            before: '10.00',
            after: '22.50',
            derived: true,
          },
          {
            field: 'invoice_total_cents',
            scope: 'invoice',
            lineId: null,
            lotNumber: null,
            label: 'Invoice total',
            before: '10.00',
            after: '22.50',
            derived: true,
          },
          {
            field: 'notes',
            scope: 'invoice',
            lineId: null,
            lotNumber: null,
            label: 'Internal note',
            before: null,
            after: 'Hi',
            derived: false,
          },
        ],
      },
      '$',
      lotOf,
      'UTC',
    );
    expect(line).toEqual({
      id: 9,
      when: '11/21/2026 7:05 PM',
      who: 'owner',
      what: 'Charges edited',
      changes: [
        { label: 'Lot 12A · Shipping', before: '$0.00', after: '$12.50' },
        { label: 'Lots 12A, 13 · Paid', before: 'No', after: 'Yes' },
        { label: "Add'l Tax", before: '$0.00', after: '$1,234.50' },
        { label: 'Invoice total', before: '$10.00', after: '$22.50' },
        { label: 'Internal note', before: '—', after: 'Hi' },
      ],
    });
  });

  it("a floor edit shows the computed amount it replaced, not '—' (Hammer (edited): $2,500.00 → $2,800.00)", () => {
    const change = (field: string, label: string, before: string | null, after: string | null, derived: boolean) => ({
      field,
      scope: 'line' as const,
      lineId: 41,
      lotNumber: '12A',
      label,
      before,
      after,
      derived,
    });
    const entry = (changes: ReturnType<typeof change>[]) =>
      auditLine(
        {
          id: 3,
          createdAt: '2026-11-21T19:05:00Z',
          userName: 'owner',
          action: 'floor-edit',
          actionText: 'x',
          lineId: 41,
          before: {},
          after: {},
          changes,
        },
        '$',
        lotOf,
        'UTC',
      ).changes;
    expect(
      entry([
        change('line:41.hammer_override_cents', 'Hammer (edited)', null, '2800.00', false),
        change('line:41.hammer_cents', 'Hammer', '2500.00', '2800.00', true),
      ]),
    ).toEqual([{ label: 'Lot 12A · Hammer (edited)', before: '$2,500.00', after: '$2,800.00' }]);
    // Removed: the computation's amount comes back.
    expect(
      entry([
        change('line:41.premium_override_cents', "Buyer's premium (edited)", '100.00', null, false),
        change('line:41.premium_cents', "Buyer's premium", '100.00', '560.00', true),
      ]),
    ).toEqual([{ label: "Lot 12A · Buyer's premium (edited)", before: '$100.00', after: '$560.00' }]);
    expect(computedFieldOf('line:7.live_fee_override_cents')).toBe('line:7.live_fee_cents');
    expect(computedFieldOf('notes')).toBeNull();
  });

  it('names unknown actions from their code', () => {
    expect(actionText('floor-edit')).toBe('Hammer, BP or live fee edited');
    expect(actionText('something.else')).toBe('Something else');
    expect(auditWhen('not a date')).toBe('not a date');
  });
});
