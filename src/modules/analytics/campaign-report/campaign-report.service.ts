import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignRow } from '@ar/rules';

export type { CampaignRow } from '@ar/rules';

/** Sessions with a campaign, newest first; a house runs a few a week, so one bounded read. */
export const CAMPAIGN_REPORT_MAX_ROWS = 500;

/**
 * Ad Campaign Reporting (spec 001 route /campaign-reporting): the house's paid featured items
 * ($249 a lot, the summary's promotion) per session, with their bids, sales and hammer beside the
 * session's totals, so the house sees what featuring brought. Reads the catalog and lot tables in
 * one aggregate (docs/decisions/broadcast-analytics.md).
 */
@Injectable()
export class CampaignReportService {
  constructor(private readonly em: EntityManager) {}

  async report(houseId: number): Promise<CampaignRow[]> {
    const rows = await this.em.getConnection().execute(
      `select c.catalog_ref, c.title, c.sale_type, c.event_date, c.currency_code,
              count(l.id) filter (where l.featured)::int as featured_lots,
              coalesce(sum(l.bid_count) filter (where l.featured), 0)::int as featured_bids,
              count(l.id) filter (where l.featured and l.hammer_cents > 0)::int as featured_sold,
              coalesce(sum(l.hammer_cents) filter (where l.featured and l.hammer_cents > 0), 0)::bigint as featured_hammer,
              count(l.id)::int as lots,
              coalesce(sum(l.bid_count), 0)::int as bids,
              count(l.id) filter (where l.hammer_cents > 0)::int as sold,
              coalesce(sum(l.hammer_cents) filter (where l.hammer_cents > 0), 0)::bigint as hammer
         from catalog c
         left join lateral (
              select x.id, x.bid_count, x.hammer_cents, c.featured_lot_ids::jsonb @> to_jsonb(x.id) as featured
                from lot x
               where x.catalog_id = c.id and x.house_id = c.house_id and x.deleted_at is null
         ) l on true
        where c.house_id = ? and jsonb_typeof(c.featured_lot_ids::jsonb) = 'array' and jsonb_array_length(c.featured_lot_ids::jsonb) > 0
        group by c.id
        order by c.event_date desc, c.id desc
        limit ${CAMPAIGN_REPORT_MAX_ROWS}`,
      [houseId],
    );
    return rows.map((r) => ({
      catalogRef: r.catalog_ref,
      title: r.title,
      saleType: r.sale_type,
      eventDate: new Date(r.event_date).toISOString(),
      currencyCode: r.currency_code,
      featuredLots: r.featured_lots,
      featuredBids: r.featured_bids,
      featuredSold: r.featured_sold,
      featuredHammerCents: Number(r.featured_hammer),
      lots: r.lots,
      bids: r.bids,
      sold: r.sold,
      hammerCents: Number(r.hammer),
    }));
  }
}
