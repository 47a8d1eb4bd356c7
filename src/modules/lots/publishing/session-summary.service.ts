import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  CATALOG_SITE_BASE,
  formatSessionStart,
  lotKey,
  lotStatus,
  sessionState,
  sortByStatus,
  SUMMARY_PAGE_SIZES,
  type SessionDefinitionView,
  type SessionPreview,
  type SessionSummary,
  type SummaryLot,
} from '@ar/rules';
import { PrivateLabelService } from '../../houses/private-label/private-label.service';
import { PublishingError } from './publishing.errors';

/** The session row every call starts from: house-scoped, with its house and sale location. */
export interface SessionRow {
  id: number;
  catalog_ref: string;
  group_id: number;
  group_name: string;
  house_id: number;
  house_user_name: string;
  house_name: string;
  featured_lots_enabled: boolean;
  title: string;
  sale_type: 'bin' | 'live' | 'timed';
  event_date: Date | string;
  time_zone: string;
  currency_code: string;
  published: boolean;
  cover_image_url: string | null;
  featured_lot_ids: number[] | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phone: string | null;
}

interface LotRow {
  id: number;
  lot_number: string | null;
  lot_ext: string | null;
  inv_number: string | null;
  title: string;
  status: string;
  published: boolean;
  restricted: boolean;
  banned: boolean;
  potentially_banned: boolean;
  item_price_cents: string | null;
  starting_bid_cents: string | null;
  lo_est_cents: string | null;
  hi_est_cents: string | null;
  images: number;
  primary_img: string | null;
  orderbids: number;
}

const CURRENCY_NAMES: Record<string, string> = {
  USD: 'US Dollar',
  CAD: 'Canadian Dollar',
  GBP: 'British Pound',
  EUR: 'Euro',
  AUD: 'Australian Dollar',
};

const LOT_COLUMNS = `l.id, l.lot_number, l.lot_ext, l.inv_number, l.title, l.status, l.published, l.restricted, l.banned,
  l.potentially_banned, l.item_price_cents, l.starting_bid_cents, l.lo_est_cents, l.hi_est_cents,
  (select count(*)::int from lot_image i where i.lot_id = l.id) as images,
  (select i.url from lot_image i where i.lot_id = l.id order by i.sequence, i.id limit 1) as primary_img,
  (select count(*)::int from order_bid o where o.lot_id = l.id) as orderbids`;

/** Lot-number order in SQL: numerically, then extension; lots without a number last by inventory number. */
const LOT_ORDER = `(l.lot_number is null), lpad(coalesce(l.lot_number, ''), 8, '0'), l.lot_ext nulls first, l.inv_number, l.id`;

const units = (cents: string | null): number | null => (cents === null ? null : Number(cents) / 100);

function lotView(r: LotRow, saleType: SessionRow['sale_type']): SummaryLot {
  const flags = {
    deleted: r.status === 'd',
    unpublished: !r.published,
    images: r.images,
    potentiallyBanned: r.potentially_banned,
    banned: r.banned,
    restricted: r.restricted,
  };
  return {
    lotID: r.id,
    lotNumber: r.lot_number,
    lotExt: r.lot_ext,
    invNumber: r.inv_number,
    lotTitle: r.title,
    price: saleType === 'bin' ? units(r.item_price_cents) : null,
    startingBid: saleType === 'bin' ? null : units(r.starting_bid_cents),
    loEst: units(r.lo_est_cents),
    hiEst: units(r.hi_est_cents),
    primaryImg: r.primary_img,
    orderbid: r.orderbids,
    status: r.status,
    hasLotNumber: r.lot_number !== null,
    ...flags,
    statusKey: lotStatus(flags),
  };
}

/**
 * The reads of the Preview and Summary & Publish steps (spec 001 section 7 "Preview, summary and
 * publish"). Every query is scoped by house; a session of another house is the same 404 as none.
 */
@Injectable()
export class SessionSummaryService {
  constructor(
    private readonly em: EntityManager,
    private readonly privateLabel: PrivateLabelService,
  ) {}

