import { describe, expect, it, jest } from '@jest/globals';
import { APP_LIST_RESOURCES, EOA_LOTS } from '../../api/appListResources';

const lot = (lotID: number) => ({
  lotID,
  lotNumber: String(lotID),
  title: `Lot ${lotID}`,
  result: 'Sold',
  paddleNumber: 7,
  buyerName: 'Ada Kent',
  channel: 'INV',
  hammer: 100,
  premium: 25,
  liveFee: 3,
});
const totals = { lots: 120, sold: 90, passed: 30, hammer: 9_000, premium: 2_250, liveFee: 270 };

describe('the EOA lot list as a react-admin resource', () => {
  it("sends react-admin's page, sort and filter as the server's range, sort and filter; the session rides in the path", async () => {
    const call = jest.fn<(method: string, path: string) => Promise<unknown>>(async () => ({
      data: { lots: [lot(51), lot(52)], total: 120, totals },
    }));
    const answer = await APP_LIST_RESOURCES[EOA_LOTS](call as never, {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'hammer', order: 'DESC' },
      filter: { houseRef: 'H1', catalogRef: 'C 9', result: 'Sold', channel: '', q: '12' },
    });
    const [method, path] = call.mock.calls[0];
    expect(method).toBe('GET');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/app/house/H1/eoa/C%209/lots');
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([50, 99]);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['hammer', 'DESC']);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ result: 'Sold', q: '12' });
    expect(answer.total).toBe(120);
    expect(answer.data.map((r) => r.id)).toEqual([51, 52]);
    expect(answer.meta).toEqual({ totals });
  });

  it('sorts by lot number when react-admin asks for its default id sort', async () => {
    const call = jest.fn<(method: string, path: string) => Promise<unknown>>(async () => ({ data: { lots: [], total: 0, totals } }));
    await APP_LIST_RESOURCES[EOA_LOTS](call as never, {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { houseRef: 'H1', catalogRef: 'C1' },
    });
    const url = new URL(call.mock.calls[0][1], 'http://x');
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['lotNumber', 'ASC']);
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([0, 49]);
  });
});
