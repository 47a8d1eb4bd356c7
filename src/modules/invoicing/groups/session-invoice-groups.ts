import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Which invoice group holds each session, for other modules (the sales calendar links to it). */
@Injectable()
export class SessionInvoiceGroups {
  constructor(private readonly em: EntityManager) {}

  /**
   * The newest invoice group of each given session of the house, in one query (a session can sit in
   * several groups as later results arrive; sessions never invoiced are absent).
   */
  async latestBySession(houseId: number, catalogIds: readonly number[]): Promise<Map<number, number>> {
    if (!catalogIds.length) return new Map();
    const rows = await this.em.getConnection().execute(
      `select distinct on (gc.catalog_id) gc.catalog_id, g.id
         from invoice_group_catalog gc join invoice_group g on g.id = gc.group_id
        where g.house_id = ? and gc.catalog_id in (${catalogIds.map(() => '?').join(', ')})
        order by gc.catalog_id, g.id desc`,
      [houseId, ...catalogIds],
    );
    return new Map(rows.map((r) => [r.catalog_id as number, r.id as number]));
  }
}