  async session(houseId: number, catalogId: number, em: EntityManager = this.em, lock = false): Promise<SessionRow> {
    const rows = await em.execute<SessionRow[]>(
      `select c.id, c.catalog_ref, c.group_id, g.group_name, h.id as house_id, h.house_user_name, h.name as house_name,
              h.featured_lots_enabled, c.title, c.sale_type, c.event_date, c.time_zone, c.currency_code, c.published,
              c.cover_image_url, c.featured_lot_ids, a.address_city as city, coalesce(a.state_code, a.province) as state,
              a.country_code as country, a.address_phone as phone
         from catalog c join house h on h.id = c.house_id join auction_group g on g.id = c.group_id
         left join lateral (select * from house_address x where x.house_id = c.house_id and x.deleted_at is null
                             order by (x.id = c.address_id) desc, x."primary" desc, x.id limit 1) a on true
        where c.house_id = ? and c.id = ?${lock ? ' for update of c' : ''}`,
      [houseId, catalogId],
    );
    if (!rows[0]) throw PublishingError.sessionNotFound();
    return rows[0];
  }

  /** Live and timed sessions lock two hours before their start; buy-now sales have no start. */
  static locked(s: Pick<SessionRow, 'sale_type' | 'event_date'>, now = new Date()): boolean {
    return s.sale_type !== 'bin' && sessionState(s.event_date, now).in2Hours;
  }

  /** `houseLogo`: the house's site logo link (PrivateLabelService.siteLogoUrl), shown in the preview's header. */
  definition(s: SessionRow, houseLogo: string | null): SessionDefinitionView {
    const start = new Date(s.event_date);
    return {
      catalogID: s.id,
      catalogRef: s.catalog_ref,
      groupID: s.group_id,
      groupName: s.group_name,
      houseID: s.house_id,
      houseAlias: s.house_user_name,
      houseName: s.house_name,
      houseLogo,
      title: s.title,
      saleType: s.sale_type,
      isTimed: s.sale_type === 'timed',
      city: s.city,
      state: s.state,
      country: s.country,
      telNo: s.phone,
      currency: { code: s.currency_code, name: CURRENCY_NAMES[s.currency_code] ?? s.currency_code },
      eventDateUTCString: start.toISOString(),
      dateTimeDisplay: formatSessionStart(start, s.time_zone),
      timeZone: s.time_zone,
      published: s.published,
      in2Hours: SessionSummaryService.locked(s),
      featuredLotsEnabled: s.featured_lots_enabled,
      coverImageURL: s.cover_image_url,
    };
  }

  /** The preview grid: lots not deleted, searched and paged in the database. */
  async preview(houseId: number, catalogId: number, q: { search?: string; page?: number; size?: number }): Promise<SessionPreview> {
    const s = await this.session(houseId, catalogId);
    const size = q.size ?? SUMMARY_PAGE_SIZES[0];
    const page = q.page ?? 1;
    const search = q.search?.trim() ?? '';
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = `l.house_id = ? and l.catalog_id = ? and l.status <> 'd'${
      search ? ` and ((l.lot_number || coalesce(l.lot_ext, '')) ilike ? or l.inv_number ilike ? or l.title ilike ?)` : ''
    }`;
    const params = [houseId, catalogId, ...(search ? [like, like, like] : [])];
    const [{ n }] = await this.em.execute<{ n: number }[]>(`select count(*)::int as n from lot l where ${where}`, params);
    const rows = await this.em.execute<LotRow[]>(`select ${LOT_COLUMNS} from lot l where ${where} order by ${LOT_ORDER} limit ? offset ?`, [
      ...params,
      size,
      (page - 1) * size,
    ]);
    const houseLogo = await this.privateLabel.siteLogoUrl(houseId);
    return { catalog: this.definition(s, houseLogo), lots: rows.map((r) => lotView(r, s.sale_type)), totalRecords: n, page, size };
  }

  /** Every lot of the session, deleted ones included, in the lot table's status order. */
  private async allLots(houseId: number, s: SessionRow): Promise<SummaryLot[]> {
    const rows = await this.em.execute<LotRow[]>(
      `select ${LOT_COLUMNS} from lot l where l.house_id = ? and l.catalog_id = ? order by ${LOT_ORDER}`,
      [houseId, s.id],
    );
    return sortByStatus(rows.map((r) => lotView(r, s.sale_type)));
  }

