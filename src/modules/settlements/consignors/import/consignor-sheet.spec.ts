import { mapSheet } from '../../../lots/spreadsheets/sheet-columns';
import { matchSheetConsignor, SHEET_CONSIGNOR_TEXT } from '../../../lots/spreadsheets/sheet-consignors';
import type { Sheet } from '../../../lots/spreadsheets/sheet-reader';
import type { Consignor } from '../consignor.entity';
import { matchConsignor } from './consignor-import.service';
import { CONSIGNOR_SHEET_TEXT, mapConsignorSheet, nameKey } from './consignor-sheet';

const sheet = (header: string[], ...rows: string[][]): Sheet => ({
  header,
  rows: rows.map((cells, i) => ({ row: i + 2, cells })),
  encoding: 'utf-8',
});

describe('consignor sheet mapping', () => {
  it('matches headers in any case and spacing, and maps payout spellings', () => {
    const m = mapConsignorSheet(
      sheet(['NAME', 'e-mail', 'tax id', 'Payout  Method', 'country'], ['Dana Dale', 'dana@example.com', 'T1', 'Bank Transfer', 'gb']),
    );
    expect(m.errors).toEqual([]);
    expect(m.columns).toMatchObject({ name: 'NAME', email: 'e-mail', taxId: 'tax id', payoutMethod: 'Payout  Method' });
    expect(m.rows[0].fields).toEqual({
      name: 'Dana Dale',
      email: 'dana@example.com',
      taxId: 'T1',
      payoutMethod: 'bank_transfer',
      countryCode: 'GB',
    });
  });

  it('reports every bad cell by row, and a file without a Name column', () => {
    const m = mapConsignorSheet(sheet(['Name', 'Email', 'Payout method'], ['', 'x', 'bitcoin'], ['Ok', '', '']));
    expect(m.errors).toEqual([
      { row: 2, message: CONSIGNOR_SHEET_TEXT.nameMissing },
      { row: 2, message: CONSIGNOR_SHEET_TEXT.email },
      { row: 2, message: CONSIGNOR_SHEET_TEXT.payout },
    ]);
    expect(m.rows.map((r) => r.row)).toEqual([3]);
    expect(mapConsignorSheet(sheet(['Email'], ['a@b.co'])).errors).toEqual([{ row: 1, message: CONSIGNOR_SHEET_TEXT.noName }]);
  });

  it('finds a consignor again by email, else by name where no email tells them apart', () => {
    const a = { id: 1, name: 'Dana Dale', email: 'dana@example.com' } as Consignor;
    const b = { id: 2, name: 'Sam Lee', email: null } as Consignor;
    const byEmail = new Map([['dana@example.com', a]]);
    const byName = new Map([
      [nameKey(a.name), [a]],
      [nameKey(b.name), [b]],
    ]);
    expect(matchConsignor({ name: 'Other', email: 'DANA@example.com' }, byEmail, byName)).toBe(a);
    expect(matchConsignor({ name: ' sam  LEE ' }, byEmail, byName)).toBe(b);
    // Same name, different email: another person.
    expect(matchConsignor({ name: 'Dana Dale', email: 'd2@example.com' }, byEmail, byName)).toBeNull();
    const twins = new Map([[nameKey(b.name), [b, { ...b, id: 3 } as Consignor]]]);
    expect(matchConsignor({ name: 'Sam Lee' }, byEmail, twins)).toEqual({ error: CONSIGNOR_SHEET_TEXT.ambiguous('Sam Lee') });
  });
});

describe('lot sheet Consignor column', () => {
  const house = [
    { id: 7, name: 'Dana Dale', email: 'dana@example.com' },
    { id: 8, name: 'Sam Lee', email: null },
    { id: 9, name: 'sam lee', email: 'other@example.com' },
  ];

  it('is read in the Standard format only', () => {
    const s = sheet(['Lot Number', 'Title', 'Consignor'], ['1', 'Teapot', 'Dana Dale']);
    expect(mapSheet(s, 'standard').lots[0]).toMatchObject({ lotNumber: '1', consignor: 'Dana Dale' });
    expect(mapSheet(s, 'standard').columns.consignor).toBe('Consignor');
    expect(mapSheet(s, 'auctionflex').lots[0]).not.toHaveProperty('consignor');
  });

  it('matches by email or by a single name, else a clear error', () => {
    expect(matchSheetConsignor('DANA@example.com', house)).toBe(7);
    expect(matchSheetConsignor(' dana  dale ', house)).toBe(7);
    expect(matchSheetConsignor('other@example.com', house)).toBe(9);
    expect(matchSheetConsignor('Sam Lee', house)).toEqual({ error: SHEET_CONSIGNOR_TEXT.ambiguous('Sam Lee') });
    expect(matchSheetConsignor('Nobody', house)).toEqual({ error: SHEET_CONSIGNOR_TEXT.unknown('Nobody') });
  });
});
