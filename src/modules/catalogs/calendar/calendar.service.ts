import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  addSessionBlockedBy,
  AuctionCalendar,
  AuctionTerms,
  BinSale,
  CALENDAR_TEXT,
  CalendarCatalog,
  CalendarGroup,
  canDeleteSession,
  CURRENT_AFTER_START_MS,
  editStep,
  formatSessionStart,
  GroupInfo,
  LOCK_BEFORE_START_MS,
  MAX_SESSIONS_PER_SALE,
  PaymentInfo,
  sessionState,
} from '@ar/rules';
import { BiddersService } from '../../bidders/bidders.service';
import { House } from '../../houses/house.entity';
import { HousesService } from '../../houses/houses.service';
import { SessionInvoiceGroups } from '../../invoicing/groups/session-invoice-groups';
import { InvoiceTemplatesService, isCardProcessorHouse } from '../../invoicing/templates/invoice-templates.service';
import { LotsService } from '../../lots/lots.service';
import { CalendarError, CalendarErrorCode } from './calendar.errors';

/** The public page of a sale on the marketplace (one brand, docs/decisions/sales-calendar.md). */
export const catalogUrl = (catalogRef: string) => `https://www.example.com/catalog/${catalogRef}`;

export interface CalendarPageQuery {
  upcoming: boolean;
  page: number;
  size: number;
}

interface GroupRow {
  id: number;
  group_name: string;
  is_live: boolean;
  house_fee_step_enabled: boolean;
  sessions: number;
  total: number;
}

interface SessionDbRow {
  id: number;
  group_id: number;
  catalog_ref: string;
  title: string;
  sale_type: 'live' | 'timed';
  event_date: Date | string;
  time_zone: string;
  published: boolean;
  step_tracker: number | null;
  /** The timed session the resell job made from this live session's unsold lots. */
  resale_id: number | null;
}

