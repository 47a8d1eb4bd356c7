import { idFromInput, idFromNumber, idFromPath, MAX_ID } from './int4';

describe('int4 ids', () => {
  it('MAX_ID is PostgreSQL integer', () => expect(MAX_ID).toBe(2 ** 31 - 1));

  it('idFromNumber: positive safe integers up to MAX_ID', () => {
    expect(idFromNumber(1)).toBe(1);
    expect(idFromNumber(MAX_ID)).toBe(MAX_ID);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number.NaN, Infinity, '1', null, undefined]) expect(idFromNumber(bad)).toBeNull();
  });

  it('idFromInput: numbers or their digits, spaces allowed (legacy forms)', () => {
    expect(idFromInput(' 12 ')).toBe(12);
    expect(idFromInput('007')).toBe(7);
    expect(idFromInput(12)).toBe(12);
    for (const bad of ['', '0', '-1', '1e3', '1.5', '2147483648', '99999999999', 'abc', [], {}, true, null]) {
      expect(idFromInput(bad)).toBeNull();
    }
  });

  it('idFromPath: canonical digits only, one URL per record', () => {
    expect(idFromPath('15')).toBe(15);
    expect(idFromPath(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of ['0', '-1', 'abc', '1e3', '1.5', ' 1', '007', '2147483648', '99999999999', '', '12abc', undefined]) {
      expect(idFromPath(bad)).toBeNull();
    }
  });
});
