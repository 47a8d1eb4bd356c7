import { InvoiceBuilder } from '../../src/modules/invoicing/invoices/invoice-builder';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedLargeSale } from './large-sale';
import { inContext, invoicingCounts, seedAddress, seedTemplate } from './support';

/**
 * The builder writes with COPY, a batch of invoices (about a thousand lines) at a time, each batch
 * computed while PostgreSQL stores the previous one. These groups span several batches.
 */
describe('invoice creation in batches (COPY on the transaction connection)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let builder: InvoiceBuilder;
  let template: number;
  let address: number;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    template = await seedTemplate(t.em(), houses.a.id, {
      feeRows: [{ name: 'Handling', rate: 2_500, countryCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false }],
    });
    address = await seedAddress(t.em(), houses.a.id);
    builder = t.app.get(InvoiceBuilder);
  });
  afterAll(() => t?.close());

  const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

  async function groupOf(catalogId: number, title: string): Promise<number> {
    const [{ id }] = await sql<{ id: number }>(
      `insert into invoice_group (house_id, title, template_id, currency_code) values (?, ?, ?, 'USD') returning id`,
      [houses.a.id, title, template],
    );
    await sql(`insert into invoice_group_catalog (group_id, catalog_id, session_date) values (?, ?, current_date)`, [id, catalogId]);
    return id;
  }

  it('every line lands on its own bidder’s invoice, the totals are the sums of the lines, and text travels exactly', async () => {
    const sale = await seedLargeSale(t.em(), houses.a.id, address, 'BATCH', 2_500, 400);
    // COPY's text format escapes these; the stored titles must come back unchanged.
    const titles = ['Tab\there', 'Two\nlines', 'Back\\slash \\N', 'CR\r end', 'Ünïcödé — “quoted”'];
    const lots = await sql<{ id: number }>('select id from lot where catalog_id = ? order by id limit 5', [sale.catalogId]);
    for (const [i, lot] of lots.entries()) await sql('update lot set title = ? where id = ?', [titles[i], lot.id]);
    const before = await invoicingCounts(t, houses.a.id);
    const id = await groupOf(sale.catalogId, 'Batches');

    const built = await inContext(t, () => builder.build(houses.a.id, id));

    expect(built).toEqual(
      expect.objectContaining({
        invoices: 400,
        lines: 2_500,
        firstInvoiceNumber: before.last_number + 1,
        lastInvoiceNumber: before.last_number + 400,
      }),
    );
    const misplaced = await sql(
      `select l.id from invoice_line l join invoice i on i.id = l.invoice_id join lot on lot.id = l.lot_id
        where i.group_id = ? and (lot.winning_approval_id <> i.approval_id or l.hammer_cents <> lot.hammer_cents)`,
      [id],
    );
    expect(misplaced).toEqual([]);
    const [counts] = await sql<{ lines: string; lots: string }>(
      `select count(*) as lines, count(distinct l.lot_id) as lots from invoice_line l join invoice i on i.id = l.invoice_id where i.group_id = ?`,
      [id],
    );
    expect(counts).toEqual({ lines: '2500', lots: '2500' });
    const wrongTotals = await sql(
      `select i.id from invoice i join invoice_line l on l.invoice_id = i.id where i.group_id = ?
        group by i.id
       having i.item_count <> count(*) or i.hammer_total_cents <> sum(l.hammer_cents) or i.premium_total_cents <> sum(l.premium_cents)
           or i.live_fee_total_cents <> sum(l.live_fee_cents) or i.tax_total_cents <> sum(l.tax_cents)
           or i.other_total_cents <> sum(l.fees_cents) or i.invoice_total_cents <> sum(l.total_cents)`,
      [id],
    );
    expect(wrongTotals).toEqual([]);
    // Ids ascend with the invoice numbers, which run without a gap in the invoices' order.
    const order = await sql<{ invoice_number: number }>('select invoice_number from invoice where group_id = ? order by id', [id]);
    expect(order.map((r) => r.invoice_number)).toEqual(Array.from({ length: 400 }, (_, i) => before.last_number + 1 + i));
    const stored = await sql<{ lot_title: string }>(
      `select l.lot_title from invoice_line l where l.lot_id in (${lots.map(() => '?').join(', ')}) order by l.lot_id`,
      lots.map((l) => l.id),
    );
    expect(stored.map((r) => r.lot_title)).toEqual(titles);
  });

  it('a failure in a later batch leaves nothing behind, and the same connection pool builds the group afterwards', async () => {
    const sale = await seedLargeSale(t.em(), houses.a.id, address, 'LATE', 3_000, 300);
    // Lot 2,999 is won by the 300th bidder ("No. 300"), whose invoice comes last: in the last batch.
    const [last] = await sql<{ id: number }>(`select id from lot where catalog_id = ? and lot_number = '2999'`, [sale.catalogId]);
    await sql(`create function h7_refuse_lot() returns trigger language plpgsql as $$
      begin if new.lot_id = ${Number(last.id)} then raise exception 'refused lot %', new.lot_id; end if; return new; end $$`);
    await sql('create trigger h7_refuse before insert on invoice_line for each row execute function h7_refuse_lot()');
    const id = await groupOf(sale.catalogId, 'Late failure');
    const before = await invoicingCounts(t, houses.a.id);
    try {
      await expect(inContext(t, () => builder.build(houses.a.id, id))).rejects.toThrow(`refused lot ${last.id}`);
    } finally {
      await sql('drop trigger h7_refuse on invoice_line; drop function h7_refuse_lot()');
    }
    expect(await invoicingCounts(t, houses.a.id)).toEqual(before);
    const [g] = await sql('select invoice_created from invoice_group where id = ?', [id]);
    expect(g).toEqual({ invoice_created: false });

    const built = await inContext(t, () => builder.build(houses.a.id, id));
    expect(built).toEqual(expect.objectContaining({ invoices: 300, lines: 3_000, firstInvoiceNumber: before.last_number + 1 }));
  });
});
