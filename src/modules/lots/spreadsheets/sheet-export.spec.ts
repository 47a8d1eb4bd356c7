import { PassThrough } from 'node:stream';
import { validateLot, type LotSaleType, type LotValues } from '@ar/rules';
import { STANDARD_DOCUMENTED_HEADERS } from '../../../../test/support/standard-headers';
import { mapSheet } from './sheet-columns';
import { readXlsx } from './sheet-reader';
import { standardRow, STANDARD_EXPORT_HEADER, writeStandardXlsx, type ExportLot } from './sheet-export';

const base: ExportLot = {
  lotNumber: '12',
  lotExt: 'A',
  invNumber: 'INV-7',
  title: 'Vase, 12" high; "Tiffany" — Ärger café № 3 日本の壺',
  description: `Signed "L.C.T.", 4 1/2" x 3'\nProvenance: Zürich, 1921`,
  dimensions: '12" x 4 ½"',
  shipLength: 20,
  shipWidth: 10,
  shipHeight: 5,
  shipWeight: 3,
  shippingCents: 2500,
  shippingIntlCents: null,
  loEstCents: 100_000,
  hiEstCents: 150_000,
  startingBidCents: 50_000,
  startingBidComputed: false,
  reserveCents: 80_000,
  itemPriceCents: 10_000,
  artistName: 'Émile Gallé',
  medium: 'Glass, "cameo"',
  condition: 'Chip, 1/4"',
  circa: 'c. 1900',
  provenance: 'Private collection, Paris',
  literature: '=not a formula',
  exhibited: '+33 1 00',
  notes: '@internal, 007',
  consignorName: 'Ann Smith',
  consignorEmail: null,
};

async function xlsxOf(lots: ExportLot[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeStandardXlsx(lots, out);
  return Buffer.concat(chunks);
}

/** What the importer stores for a lot: the Standard reader, the Standard header table, then the Lot page's rules. */
async function reimport(file: Buffer, saleType: LotSaleType): Promise<{ values: LotValues; consignor: string | null | undefined }[]> {
  const read = await readXlsx(file);
  if (!read.ok) throw new Error(read.message);
  const mapped = mapSheet(read.sheet, 'standard');
  expect(mapped.errors).toEqual([]);
  return mapped.lots.map((l) => {
    const r = validateLot(l, saleType, 's');
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return { values: r.values, consignor: l.consignor };
  });
}

/** The values the rules stored for `l` in a session of `saleType` (what an export started from). */
const storedValues = (l: ExportLot, saleType: LotSaleType): LotValues => ({
  lotNumber: l.lotNumber,
  lotExt: l.lotExt,
  invNumber: l.invNumber,
  title: l.title,
  description: l.description,
  dimensions: l.dimensions,
  shipLength: l.shipLength,
  shipWidth: l.shipWidth,
  shipHeight: l.shipHeight,
  shipWeight: l.shipWeight,
  shippingCents: l.shippingCents,
  shippingIntlCents: saleType === 'bin' ? l.shippingIntlCents : null,
  loEstCents: saleType === 'bin' ? null : l.loEstCents,
  hiEstCents: saleType === 'bin' ? null : l.hiEstCents,
  startingBidCents: saleType === 'bin' || l.startingBidComputed ? null : l.startingBidCents,
  itemPriceCents: saleType === 'bin' ? l.itemPriceCents : null,
  reserveCents: saleType === 'timed' ? l.reserveCents : null,
  artistName: l.artistName,
  medium: l.medium,
  condition: l.condition,
  circa: l.circa,
  provenance: l.provenance,
  literature: l.literature,
  exhibited: l.exhibited,
  notes: l.notes,
});

describe('Standard export', () => {
  it('writes the documented Standard headers, in order, each read back to its own field', () => {
    expect(STANDARD_EXPORT_HEADER).toEqual([...STANDARD_DOCUMENTED_HEADERS, 'Consignor']);
    const mapped = mapSheet({ header: [...STANDARD_EXPORT_HEADER], rows: [], encoding: 'xlsx' }, 'standard');
    expect(Object.keys(mapped.columns)).toHaveLength(STANDARD_EXPORT_HEADER.length);
  });

  it('maps amounts to whole units, a computed starting bid to blank, empty text to blank and the consignor by email first', () => {
    const row = standardRow({ ...base, startingBidComputed: true, dimensions: '', consignorEmail: 'ann@example.com' });
    const at = (h: string) => row[STANDARD_EXPORT_HEADER.indexOf(h)];
    expect([at('Low Estimate'), at('High Estimate'), at('Reserve'), at('Shipping Domestic')]).toEqual([1000, 1500, 800, 25]);
    expect(at('Starting Bid')).toBeNull();
    expect(at('Dimensions')).toBeNull();
    expect(at('Consignor')).toBe('ann@example.com');
    expect(standardRow({ ...base, consignorEmail: null })[STANDARD_EXPORT_HEADER.length - 1]).toBe('Ann Smith');
    // A non-whole amount (not written by the rules) stays exact rather than rounded.
    expect(standardRow({ ...base, loEstCents: 1050 })[STANDARD_EXPORT_HEADER.indexOf('Low Estimate')]).toBe('10.50');
  });

  it('drops only the characters an xlsx cannot hold', () => {
    const row = standardRow({ ...base, notes: 'a\u0001b\tc\nd' });
    expect(row[STANDARD_EXPORT_HEADER.indexOf('Notes')]).toBe('ab\tc\nd');
  });

  it.each<LotSaleType>(['timed', 'live', 'bin'])('import(export(lots)) gives the same lots back (%s)', async (saleType) => {
    const lots: ExportLot[] = [
      base,
      {
        ...base,
        lotNumber: '007',
        lotExt: null,
        invNumber: null,
        startingBidComputed: true,
        startingBidCents: 50_000,
        consignorName: null,
      },
      {
        ...base,
        lotNumber: '13',
        lotExt: 'B',
        title: 'Tab\there, "quoted", comma, 5\' 3", naïve Ω ☃ 😀',
        description: 'Line one\nLine two, with "quotes"\n\n  indented',
        itemPriceCents: 1_234_500,
        shippingIntlCents: 9900,
        loEstCents: null,
        hiEstCents: null,
        reserveCents: null,
        artistName: null,
        literature: '_x0041_ stays as typed',
        consignorEmail: 'ann@example.com',
      },
    ];
    const back = await reimport(await xlsxOf(lots), saleType);
    expect(back.map((b) => b.values)).toEqual(lots.map((l) => storedValues(l, saleType)));
    expect(back.map((b) => b.consignor)).toEqual(['Ann Smith', '', 'ann@example.com']);
  });

  it('streams a large session and reads every row back', async () => {
    const lots = Array.from({ length: 2000 }, (_, i) => ({ ...base, lotNumber: String(i + 1), lotExt: null, invNumber: `INV-${i}` }));
    async function* source() {
      yield* lots;
    }
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    expect(await writeStandardXlsx(source(), out)).toBe(2000);
    const back = await reimport(Buffer.concat(chunks), 'timed');
    expect(back.map((b) => b.values.lotNumber)).toEqual(lots.map((l) => l.lotNumber));
  });
});
