import type { EntityManager } from '@mikro-orm/postgresql';
import type { BiddersService } from '../../bidders/bidders.service';
import type { CatalogsService } from '../../catalogs/catalogs.service';
import { INVOICES_LOCK_NAME, LotResultLocks } from './result-locks';
import { ResultsImportService } from './results-import.service';

/** File-level refusals, before any database work (the rest is tested over HTTP in test/results-import). */
describe('ResultsImportService refusals', () => {
  const session = { catalogId: 5, groupId: 2 };
  const catalogs = { sessions: async (_h: number, ids: number[]) => (ids[0] === 5 ? [session] : []) } as unknown as CatalogsService;
  const em = { transactional: () => Promise.reject(new Error('must not be reached')) } as unknown as EntityManager;
  const service = (locks: LotResultLocks) => new ResultsImportService(em, catalogs, {} as BiddersService, locks);
  const withInvoices = () => {
    const l = new LotResultLocks();
    l.register({ name: INVOICES_LOCK_NAME, lockedLots: async () => new Map(), anyLotLocked: async () => false });
    return l;
  };
  const csv = { name: 'r.csv', data: Buffer.from('lot,hammer,paddle\n1,10,1\n') };

  it('refuses to import when no invoiced-lots check is registered (fail closed)', async () => {
    await expect(service(new LotResultLocks()).import(1, 5, csv)).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'INVOICE_CHECK_MISSING',
    });
  });

  it('answers not found for a catalog of another house or a non-positive id, before looking at the file', async () => {
    for (const id of [6, 0, -1, Number.NaN]) {
      await expect(service(withInvoices()).import(1, id, null)).rejects.toMatchObject({
        kind: 'not_found',
        code: 'CATALOG_NOT_FOUND',
        message: 'Catalog not found.',
      });
    }
  });

  it('refuses a missing file, a non-CSV name and bytes that are not UTF-8 text', async () => {
    const s = service(withInvoices());
    await expect(s.import(1, 5, null)).rejects.toMatchObject({ code: 'FILE_MISSING' });
    await expect(s.import(1, 5, { name: 'r.xls', data: csv.data })).rejects.toMatchObject({ code: 'NOT_A_CSV_FILE' });
    await expect(s.import(1, 5, { name: 'r.csv', data: Buffer.from([0xff, 0xfe, 0x00, 0x41]) })).rejects.toMatchObject({
      code: 'NOT_A_CSV_FILE',
    });
    await expect(s.import(1, 5, { name: 'r.csv', data: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') })).rejects.toMatchObject({
      kind: 'payload_too_large',
      code: 'FILE_TOO_LARGE',
    });
  });

  it('answers header errors without opening a transaction', async () => {
    const out = await service(withInvoices()).import(1, 5, { data: Buffer.from('lot,paddle\n1,2\n') });
    expect(out).toMatchObject({ imported: 0, errors: [{ line: 1, reason: 'Missing column "hammer".' }] });
  });

  it('registers each lock once and reports the first reason per lot', async () => {
    const l = new LotResultLocks();
    const lock = { name: 'a', lockedLots: async () => new Map([[1, 'first']]), anyLotLocked: async () => false };
    l.register(lock);
    l.register(lock);
    l.register({
      name: 'b',
      anyLotLocked: async (_em, _house, catalogId) => catalogId === 7,
      lockedLots: async () =>
        new Map([
          [1, 'second'],
          [2, 'other'],
        ]),
    });
    expect([...(await l.lockedLots({} as EntityManager, 1, [1, 2]))]).toEqual([
      [1, 'first'],
      [2, 'other'],
    ]);
    expect(await l.lockedLots({} as EntityManager, 1, [])).toEqual(new Map());
    // A session is locked when any registered lock says so.
    expect(await l.anyLotLocked({} as EntityManager, 1, 7)).toBe(true);
    expect(await l.anyLotLocked({} as EntityManager, 1, 8)).toBe(false);
  });
});
