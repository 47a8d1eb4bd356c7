import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { InvoiceDetailsService } from '../../src/modules/invoicing/invoices/invoice-details.service';
import type { GroupDetailsQueryDto } from '../../src/modules/invoicing/invoices/group-details-query.dto';
import { groupDetailsCriteria } from '../../src/modules/invoicing/invoices/invoice-list-query';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { FactoryGroup } from './factory';
import { mainGroup } from './scenario';

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

  it('a paged call still answers in one piece, with its length', async () => {
    const res = await get({ size: '2' }).expect(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.text).toBe(await objectPath({ size: 2 }));
  });
});
