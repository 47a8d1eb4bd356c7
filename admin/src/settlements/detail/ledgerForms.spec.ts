import { describe, expect, it } from '@jest/globals';
import {
  adjustmentBody,
  correctionBody,
  LEDGER_TEXT,
  overrideCall,
  overrideDraft,
  overrideLabel,
  parseSignedCents,
  validateOverride,
} from './ledgerForms';

const money = (c: number) => `$${(c / 100).toFixed(2)}`;

describe('settlement detail dialogs', () => {
  it('opens the override form on what the lot has', () => {
    expect(overrideDraft(null)).toMatchObject({ mode: 'plan' });
    expect(overrideDraft({ rate: 8_875, commissionCents: null })).toMatchObject({ mode: 'rate', rate: '8.875' });
    expect(overrideDraft({ rate: null, commissionCents: 5_000 })).toMatchObject({ mode: 'fixed', amount: '50.00' });
  });

  it('checks rates up to 100 % with three decimals, amounts with two, and refuses no change', () => {
    const v = { mode: 'rate' as const, rate: '12.5', amount: '', note: '' };
    expect(validateOverride(v, null)).toEqual({});
    expect(validateOverride({ ...v, rate: '100.001' }, null)).toEqual({ rate: LEDGER_TEXT.rate });
    expect(validateOverride({ ...v, rate: '1.2345' }, null)).toEqual({ rate: LEDGER_TEXT.rate });
    expect(validateOverride({ ...v, rate: '' }, null)).toEqual({ rate: LEDGER_TEXT.rate });
    expect(validateOverride(v, { rate: 12_500, commissionCents: null })).toEqual({ rate: LEDGER_TEXT.unchanged });
    expect(validateOverride({ ...v, mode: 'fixed', amount: '1.234' }, null)).toEqual({ amount: LEDGER_TEXT.amount });
    expect(validateOverride({ ...v, mode: 'fixed', amount: '' }, null)).toEqual({ amount: LEDGER_TEXT.amount });
    expect(validateOverride({ ...v, mode: 'fixed', amount: '0' }, null)).toEqual({});
    expect(validateOverride({ ...v, mode: 'plan' }, null)).toEqual({ mode: LEDGER_TEXT.unchanged });
  });

  it('sends a rate or an amount with PUT, back to the plan with DELETE', () => {
    const v = { mode: 'rate' as const, rate: '12.5', amount: '', note: ' phone ' };
    const path = '/api/settlements/3/lots/9/override';
    expect(overrideCall(path, v)).toEqual({
      method: 'PUT',
      path,
      body: { rate: 12_500, note: 'phone' },
    });
    expect(overrideCall(path, { ...v, mode: 'fixed', amount: '1,050.10' }).body).toEqual({ commissionCents: 105_010, note: 'phone' });
    expect(overrideCall('/api/lots/9/consignment/override', { ...v, mode: 'plan', note: '' })).toMatchObject({
      method: 'DELETE',
      path: '/api/lots/9/consignment/override',
      body: { note: null },
    });
    expect(overrideLabel({ rate: 12_500, commissionCents: null }, money)).toBe('12.5 %');
    expect(overrideLabel({ rate: null, commissionCents: 5_000 }, money)).toBe('$50.00 fixed');
  });

  it('reads signed correction amounts exactly; never 0', () => {
    expect(parseSignedCents('-10.00')).toBe(-1_000);
    expect(parseSignedCents('\u22120.29')).toBe(-29);
    expect(parseSignedCents('+1,000.5')).toBe(100_050);
    for (const bad of ['', '0', '-0.00', '1.234', '--5', 'abc']) expect(parseSignedCents(bad)).toBeNull();
    expect(correctionBody({ amount: '-10', method: 'check', reference: ' ', paidDate: '2025-12-22', note: ' over ' })).toEqual({
      kind: 'correction',
      amountCents: -1_000,
      method: 'check',
      reference: null,
      paidDate: '2025-12-22',
      note: 'over',
    });
    expect(adjustmentBody({ kind: 'expense', amount: '42.50', note: ' Reframing ' })).toEqual({
      kind: 'expense',
      amountCents: 4_250,
      note: 'Reframing',
    });
  });
});
