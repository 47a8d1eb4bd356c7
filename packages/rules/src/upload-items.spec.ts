import { CATALOG_FILE_TEXT, SHEET_TEXT, type SheetError } from './lot-sheet';
import { checkPickedFiles, sheetJobProgress, uploadOutcome, UPLOAD_ITEMS_TEXT } from './upload-items';

const err = (code: number, row: number | null = 2): SheetError => ({
  errorCode: code,
  displayMsg: `m${code}`,
  lotNumber: '1',
  invNumber: null,
  referenceMsg: null,
  row,
  field: null,
});

describe('checkPickedFiles: the pre-upload check (spec 001 section 5)', () => {
  it.each([
    [[], CATALOG_FILE_TEXT.invalidType],
    [
      [
        { name: 'a.csv', size: 1 },
        { name: 'b.csv', size: 1 },
      ],
      UPLOAD_ITEMS_TEXT.oneFile,
    ],
    [[{ name: 'lots.pdf', size: 1 }], CATALOG_FILE_TEXT.invalidType],
    [[{ name: 'lots.csv', size: 50 * 1024 * 1024 + 1 }], CATALOG_FILE_TEXT.tooLarge],
    [[{ name: 'my.lots.csv', size: 1 }], CATALOG_FILE_TEXT.oneDot],
    [[{ name: 'my lots.csv', size: 1 }], CATALOG_FILE_TEXT.nameCharacters],
    [[{ name: `${'a'.repeat(97)}.csv`, size: 1 }], CATALOG_FILE_TEXT.nameTooLong],
    [[{ name: 'Lots_2025-06.XLSX', size: 50 * 1024 * 1024 }], null],
    [[{ name: 'lots.xls', size: 1 }], null],
  ])('%j -> %s', (files, message) => {
    expect(checkPickedFiles(files)).toBe(message);
  });
});

describe('uploadOutcome: banners and what shows (spec 001 sections 4 and 8)', () => {
  it('200 without errors: the success banner and the list', () => {
    const o = uploadOutcome({ kind: 'answer', status: 200, body: { data: { lots: [{ id: 2 }] }, warnings: [], errors: [] } });
    expect(o.banner).toEqual({ severity: 'success', title: 'Your file upload was a success!', text: null, retry: false });
    expect(o.showList).toBe(true);
  });

  it('400 with row errors and lots: the failure count with Retry, the panels and the marked list', () => {
    const o = uploadOutcome({
      kind: 'answer',
      status: 400,
      body: { data: { lots: [{ id: 2 }] }, warnings: [], errors: [err(101), err(110, 3)] },
    });
    expect(o.banner).toEqual({ severity: 'error', title: 'Upload Failed: 2 Total Error(s)', text: null, retry: true });
    expect(o.errors).toHaveLength(2);
    expect(o.showList).toBe(true);
  });

  it('breaking 108 / 166: only the error panels', () => {
    const o = uploadOutcome({ kind: 'answer', status: 400, body: { data: { lots: [] }, warnings: [], errors: [err(166, null)] } });
    expect(o.banner.title).toBe(SHEET_TEXT.uploadFailed(1));
    expect(o.showList).toBe(false);
    expect(o.errors.map((e) => e.errorCode)).toEqual([166]);
  });

  it('504: the gateway banner; no answer in time or at all: the timeout banner', () => {
    expect(uploadOutcome({ kind: 'answer', status: 504, body: null }).banner).toEqual({
      severity: 'error',
      title: 'Gateway timeout',
      text: 'There has been a loss of connection.  Please re-upload and try again.',
      retry: true,
    });
    for (const kind of ['timeout', 'network'] as const)
      expect(uploadOutcome({ kind }).banner).toEqual({
        severity: 'error',
        title: 'Your file upload has timed out.',
        text: 'Please verify you are connected to the internet and that you are attaching a file in the correct format',
        retry: true,
      });
  });

  it("a refusal without error objects shows the server's message; warnings (113, 116) pass through", () => {
    const o = uploadOutcome({ kind: 'answer', status: 400, body: { message: CATALOG_FILE_TEXT.invalidType } });
    expect(o.banner).toMatchObject({ title: 'Upload Failed: 1 Total Error(s)', text: CATALOG_FILE_TEXT.invalidType, retry: true });
    const w = { errorCode: 116, lotNumber: '1', displayMsg: SHEET_TEXT.bidLock };
    expect(uploadOutcome({ kind: 'answer', status: 200, body: { data: { lots: [] }, warnings: [w], errors: [] } }).warnings).toEqual([w]);
  });

  it("a queued upload's answer (lots counted, not listed): the list shows by the count; its progress as percent and text", () => {
    const rows = { data: { lots: [], lotCount: 3 }, warnings: [], errors: [err(101)] };
    expect(uploadOutcome({ kind: 'answer', status: 400, body: rows }).showList).toBe(true);
    expect(uploadOutcome({ kind: 'answer', status: 400, body: { ...rows, data: { lots: [], lotCount: 0 } } }).showList).toBe(false);
    expect(sheetJobProgress({ done: 2000, total: 10000, message: 'Staged 2,000 of 10,000 rows' })).toEqual({
      percent: 20,
      text: 'Staged 2,000 of 10,000 rows',
    });
    expect(sheetJobProgress({ done: 0, total: 0, message: null })).toEqual({ percent: null, text: 'Waiting to start' });
  });
});
