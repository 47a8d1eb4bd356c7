import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BinTaxSetting } from '@ar/rules';
import type { RateMilli } from '../../core/money/money';
import { binChargeRows, type SaleChargeRows } from './bin-wizard/bin-charge-rows';

export interface SessionRow {
  catalogId: number;
  catalogRef: string;
  title: string;
  saleType: 'live' | 'timed' | 'bin';
  eventDate: Date;
  /** The session's own time zone (IANA), for its calendar date. */
  timeZone: string;
  addressId: number | null;
  currencyCode: string;
  groupId: number;
  groupName: string;
}

export interface PremiumStepRow {
  fromCents: number;
  toCents: number | null;
  rate: RateMilli;
}

export interface GroupCharging {
  auctionGroupId: number;
  premiumSteps: PremiumStepRow[];
  liveFeeRate: RateMilli;
  currencyCode: string;
  /** A buy-now sale's own Taxes & Fees (bin step 1), used instead of the template's rows; null: the template's. */
  chargeRows?: SaleChargeRows | null;
}

/** Sales (auction groups) and their sessions (catalogs). Other modules read them through here. */
@Injectable()
export class CatalogsService {
  constructor(private readonly em: EntityManager) {}

  /** Sessions of the house, optionally only the given ones (ids of another house are simply absent). */
  async sessions(houseId: number, catalogIds?: readonly number[]): Promise<SessionRow[]> {
    if (catalogIds && !catalogIds.length) return [];
    const filter = catalogIds ? `and c.id in (${catalogIds.map(() => '?').join(', ')})` : '';
    const rows = await this.em.getConnection().execute(
      `select c.id, c.catalog_ref, c.title, c.sale_type, c.event_date, c.time_zone, c.address_id, c.currency_code, g.id as group_id, g.group_name
         from catalog c join auction_group g on g.id = c.group_id
        where c.house_id = ? ${filter}
        order by g.id, c.event_date, c.id`,
      [houseId, ...(catalogIds ?? [])],
      'all',
      // Inside a caller's transaction (invoice re-pricing), read on its connection: a second pool connection per transaction starves the pool.
      this.em.getTransactionContext(),
    );
    return rows.map((r) => ({
      catalogId: r.id,
      catalogRef: r.catalog_ref,
      title: r.title,
      saleType: r.sale_type,
      eventDate: new Date(r.event_date),
      timeZone: r.time_zone,
      addressId: r.address_id,
      currencyCode: r.currency_code,
      groupId: r.group_id,
      groupName: r.group_name,
    }));
  }

  /**
   * How many sessions of the house have the address as their sale location. `em`: the caller's
   * (a location delete checks inside its own transaction).
   */
  async sessionsAtAddress(houseId: number, addressId: number, em: EntityManager = this.em): Promise<number> {
    const rows = await em.execute<{ n: string }[]>('select count(*) as n from "catalog" where "house_id" = ? and "address_id" = ?', [
      houseId,
      addressId,
    ]);
    return Number(rows[0]?.n ?? 0);
  }

  /** Sessions of the house by catalogRef (unknown refs and refs of another house are simply absent). */
  async sessionsByRefs(houseId: number, catalogRefs: readonly string[]): Promise<SessionRow[]> {
    const refs = [...new Set(catalogRefs)];
    if (!refs.length) return [];
    const rows = await this.em
      .getConnection()
      .execute(`select c.id from catalog c where c.house_id = ? and c.catalog_ref in (${refs.map(() => '?').join(', ')})`, [
        houseId,
        ...refs,
      ]);
    return this.sessions(
      houseId,
      rows.map((r) => r.id as number),
    );
  }

  /** Premium steps and live fee of the auction groups (sales) given, keyed by group id. */
  async charging(houseId: number, auctionGroupIds: readonly number[]): Promise<Map<number, GroupCharging>> {
    const out = new Map<number, GroupCharging>();
    if (!auctionGroupIds.length) return out;
    const marks = auctionGroupIds.map(() => '?').join(', ');
    const groups = await this.em.getConnection().execute(
      `select g.id, g.live_fee_rate, g.currency_code, b.tax_settings
           from auction_group g left join bin_sale_settings b on b.group_id = g.id and b.house_id = g.house_id and not g.is_live
          where g.house_id = ? and g.id in (${marks})`,
      [houseId, ...auctionGroupIds],
      'all',
      this.em.getTransactionContext(),
    );
    for (const g of groups) {
      const taxSettings = (typeof g.tax_settings === 'string' ? JSON.parse(g.tax_settings) : g.tax_settings) as BinTaxSetting[] | null;
      out.set(g.id, {
        auctionGroupId: g.id,
        premiumSteps: [],
        liveFeeRate: g.live_fee_rate,
        currencyCode: g.currency_code,
        chargeRows: binChargeRows(taxSettings),
      });
    }
    const steps = await this.em.getConnection().execute(
      `select s.group_id, s.from_cents, s.to_cents, s.rate from buyers_premium_step s join auction_group g on g.id = s.group_id
        where g.house_id = ? and s.group_id in (${marks}) order by s.group_id, s.from_cents`,
      [houseId, ...auctionGroupIds],
      'all',
      this.em.getTransactionContext(),
    );
    for (const s of steps) {
      out
        .get(s.group_id)
        ?.premiumSteps.push({ fromCents: Number(s.from_cents), toCents: s.to_cents === null ? null : Number(s.to_cents), rate: s.rate });
    }
    return out;
  }
}
