import { EntityManager } from '@mikro-orm/postgresql';
import { newRef } from '../../src/modules/houses/identity/secrets';
import type { SaleType } from '../../src/modules/catalogs/catalog.entity';

export interface TimedSale {
  groupId: number;
  catalogId: number;
  catalogRef: string;
  lotIds: number[];
  lotRefs: string[];
  approvalIds: number[];
}

export interface TimedSaleSpec {
  houseId: number;
  lots: number;
  bidders?: number;
  /** When the first lot ends (the session's date); default in three days. */
  firstLotEnd?: Date;
  staggerSeconds?: number;
  saleType?: SaleType;
  startingBidCents?: number;
  reserveCents?: number | null;
}

/** A sale with one timed session of `lots` lots (numbers 1..n) and `bidders` registered INV bidders, set-based. */
export async function seedTimedSale(em: EntityManager, spec: TimedSaleSpec): Promise<TimedSale> {
  const { houseId } = spec;
  const [g] = await em.execute<{ id: number }[]>(`insert into auction_group (house_id, group_name) values (?, 'Timed sale') returning id`, [
    houseId,
  ]);
  const catalogRef = newRef('C');
  const [c] = await em.execute<{ id: number }[]>(
    `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date, timed_type, timed_value) values (?, ?, ?, 'Timed session', ?, ?, 1, ?) returning id`,
    [
      houseId,
      g.id,
      catalogRef,
      spec.saleType ?? 'timed',
      spec.firstLotEnd ?? new Date(Date.now() + 3 * 86_400_000),
      spec.staggerSeconds ?? 60,
    ],
  );
  const lotRefs = Array.from({ length: spec.lots }, () => newRef('L'));
  const lotIds: number[] = [];
  for (let i = 0; i < lotRefs.length; i += 1000) {
    const batch = lotRefs.slice(i, i + 1000);
    const rows = await em.execute<{ id: number }[]>(
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, starting_bid_cents, reserve_cents, published)
       values ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, true)').join(', ')} returning id`,
      batch.flatMap((ref, j) => [
        houseId,
        c.id,
        ref,
        String(i + j + 1),
        `Lot ${i + j + 1}`,
        'A lot.',
        spec.startingBidCents ?? 2000,
        spec.reserveCents ?? null,
      ]),
    );
    lotIds.push(...rows.map((r) => r.id));
  }
  const approvalIds: number[] = [];
  for (let b = 0; b < (spec.bidders ?? 0); b++) {
    const [m] = await em.execute<{ id: number }[]>(
      `insert into member (house_id, member_ref, first_name, last_name, email, platform) values (?, ?, 'Bidder', ?, ?, 'INV') returning id`,
      [houseId, newRef('M'), `No${b + 1}`, `bidder${b + 1}@example.com`],
    );
    const [a] = await em.execute<{ id: number }[]>(
      `insert into approval (house_id, group_id, member_id, paddle_number, channel) values (?, ?, ?, ?, 'INV') returning id`,
      [houseId, g.id, m.id, 100 + b],
    );
    approvalIds.push(a.id);
  }
  return { groupId: g.id, catalogId: c.id, catalogRef, lotIds, lotRefs, approvalIds };
}
