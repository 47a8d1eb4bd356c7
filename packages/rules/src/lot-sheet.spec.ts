import { LOT_TEXT } from './lot-rules';
import { CATALOG_FILE_TEXT, checkCatalogFile, checkSheet, SHEET_TEXT, type SheetContext } from './lot-sheet';

const live: SheetContext = { saleType: 'live', connectType: 's', existing: [], deleted: [] };
const timed: SheetContext = { ...live, saleType: 'timed' };
const bin: SheetContext = { ...live, saleType: 'bin' };
const ok = { lotNumber: '1', lotTitle: 'Teapot', lotDescription: 'Silver.' };

/** The codes (and, for 142, the sub-kind) a single row gets. */
const codes = (row: Record<string, string>, ctx: SheetContext = live) =>
  checkSheet([{ ...ok, ...row }], ctx).errors.map((e) => (e.errorCode === 142 ? `142-${e.referenceMsg}` : e.errorCode));

describe('checkSheet: one code per rule (spec 001 section 8)', () => {
  it('passes a good row, with the sheet row as id', () => {
    const r = checkSheet([ok], live);
    expect(r).toEqual({ lots: [{ ...ok, id: 2 }], errors: [], warnings: [], breaking: false });
  });

  it.each([
    ['101 title missing', { lotTitle: '' }, [101]],
    ['165 title too long', { lotTitle: 'x'.repeat(251) }, [165]],
    ['165 title with HTML', { lotTitle: '<b>Teapot</b>' }, [165]],
    ['164 description missing', { lotDescription: ' ' }, [164]],
    ['109 lot number over 8 characters', { lotNumber: '123456789' }, [109]],
    ['109 lot number not digits', { lotNumber: '12a' }, [109]],
    ['111 extension not A-Z', { lotExt: '1' }, [111]],
    ['120 inventory number format', { invNumber: 'AB 12' }, [120]],
    ['120 inventory number too long', { invNumber: 'A'.repeat(33) }, [120]],
    ['122 low estimate not whole', { loEst: '10.5' }, [122]],
    ['142-loEst low estimate not a number', { loEst: 'ten' }, ['142-loEst']],
    ['123 high estimate not whole', { hiEst: '10.5' }, [123]],
    ['142-hiEst high estimate not a number', { hiEst: 'x' }, ['142-hiEst']],
    ['127 low not lower than high', { loEst: '200', hiEst: '100' }, [127]],
    ['124 starting bid not whole', { startingBid: '1.5' }, [124]],
    ['142-startingBid starting bid not a number', { startingBid: 'x' }, ['142-startingBid']],
    ['170 ship height', { shipHeight: 'tall' }, [170]],
    ['171 weight', { shipWeight: '2kg' }, [171]],
    ['172 ship length', { shipLength: '-1' }, [172]],
    ['173 ship width', { shipWidth: 'w' }, [173]],
  ])('%s', (_name, row, expected) => {
    expect(codes(row as Record<string, string>)).toEqual(expected);
  });

  it('126 and 142-reserve for timed sessions; the reserve error is dropped for live', () => {
    expect(codes({ reserve: '1.5' }, timed)).toEqual([126]);
    expect(codes({ reserve: 'x' }, timed)).toEqual(['142-reserve']);
    expect(codes({ reserve: 'x' }, live)).toEqual([]);
  });

  it('bin: 118 price missing, 119 not positive, 142 format, 179 neither number', () => {
    expect(codes({ itemPrice: '' }, bin)).toEqual([118]);
    expect(codes({ itemPrice: '0' }, bin)).toEqual([119]);
    expect(codes({ itemPrice: '1,5' }, bin)).toEqual([`142-${SHEET_TEXT.numberFormat}`]);
    const r = checkSheet([{ ...ok, lotNumber: '', itemPrice: '5' }], bin);
    expect(r.errors).toMatchObject([
      { errorCode: 179, displayMsg: SHEET_TEXT.missingNumber, referenceMsg: SHEET_TEXT.missingNumberCount(1) },
    ]);
    expect(r.breaking).toBe(false);
  });

  it('108 number missing is breaking, and lists the row inventory number', () => {
    const r = checkSheet([{ ...ok, lotNumber: '', invNumber: 'INV-1' }], live);
    expect(r.errors).toMatchObject([{ errorCode: 108, displayMsg: LOT_TEXT.numberRequired, invNumber: 'INV-1', lotNumber: null, row: 2 }]);
    expect(r.breaking).toBe(true);
  });

  it('179 for connect types e and p when a row has neither lot nor inventory number', () => {
    const ctx = { ...live, connectType: 'e' };
    expect(codes({ lotNumber: '' }, ctx)).toEqual([179]);
    expect(codes({ lotNumber: '', invNumber: 'A-1' }, ctx)).toEqual([]);
  });

  it('110 duplicate lot number (007 is lot 7) and 121 duplicate inventory number, on every copy', () => {
    const r = checkSheet(
      [
        { ...ok, lotNumber: '7', invNumber: 'a-1' },
        { ...ok, lotNumber: '007', invNumber: 'A-1' },
        { ...ok, lotNumber: '7', lotExt: 'a' },
      ],
      live,
    );
    expect(r.errors.map((e) => [e.row, e.errorCode])).toEqual([
      [2, 110],
      [2, 121],
      [3, 110],
      [3, 121],
    ]);
  });

  it('112 the number of a deleted lot, with the Lot page text', () => {
    const r = checkSheet([{ ...ok, lotNumber: '5', lotExt: 'b' }], { ...live, deleted: [{ lotNumber: '5', lotExt: 'B' }] });
    expect(r.errors).toMatchObject([{ errorCode: 112, displayMsg: LOT_TEXT.deletedNumber('5', 'B'), lotNumber: '5B' }]);
  });

  it('121 an inventory number another lot of the session holds; a row updating that lot keeps it', () => {
    const ctx = { ...live, existing: [{ lotNumber: '9', lotExt: null, invNumber: 'X-1', orderBids: 0 }] };
    expect(checkSheet([{ ...ok, invNumber: 'x-1' }], ctx).errors).toMatchObject([{ errorCode: 121, displayMsg: LOT_TEXT.inventoryInUse }]);
    expect(checkSheet([{ ...ok, lotNumber: '9', invNumber: 'x-1' }], ctx).errors).toEqual([]);
  });

  it('113 the lot cap: the first N new lots are kept, with both texts; updates of existing lots do not count', () => {
    const ctx = { ...live, existing: [{ lotNumber: '1', lotExt: null, invNumber: null, orderBids: 0 }], maxLots: 3 };
    const rows = ['1', '2', '3', '4', '5'].map((n) => ({ ...ok, lotNumber: n }));
    const r = checkSheet(rows, ctx);
    expect(r.lots.map((l) => l.lotNumber)).toEqual(['1', '2', '3']);
    expect(r.warnings).toEqual([
      { errorCode: 113, lotNumber: null, displayMsg: 'You have reached your maximum of 3 lots for this sale.' },
      {
        errorCode: 113,
        lotNumber: null,
        displayMsg: 'Your first 2 lots have been uploaded. Please create a new session to add additional items.',
      },
    ]);
  });

  it('116 warning when a row sets the starting bid or reserve of a lot with an absentee bid', () => {
    const ctx = { ...timed, existing: [{ lotNumber: '1', lotExt: null, invNumber: null, orderBids: 2 }] };
    expect(checkSheet([{ ...ok, reserve: '100' }], ctx).warnings).toEqual([
      { errorCode: 116, lotNumber: '1', displayMsg: 'Your starting bid / reserve cannot be updated after a bid has been placed on a lot.' },
    ]);
    expect(checkSheet([ok], ctx).warnings).toEqual([]);
  });

  it('180 (ours) a free-text field over our limit', () => {
    expect(codes({ medium: 'm'.repeat(251) })).toEqual([180]);
  });
});