  async summary(houseId: number, catalogId: number): Promise<SessionSummary> {
    const s = await this.session(houseId, catalogId);
    const [lots, houseLogo] = await Promise.all([this.allLots(houseId, s), this.privateLabel.siteLogoUrl(houseId)]);
    const live = lots.filter((l) => !l.deleted);
    const keys = (list: SummaryLot[]) => list.flatMap((l) => (l.lotNumber === null ? [] : [lotKey(l)!]));
    const invs = (list: SummaryLot[]) => list.flatMap((l) => (l.lotNumber === null && l.invNumber ? [l.invNumber] : []));
    const images: Record<string, number> = {};
    const imagesInv: Record<string, number> = {};
    for (const l of live) {
      if (l.lotNumber !== null) images[lotKey(l)!] = l.images;
      else if (l.invNumber) imagesInv[l.invNumber] = l.images;
    }
    const deleted = lots.filter((l) => l.deleted);
    const unpublished = live.filter((l) => l.unpublished);
    return {
      sessionDefinition: this.definition(s, houseLogo),
      lots,
      deletedlots: keys(deleted),
      deletedLotsWithInventoryNumber: invs(deleted),
      unpublishedlots: keys(unpublished),
      unpublishedlotsWithInvNumber: invs(unpublished),
      restrictedlots: keys(live.filter((l) => l.restricted)),
      bannedlots: keys(live.filter((l) => l.banned)),
      potentiallybannedlots: keys(live.filter((l) => l.potentiallyBanned)),
      unlottedlots: invs(live),
      images,
      imagesInvNumber: imagesInv,
      imagecount: Object.values(images).reduce((a, b) => a + b, 0),
      imagecountInvNumber: Object.values(imagesInv).reduce((a, b) => a + b, 0),
      lotswithoutimages: live.filter((l) => l.images === 0).length,
      featuredLots: s.featured_lot_ids ?? [],
    };
  }

  /** `GET .../lots`: every lot's status and numbers (deleted ones too: their numbers stay taken). */
  async lotNumbers(houseId: number, catalogId: number) {
    await this.session(houseId, catalogId);
    const rows = await this.em.execute<
      { id: number; status: string; inv_number: string | null; lot_number: string | null; lot_ext: string | null }[]
    >(
      `select l.id, l.status, l.inv_number, l.lot_number, l.lot_ext from lot l where l.house_id = ? and l.catalog_id = ? order by ${LOT_ORDER}`,
      [houseId, catalogId],
    );
    return rows.map((r) => ({ lotID: r.id, status: r.status, invNumber: r.inv_number, lotNumber: r.lot_number, lotExt: r.lot_ext }));
  }

  async in2Hours(houseId: number, catalogId: number): Promise<boolean> {
    return SessionSummaryService.locked(await this.session(houseId, catalogId));
  }

  async isPublished(houseId: number, catalogId: number): Promise<boolean> {
    return (await this.session(houseId, catalogId)).published;
  }

  async cover(houseId: number, catalogId: number): Promise<string | null> {
    return (await this.session(houseId, catalogId)).cover_image_url;
  }

  async catalogUrl(houseId: number, catalogId: number): Promise<Record<string, string>> {
    const s = await this.session(houseId, catalogId);
    return { [String(s.id)]: `${CATALOG_SITE_BASE}/catalog/${encodeURIComponent(s.catalog_ref)}` };
  }

  /** `{ "12A": url }` for lots with a number and an image; lots without a number by inventory number. */
  async primaryImageUrls(houseId: number, catalogId: number): Promise<Record<string, string>> {
    await this.session(houseId, catalogId);
    const rows = await this.em.execute<{ lot_number: string | null; lot_ext: string | null; inv_number: string | null; url: string }[]>(
      `select l.lot_number, l.lot_ext, l.inv_number,
              (select i.url from lot_image i where i.lot_id = l.id order by i.sequence, i.id limit 1) as url
         from lot l where l.house_id = ? and l.catalog_id = ? and l.status <> 'd'`,
      [houseId, catalogId],
    );
    const out: Record<string, string> = {};
    for (const r of rows) {
      const key = lotKey({ lotNumber: r.lot_number, lotExt: r.lot_ext }) ?? r.inv_number;
      if (r.url && key) out[key] = r.url;
    }
    return out;
  }

  /** Every image URL of the session's lots not deleted (the cover must be one of them). */
  async imageUrls(houseId: number, catalogId: number, em: EntityManager = this.em): Promise<string[]> {
    const rows = await em.execute<{ url: string }[]>(
      `select i.url from lot_image i join lot l on l.id = i.lot_id
        where l.house_id = ? and l.catalog_id = ? and l.status <> 'd' order by ${LOT_ORDER}, i.sequence, i.id`,
      [houseId, catalogId],
    );
    return rows.map((r) => r.url);
  }
}
