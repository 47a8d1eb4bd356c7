import { describe, expect, it, jest } from '@jest/globals';
import { APP_LIST_RESOURCES, AUCTION_CALENDAR, UNINVOICED_SALES } from './appListResources';

const sale = (groupID: number) => ({
  groupID,
  groupName: `Sale ${groupID}`,
  catalogs: [
    { catalogRef: `C${groupID}`, catalogID: groupID, catalogDateFull: '', catalogDate: '09/06/2026', catalogTitle: 'Live', addressID: 1 },
  ],
});

describe('spec list calls as react-admin resources', () => {
  it("reads uninvoiced sales a page at a time from the house's invoiceCatalogs call, as records with their groupID as id", async () => {
    const call = jest.fn<(method: string, path: string) => Promise<unknown>>(async () => ({
      data: { auctionGroups: [sale(7), sale(9)], totalRecords: 27 },
    }));
    const answer = await APP_LIST_RESOURCES[UNINVOICED_SALES](call as never, {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { houseRef: 'h/1' },
    });
    expect(call).toHaveBeenCalledWith('GET', '/app/house/h%2F1/invoiceCatalogs?page=2&size=25');
    expect(answer.total).toBe(27);
    expect(answer.data.map((r) => [r.id, r.groupName])).toEqual([
      [7, 'Sale 7'],
      [9, 'Sale 9'],
    ]);
    expect(answer.data[0].catalogs[0].catalogRef).toBe('C7');
  });

  it('counts the rows when the answer has no total', async () => {
    const call = jest.fn(async () => ({ data: { auctionGroups: [sale(1)] } }));
    const answer = await APP_LIST_RESOURCES[UNINVOICED_SALES](call as never, { pagination: { page: 1, perPage: 25 }, filter: {} } as never);
    expect(answer.total).toBe(1);
  });

  it('reads the calendar a page of sales at a time, Upcoming or Past by the filter, with the stealth flag as meta', async () => {
    const call = jest.fn<(method: string, path: string) => Promise<unknown>>(async () => ({
      data: { auctionGroups: [{ groupID: 4, groupName: 'Spring', catalogs: [] }], totalRecords: 11, page: 2, size: 10, stealthMode: true },
    }));
    const past = await APP_LIST_RESOURCES[AUCTION_CALENDAR](
      call as never,
      {
        pagination: { page: 2, perPage: 10 },
        filter: { houseRef: 'H1', upcoming: false },
      } as never,
    );
    expect(call).toHaveBeenLastCalledWith('GET', '/app/house/H1/auction-calendar?upcoming=false&page=2&size=10');
    expect(past).toMatchObject({ total: 11, meta: { stealthMode: true } });
    expect(past.data.map((r) => [r.id, r.groupName])).toEqual([[4, 'Spring']]);
    await APP_LIST_RESOURCES[AUCTION_CALENDAR](
      call as never,
      { pagination: { page: 1, perPage: 10 }, filter: { houseRef: 'H1' } } as never,
    );
    expect(call).toHaveBeenLastCalledWith('GET', '/app/house/H1/auction-calendar?upcoming=true&page=1&size=10');
  });
});