describe('checkCatalogFile (001 section 5 "Pre-upload file check")', () => {
  it.each([
    [null, CATALOG_FILE_TEXT.invalidType],
    [{ name: 'lots.pdf', size: 1 }, CATALOG_FILE_TEXT.invalidType],
    [{ name: 'lots', size: 1 }, CATALOG_FILE_TEXT.invalidType],
    [{ name: 'lots.csv', size: 50 * 1024 * 1024 + 1 }, 'The file cannot exceed 50 MB.'],
    [{ name: 'my.lots.csv', size: 1 }, CATALOG_FILE_TEXT.oneDot],
    [{ name: 'my lots.csv', size: 1 }, CATALOG_FILE_TEXT.nameCharacters],
    [{ name: 'lötß.csv', size: 1 }, CATALOG_FILE_TEXT.nameCharacters],
    [{ name: `${'a'.repeat(97)}.csv`, size: 1 }, 'File name exceeds 100 characters.'],
    [{ name: `${'a'.repeat(96)}.csv`, size: 1 }, null],
    [{ name: 'Spring_sale-2025.XLSX', size: 50 * 1024 * 1024 }, null],
    [{ name: 'old.xls', size: 1 }, null],
  ])('%j -> %s', (file, expected) => {
    expect(checkCatalogFile(file)).toBe(expected);
  });
  it('names the accepted types', () =>
    expect(CATALOG_FILE_TEXT.invalidType).toBe('Invalid file type. Accepted file types: .csv, .xls, .xlsx'));
});