/**
 * The calendar (My auctions): sales (auction groups) with their live and timed sessions, a page at
 * a time, the buy-now sale, the billing flags, and Delete Session. Sales and sessions are this
 * domain's tables; lot counts, pending approvals and invoice groups come from their modules'
 * services, one query each for the whole page (no query per sale or session).
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly em: EntityManager,
    private readonly houses: HousesService,
    private readonly lots: LotsService,
    private readonly bidders: BiddersService,
    private readonly invoiceGroups: SessionInvoiceGroups,
    private readonly templates: InvoiceTemplatesService,
  ) {}

  /**
   * One page of the Upcoming (a sale with a session not yet a day past its start, or with no
   * session yet) or Past tab (every session more than a day past its start). Upcoming: soonest
   * first, new empty sales on top; Past: latest first. Buy-now sessions are the buy-now block's.
   */
  async calendar(houseId: number, q: CalendarPageQuery, now = new Date()): Promise<AuctionCalendar> {
    const cut = new Date(now.getTime() - CURRENT_AFTER_START_MS);
    const where = q.upcoming ? `(s.sessions = 0 or s.last_start > ?)` : `(s.sessions > 0 and s.last_start <= ?)`;
    const order = q.upcoming ? `s.next_start asc nulls first, s.id desc` : `s.last_start desc, s.id desc`;
    // The house (fee structure, stealth flag) is read alongside the page of sales.
    const [house, groups] = await Promise.all([
      this.houses.getById(houseId),
      this.em.getConnection().execute<GroupRow[]>(
        `with s as (
         select g.id, g.group_name, g.is_live, g.house_fee_step_enabled,
                count(c.id)::int as sessions, max(c.event_date) as last_start,
                min(c.event_date) filter (where c.event_date > ?) as next_start
           from auction_group g left join catalog c on c.group_id = g.id and c.sale_type <> 'bin'
          where g.house_id = ? and g.is_live
          group by g.id)
       select s.id, s.group_name, s.is_live, s.house_fee_step_enabled, s.sessions, count(*) over ()::int as total
         from s where ${where}
        order by ${order}
        limit ? offset ?`,
        [cut, houseId, cut, q.size, (q.page - 1) * q.size],
      ),
    ]);
    const total = groups[0]?.total ?? (q.page > 1 ? await this.countGroups(houseId, q.upcoming, cut) : 0);
    const groupIds = groups.map((g) => g.id);
    const sessions = groupIds.length
      ? await this.em.getConnection().execute<SessionDbRow[]>(
          `select id, group_id, catalog_ref, title, sale_type, event_date, time_zone, published, step_tracker,
                  (select r.id from catalog r where r.resold_from_id = catalog.id and r.house_id = catalog.house_id) as resale_id
             from catalog where house_id = ? and sale_type <> 'bin' and group_id in (${groupIds.map(() => '?').join(', ')})
            order by event_date, id`,
          [houseId, ...groupIds],
        )
      : [];
    const catalogIds = sessions.map((s) => s.id);
    const [counts, pending, invoiced] = await Promise.all([
      this.lots.sessionLotCounts(houseId, catalogIds),
      this.bidders.pendingApprovalCounts(houseId, groupIds),
      this.invoiceGroups.latestBySession(houseId, catalogIds),
    ]);

    const byGroup = new Map<number, CalendarCatalog[]>(groupIds.map((id) => [id, []]));
    for (const s of sessions) {
      const start = new Date(s.event_date);
      const state = sessionState(start, now);
      const c = counts.get(s.id);
      const lotCount = c?.lotCount ?? 0;
      byGroup.get(s.group_id)!.push({
        catalogID: s.id,
        catalogRef: s.catalog_ref,
        catalogGUID: null,
        title: s.title,
        imageURL: null,
        dateTimeDisplay: formatSessionStart(start, s.time_zone),
        catalogDateTimeUTC: start.toISOString(),
        timeZone: s.time_zone,
        saleType: s.sale_type,
        isTimed: s.sale_type === 'timed',
        published: s.published,
        lotCount,
        // No lot has images until the images module exists: every lot is without one.
        lotsWithoutImagesCount: lotCount,
        unpublishedLotCount: c?.unpublishedLotCount ?? 0,
        soldLotCount: c?.soldLotCount ?? 0,
        channels: [],
        invoiceGroupID: invoiced.get(s.id) ?? null,
        invoiceGroupSettingsID: null,
        liveServerID: null,
        webRTCEnabled: false,
        ir5VideoEnabled: false,
        in2Hours: state.in2Hours,
        isPast: state.isPast,
        unsoldLivetoTimedCatalog: s.resale_id,
        editStep: editStep(s.sale_type, s.step_tracker, s.published),
        // Deleted lot rows count too: the server refuses those sessions (their rows would go with them).
        canDelete: canDeleteSession(c?.rows ?? 0, state.in2Hours),
      });
    }

    const auctionGroups: CalendarGroup[] = groups.map((g) => {
      const addBlockedBy = addSessionBlockedBy(g.sessions, g.house_fee_step_enabled, house.isHouseFeeStepActive);
      return {
        groupID: g.id,
        groupName: g.group_name,
        groupSettingsID: null,
        live: g.is_live,
        houseFeeStepEnabled: g.house_fee_step_enabled,
        pendingApprovalsCount: pending.get(g.id) ?? 0,
        orphanTerm: false,
        canAddCatalogs: addBlockedBy === null,
        addBlockedBy,
        catalogs: byGroup.get(g.id)!,
      };
    });
    return { auctionGroups, totalRecords: total, page: q.page, size: q.size, stealthMode: house.stealthMode };
  }

  /** A page past the end still answers how many there are. */
  private async countGroups(houseId: number, upcoming: boolean, cut: Date): Promise<number> {
    const rows = await this.em.getConnection().execute<{ n: number }[]>(
      `select count(*)::int as n from (
         select count(c.id) as sessions, max(c.event_date) as last_start
           from auction_group g left join catalog c on c.group_id = g.id and c.sale_type <> 'bin'
          where g.house_id = ? and g.is_live group by g.id) s
        where ${upcoming ? '(s.sessions = 0 or s.last_start > ?)' : '(s.sessions > 0 and s.last_start <= ?)'}`,
      [houseId, cut],
    );
    return rows[0]?.n ?? 0;
  }

  /** A sale of the house with whether a live or timed session may be added to it; another house's id is not found. */
  async groupInfo(houseId: number, groupId: number): Promise<GroupInfo> {
    const rows = await this.em.getConnection().execute<
      {
        id: number;
        group_name: string;
        house_fee_step_enabled: boolean;
        is_timed: boolean;
        sessions: number;
        timed: number;
        fee_step: boolean;
      }[]
    >(
      `select g.id, g.group_name, g.house_fee_step_enabled, g.is_timed, h.is_house_fee_step_active as fee_step,
              count(c.id)::int as sessions, count(c.id) filter (where c.sale_type = 'timed')::int as timed
         from auction_group g join house h on h.id = g.house_id
         left join catalog c on c.group_id = g.id and c.sale_type <> 'bin'
        where g.id = ? and g.house_id = ? and g.is_live
        group by g.id, h.id`,
      [groupId, houseId],
    );
    const g = rows[0];
    if (!g) throw CalendarError.groupNotFound();
    const addBlockedBy = addSessionBlockedBy(g.sessions, g.house_fee_step_enabled, g.fee_step);
    return {
      groupID: g.id,
      groupName: g.group_name,
      // Every session timed; a sale without sessions yet: the type chosen in Add Sale.
      isTimed: g.sessions > 0 ? g.timed === g.sessions : g.is_timed,
      catalogCount: g.sessions,
      maxCatalogs: MAX_SESSIONS_PER_SALE,
      canAddCatalogs: addBlockedBy === null,
      addBlockedBy,
    };
  }

  /** The house's buy-now sale: its newest buy-now session, or null when it has none. */
  async binSale(houseId: number): Promise<BinSale | null> {
    const rows = await this.em.getConnection().execute<(Omit<SessionDbRow, 'sale_type'> & { sale_type: 'bin' })[]>(
      `select id, group_id, catalog_ref, title, sale_type, event_date, time_zone, published, step_tracker
           from catalog where house_id = ? and sale_type = 'bin' order by id desc limit 1`,
      [houseId],
    );
    const s = rows[0];
    if (!s) return null;
    const [counts, invoiced] = await Promise.all([
      this.lots.sessionLotCounts(houseId, [s.id]),
      this.invoiceGroups.latestBySession(houseId, [s.id]),
    ]);
    const c = counts.get(s.id);
    return {
      catalogID: s.id,
      groupID: s.group_id,
      catalogRef: s.catalog_ref,
      title: s.title,
      catalogURL: catalogUrl(s.catalog_ref),
      invoiceGroupID: invoiced.get(s.id) ?? null,
      soldLotCount: c?.soldLotCount ?? 0,
      unPubLotCount: c?.unpublishedLotCount ?? 0,
      unSoldLotCount: (c?.lotCount ?? 0) - (c?.soldLotCount ?? 0),
      editStep: editStep('bin', s.step_tracker, s.published),
    };
  }

  /**
   * The terms a new sale may take (Add Sale): the house's active invoice group settings (templates).
   * A card-processor house needs processing-ready (card-processor) terms for payment processing;
   * templates carry no fee structure yet, so every one is eligible for the house's.
   */
  async terms(houseId: number): Promise<AuctionTerms[]> {
    const [house, summaries] = await Promise.all([this.houses.getById(houseId), this.templates.summaries(houseId)]);
    const cardHouse = isCardProcessorHouse(house);
    return summaries
      .filter((t) => t.active)
      .map((t) => ({ id: t.id, name: t.name, houseFeeStepEligible: true, paymentProcessingEligible: !cardHouse || t.payrixTemplate }));
  }

  async auctionTypes(houseId: number): Promise<{ binEnabled: boolean; liveOrTimedEnabled: boolean }> {
    const h = await this.houses.getById(houseId);
    return { binEnabled: h.binEnabled, liveOrTimedEnabled: h.liveOrTimedEnabled };
  }

  /** True when the house must activate payment processing before it may add a sale. */
  async paymentRequiredActivation(houseId: number): Promise<boolean> {
    const h = await this.houses.getById(houseId);
    return paymentActivationRequired(h);
  }

  async paymentInfo(houseId: number): Promise<PaymentInfo> {
    const h = await this.houses.getById(houseId);
    return { expiredCard: h.billingCardExpired, overduePayment: h.billingPaymentOverdue };
  }

  /**
   * Delete Session: only a session of the house with no lot rows, and not within two hours of its
   * start (nor after). The session row is locked first: a lot insert takes a key-share lock on it
   * (its foreign key), so no lot can arrive between the count and the delete.
   */
  async deleteSession(houseId: number, catalogId: number, now = new Date()): Promise<{ catalogID: number; title: string }> {
    return this.em.transactional(async (em) => {
      const rows = await em.execute<{ id: number; title: string; event_date: Date | string }[]>(
        'select id, title, event_date from catalog where id = ? and house_id = ? for update',
        [catalogId, houseId],
      );
      const s = rows[0];
      if (!s) throw CalendarError.sessionNotFound();
      if (now.getTime() >= new Date(s.event_date).getTime() - LOCK_BEFORE_START_MS) {
        throw new CalendarError(CalendarErrorCode.SESSION_LOCKED, CALENDAR_TEXT.deleteLocked);
      }
      if ((await this.lots.lotRowCount(houseId, catalogId, em)) > 0) {
        throw new CalendarError(CalendarErrorCode.SESSION_HAS_LOTS, CALENDAR_TEXT.deleteHasLots);
      }
      await em.execute('delete from catalog where id = ? and house_id = ?', [catalogId, houseId]);
      return { catalogID: s.id, title: s.title };
    });
  }
}

/** Processing required by the platform and not enabled yet (spec: "You must have payment processing enabled to add a sale."). */
export function paymentActivationRequired(h: Pick<House, 'paymentProcessingRequired' | 'paymentProcessingEnabled'>): boolean {
  return h.paymentProcessingRequired && !h.paymentProcessingEnabled;
}
