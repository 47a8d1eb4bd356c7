import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog, SaleType } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import type { TestApp } from '../support/test-app';

const DAY = 24 * 3_600_000;

/** A lot of the session, by its numbers (each one a vase). */
export interface SeedLot {
  lotNumber?: string;
  lotExt?: string;
  invNumber?: string;
}

/**
 * A session of `type` five days ahead, in a sale of its own: what the sheet uploads go into. Empty
 * unless `lots` are given (the image uploads match their files to them).
 */
export async function seedSheetSession(t: TestApp, houseId: number, type: SaleType, lots: SeedLot[] = []): Promise<number> {
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
  for (const l of lots) em.create(Lot, { house: houseId, catalog: c, lotRef: newRef('L'), title: 'Vase', description: 'A vase', ...l });
  await em.flush();
  return c.id;
}
