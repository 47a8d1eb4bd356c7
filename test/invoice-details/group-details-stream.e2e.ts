import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { InvoiceDetailsService } from '../../src/modules/invoicing/invoices/invoice-details.service';
import type { GroupDetailsQueryDto } from '../../src/modules/invoicing/invoices/group-details-query.dto';
import { groupDetailsCriteria } from '../../src/modules/invoicing/invoices/invoice-list-query';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { createInvoicedGroup, FactoryGroup } from './factory';
import { mainGroup, NY_TAX } from './scenario';

/**
 * The unpaged groupDetailInfo is written in chunks (group-details-json.ts): its text must be, byte
 * for byte, what one JSON.stringify of the answer object gives (the paged call's path).
 */
describe('groupDetailInfo unpaged: streamed, the same JSON as the object path (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let main: FactoryGroup;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    main = await mainGroup(t.em(), houses.a.id);
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  const objectPath = (query: GroupDetailsQueryDto) =>
    RequestContext.create(t.app.get(MikroORM).em, async () =>
      JSON.stringify({
        data: await t.app.get(InvoiceDetailsService).groupDetailInfo(houses.a.id, groupDetailsCriteria(main.groupId, query)),
      }),
    );
  const get = (query: Record<string, string>, headers: Record<string, string> = { 'Accept-Encoding': 'identity' }) =>
    a.agent.get(`/app/house/${houses.a.houseRef}/invoiceGroup/${main.groupId}/groupDetailInfo`).query(query).set(headers).buffer(true);

  it.each([
    [{}, {}],
    [{ status: 'unpaid' }, { status: 'UNPAID' }],
    [{ search: 'love' }, { search: 'love' }],
    [{ search: 'zzz-nobody' }, { search: 'zzz-nobody' }],
  ] as [Record<string, string>, GroupDetailsQueryDto][])('%j: the same bytes, as JSON', async (query, dto) => {
    const res = await get(query).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.text).toBe(await objectPath(dto));
    expect(res.body.data.invoiceBidders.length).toBe(res.body.data.totalRecords);
  });

  it('the whole group has every invoice with its lines; compressed on request, the same text', async () => {
    const expected = await objectPath({});
    const plain = await get({}).expect(200);
    expect(plain.body.data.invoiceBidders).toHaveLength(main.invoiceIds.filter((id) => id !== undefined).length);
    expect(plain.body.data.invoiceBidders.every((i: { invoiceDetails: unknown[] }) => i.invoiceDetails.length > 0)).toBe(true);
    const gz = await get({}, { 'Accept-Encoding': 'gzip' }).expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(expected);
  });

  it('a group of 450 invoices (lines read in 3 parts side by side) with every feature: the same bytes as the object path', async () => {
    const BIDDERS = 450;
    const g = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Large "quoted" group',
      processorType: 'w',
      taxRows: [NY_TAX],
      feeRows: [{ name: 'Handling', rate: 1500, countryCode: 'ALL', stateCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false }],
      sessions: [
        { title: 'Day one', eventDate: '2026-10-16T23:00:00Z' },
        { title: 'Day two', eventDate: '2026-10-18T15:00:00Z' },
        { title: 'Day three', eventDate: '2026-10-20T15:00:00Z' },
      ],
      bidders: Array.from({ length: BIDDERS }, (_, i) => ({
        firstName: i % 50 === 7 ? 'Zoë "Q"' : `First${i}`,
        lastName: i % 40 === 3 ? 'Extraordinarily-Long-Surname-Here' : `Last${i}`,
        platform: (['INV', 'PL', 'AZ', 'Floor'] as const)[i % 4],
        paddle: i % 3 === 0 ? 0 : 2000 + i,
        stateCode: i % 5 === 0 ? null : 'NY',
        province: i % 5 === 0 ? 'ON' : null,
        countryCode: i % 5 === 0 ? 'CA' : 'US',
      })),
      lots: Array.from({ length: BIDDERS * 2 }, (_, i) => ({
        bidder: i % BIDDERS,
        session: i % 3,
        hammer: 1_000 + (i % 17) * 2_550,
        lotExt: i % 13 === 0 ? 'A' : undefined,
        hidden: i % 23 === 0,
        paidDate: i % 9 === 0 ? '2026-11-01' : undefined,
        paymentMethodId: i % 9 === 0 ? (i % 2 ? 3 : 11) : undefined,
        shippedDate: i % 11 === 0 ? '2026-11-03' : undefined,
        disputeRef: i % 97 === 0 ? `D-${i}` : undefined,
        onlinePaymentStat: i % 89 === 0 ? 'p' : undefined,
        staff: i % 19 === 0 ? { shipping: 1_500, other: -250, tax: 30 } : undefined,
        overrides: (i % BIDDERS) % 4 === 3 && i % 7 === 0 ? { hammer: 4_000 } : undefined, // Floor lines only
        withoutLotRef: i % 101 === 0,
      })),
      invoices: Object.fromEntries(
        Array.from({ length: BIDDERS }, (_, i) => [
          i,
          {
            sentAt: i % 4 === 0 ? undefined : new Date('2026-11-01T15:00:00Z'),
            pickup: i % 6 === 0,
            notes: i % 10 === 0 ? 'Crate \u2028 "carefully"' : undefined,
            allPaid: i % 8 === 1,
            paidDate: i % 8 === 1 ? '2026-11-04' : undefined,
            paymentMethodId: i % 8 === 1 ? 4 : undefined,
            payments:
              i % 8 === 1
                ? [
                    { amount: 1_000_000, kind: 'payment' as const },
                    { amount: 500, kind: 'refund' as const },
                  ]
                : i % 8 === 2
                  ? [{ amount: 700, kind: 'payment' as const }]
                  : undefined,
            charges: i % 12 === 0 ? { shipping: 2_000, insurance: 150 } : undefined,
            onlinePaymentStat: i % 71 === 5 ? 'd' : undefined,
          },
        ]),
      ),
    });
    // Additional charges: on a lot, on the invoice, and a hidden one, spread over the three parts.
    const conn = t.em().getConnection();
    for (const b of [1, 160, 310, 449]) {
      const inv = g.invoiceIds[b]!;
      await conn.execute(
        `insert into invoice_additional_charge (house_id, invoice_id, line_id, shipping_cents, tax_cents, hidden, created_at, updated_at) values (?, ?, ?, 1500, 25, false, now(), now())`,
        [houses.a.id, inv, g.lineIds[b]],
      );
      await conn.execute(
        `insert into invoice_additional_charge (house_id, invoice_id, line_id, other_cents, hidden, created_at, updated_at) values (?, ?, null, 990, ?, now(), now())`,
        [houses.a.id, inv, b === 160],
      );
    }
    const path = `/app/house/${houses.a.houseRef}/invoiceGroup/${g.groupId}/groupDetailInfo`;
    const objects = await RequestContext.create(t.app.get(MikroORM).em, async () =>
      JSON.stringify({ data: await t.app.get(InvoiceDetailsService).groupDetailInfo(houses.a.id, groupDetailsCriteria(g.groupId, {})) }),
    );
    const res = await a.agent.get(path).set('Accept-Encoding', 'identity').buffer(true).expect(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.text).toBe(objects);
    const data = res.body.data;
    expect(data.invoiceBidders).toHaveLength(BIDDERS);
    expect(data.invoiceBidders.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toEqual(
      [...data.invoiceBidders.map((i: { invoiceNumber: number }) => i.invoiceNumber)].sort((x: number, y: number) => x - y),
    );
    const details = data.invoiceBidders.flatMap((i: { invoiceDetails: unknown[] }) => i.invoiceDetails);
    expect(details).toHaveLength(BIDDERS * 2);
    // The features the comparison covers are really in the answer.
    const statuses = new Set(data.invoiceBidders.map((i: { invoiceStatus: string }) => i.invoiceStatus));
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['Not Sent', 'Paid', 'Partial Paid', 'Sent']));
    expect(data.invoiceBidders.filter((i: { additionalPriceInfo: unknown }) => i.additionalPriceInfo !== null)).toHaveLength(4);
    expect(details.filter((d: { additionalPriceInfo: unknown }) => d.additionalPriceInfo !== null)).toHaveLength(4);
    expect(details.some((d: { suppress: boolean }) => d.suppress)).toBe(true);
    expect(details.some((d: { lotRef: string | null; lotID: number }) => d.lotRef !== null && d.lotID === g.lotIds[0])).toBe(true);
    expect(new Set(details.map((d: { saleIdentifier: string }) => d.saleIdentifier)).size).toBe(3);
  });

  it('a paged call still answers in one piece, with its length', async () => {
    const res = await get({ size: '2' }).expect(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.text).toBe(await objectPath({ size: 2 }));
  });
});
