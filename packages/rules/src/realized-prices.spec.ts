import { LOT_TEXT } from './lot-rules';
import {
  checkRealizedPrice,
  checkRealizedRows,
  REALIZED_TEXT,
  realizedAccess,
  realizedDisplay,
  realizedRowErrors,
  realizedStep,
  type RealizedLotKey,
} from './realized-prices';

const DAY = 86_400_000;

describe('realized prices', () => {
  it('a realized price: required, numerical, two decimals, not negative, in the spec words', () => {
    expect(checkRealizedPrice('')).toEqual({ ok: false, message: REALIZED_TEXT.required });
    expect(checkRealizedPrice('  ')).toEqual({ ok: false, message: REALIZED_TEXT.required });
    expect(checkRealizedPrice(null)).toEqual({ ok: false, message: REALIZED_TEXT.required });
    expect(checkRealizedPrice('ten')).toEqual({ ok: false, message: REALIZED_TEXT.numeric });
    expect(checkRealizedPrice('1.2.3')).toEqual({ ok: false, message: REALIZED_TEXT.numeric });
    expect(checkRealizedPrice('.')).toEqual({ ok: false, message: REALIZED_TEXT.numeric });
    expect(checkRealizedPrice('12.345')).toEqual({ ok: false, message: REALIZED_TEXT.decimals });
    expect(checkRealizedPrice('-5')).toEqual({ ok: false, message: REALIZED_TEXT.negative });
    expect(checkRealizedPrice('-0.01')).toEqual({ ok: false, message: REALIZED_TEXT.negative });
    expect(checkRealizedPrice('1000000000')).toEqual({ ok: false, message: REALIZED_TEXT.tooLarge });
  });

  it('amounts become exact integer cents; zero is an unsold lot', () => {
    expect(checkRealizedPrice('0')).toEqual({ ok: true, cents: 0 });
    expect(checkRealizedPrice(0)).toEqual({ ok: true, cents: 0 });
    expect(checkRealizedPrice('1250')).toEqual({ ok: true, cents: 125_000 });
    expect(checkRealizedPrice('$1,250.5')).toEqual({ ok: true, cents: 125_050 });
    expect(checkRealizedPrice('0.29')).toEqual({ ok: true, cents: 29 });
    expect(checkRealizedPrice('.07')).toEqual({ ok: true, cents: 7 });
    expect(checkRealizedPrice(19.99)).toEqual({ ok: true, cents: 1999 });
    expect(checkRealizedPrice('999999999.99')).toEqual({ ok: true, cents: 99_999_999_999 });
    expect(realizedDisplay(0)).toBe('Passed');
    expect(realizedDisplay(125_050)).toBe('1,250.50');
  });

  it('steps come from the route; out of range becomes 1', () => {
    expect(realizedStep('2')).toBe(2);
    expect(realizedStep('6')).toBe(6);
    expect(realizedStep('7')).toBe(1);
    expect(realizedStep('0')).toBe(1);
    expect(realizedStep('x')).toBe(1);
    expect(realizedStep(undefined)).toBe(1);
  });

  it('online-only houses never; others up to 45 days after the session, super users any time', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    const user = { isOnlineOnly: false, isSuperUser: false };
    expect(realizedAccess(user, at(1), now)).toBe('ok');
    expect(realizedAccess(user, at(45), now)).toBe('ok');
    expect(realizedAccess(user, at(45.01), now)).toBe('tooLate');
    expect(realizedAccess({ ...user, isSuperUser: true }, at(400), now)).toBe('ok');
    expect(realizedAccess({ ...user, isOnlineOnly: true }, at(1), now)).toBe('onlineOnly');
    expect(realizedAccess({ isOnlineOnly: true, isSuperUser: true }, at(1), now)).toBe('onlineOnly');
    expect(realizedAccess(user, at(-1), now)).toBe('notStarted');
  });

  const lots: RealizedLotKey[] = [
    { lotID: 11, lotNumber: '1', lotExt: null, invNumber: 'INV-1', lotTitle: 'Vase' },
    { lotID: 12, lotNumber: '2', lotExt: 'A', invNumber: null, lotTitle: 'Chair' },
    { lotID: 13, lotNumber: null, lotExt: null, invNumber: 'INV-3', lotTitle: 'Desk' },
  ];

  it('rows match lots by number and extension (leading zeros ignored) or inventory number', () => {
    const r = checkRealizedRows(
      [
        { id: 2, lotNumber: '001', realizedPrice: '100' },
        { id: 3, lotNumber: '2', lotExt: 'a', realizedPrice: '0' },
        { id: 4, invNumber: 'inv-3', realizedPrice: '5.5' },
      ],
      lots,
    );
    expect(r.errors).toEqual([]);
    expect(r.breaking).toBe(false);
    expect(r.rows.map((x) => [x.lotID, x.lotTitle, x.realizedCents])).toEqual([
      [11, 'Vase', 10_000],
      [12, 'Chair', 0],
      [13, 'Desk', 550],
    ]);
  });

  it('each bad row is an error object with its code, row and field', () => {
    const r = checkRealizedRows(
      [
        { id: 2, lotNumber: '9', realizedPrice: '10' },
        { id: 3, lotNumber: '1', realizedPrice: '' },
        { id: 4, lotNumber: '2', lotExt: 'A', realizedPrice: '1.234' },
        { id: 5, lotNumber: '1', realizedPrice: '3' },
        { id: 6, lotNumber: '1x', realizedPrice: '-1' },
      ],
      lots,
    );
    expect(r.errors.map((e) => [e.row, e.errorCode, e.field, e.displayMsg])).toEqual([
      [2, 149, 'lotNumber', REALIZED_TEXT.notInCatalog],
      [3, 118, 'realizedPrice', REALIZED_TEXT.required],
      [4, 142, 'realizedPrice', REALIZED_TEXT.decimals],
      [5, 110, 'lotNumber', REALIZED_TEXT.duplicate],
      [6, 109, 'lotNumber', LOT_TEXT.numberDigits],
      [6, 119, 'realizedPrice', REALIZED_TEXT.negative],
    ]);
    expect(r.breaking).toBe(false);
    expect(r.rows).toHaveLength(5);
  });

  it('a row with neither lot nor inventory number is breaking (108)', () => {
    const r = checkRealizedRows([{ id: 2, realizedPrice: '1' }], lots);
    expect(r.errors[0]).toMatchObject({ errorCode: 108, field: 'lotNumber' });
    expect(r.breaking).toBe(true);
  });

  it('one row, as the item list re-checks it after an edit', () => {
    expect(realizedRowErrors({ lotNumber: '1', realizedPrice: '12.34' }, lots)).toEqual({});
    expect(realizedRowErrors({ lotNumber: '1', realizedPrice: 'abc' }, lots)).toEqual({ realizedPrice: REALIZED_TEXT.numeric });
    expect(realizedRowErrors({ lotNumber: '77', realizedPrice: '1' }, null)).toEqual({});
  });
});
