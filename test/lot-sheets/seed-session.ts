import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog, SaleType } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import type { TestApp } from '../support/test-app';

const DAY = 24 * 3_600_000;

/** An empty session of `type` five days ahead, in a sale of its own: what the sheet uploads go into. */
export async function seedSheetSession(t: TestApp, houseId: number, type: SaleType): Promise<number> {
  const em = t.em().fork();
  const group = em.create(AuctionGroup, { house: houseId, groupName: `g${type}`, isLive: type !== 'bin' });
  const c = em.create(Catalog, {
    house: houseId,
    group,
    catalogRef: newRef('C'),
    title: type,
    saleType: type,
    eventDate: new Date(Date.now() + 5 * DAY),
  });
  await em.flush();
  return c.id;
}
