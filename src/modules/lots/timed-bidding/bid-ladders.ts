import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_BID_LADDER, type BidIncrementRange } from '@ar/rules';

/** The house's increment ladder (bid_increment rows), or the default ladder when it has none. */
@Injectable()
export class BidLadders {
  constructor(private readonly em: EntityManager) {}

  async of(houseId: number, em: EntityManager = this.em): Promise<readonly BidIncrementRange[]> {
    const rows = await em.execute<{ min_cents: string; max_cents: string | null; increment_cents: string }[]>(
      `select min_cents, max_cents, increment_cents from bid_increment where house_id = ? order by min_cents`,
      [houseId],
    );
    if (!rows.length) return DEFAULT_BID_LADDER;
    return rows.map((r) => ({
      min: Number(r.min_cents),
      max: r.max_cents === null ? null : Number(r.max_cents),
      increment: Number(r.increment_cents),
    }));
  }
}
