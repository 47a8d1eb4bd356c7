import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { openRefusal, SALE_RESULTS_TEXT, type SaleResultsAnswer, type SaleResultsGroup } from '@ar/rules';
import type { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { MailService } from '../../../core/mail/mail.service';
import { keysetBatches, REPORT_BATCH_SIZE } from '../../../core/database/keyset-batches';
import type { DownloadTable } from '../../../core/http/file-download';
import { likeContains, placeholders } from '../../../core/validation/sql-text';
import { HousesService } from '../../houses/houses.service';
import { currencySymbol } from '../../invoicing/invoices/money-json';
import type { Channel } from '../../invoicing/math';
import { catalogPrefix, groupSaleResults, type GroupCharging, type SoldLotRow } from './sale-results.rules';
import { saleResultsFileBase, saleResultsTable } from './sale-results.export';
import type { BidderMessageInput, SaleResultsQuery } from './sale-results.input';

export const SALE_RESULTS_MAIL_KIND = 'sale-results.message';

/** A sold lot: a result (winning approval and hammer) on a lot that is not deleted. */
const SOLD = `l.winning_approval_id is not null and l.hammer_cents is not null and l.status <> 'd'`;

/**
 * The screen's order (buyer by last, first name, then session, lot number nulls last, letter nulls
 * first), spelled null-free so a batch can start after a row with a row comparison (keyset).
 */
const SOLD_KEYS = `lower(m.last_name), lower(m.first_name), m.id, l.catalog_id, l.lot_number is null, coalesce(l.lot_number, ''), l.lot_ext is not null, coalesce(l.lot_ext, ''), l.id`;
const soldKeyValues = (r: Record<string, unknown>) => [
  r.k_last,
  r.k_first,
  r.member_id,
  r.catalog_id,
  r.k_no_number,
  r.k_number,
  r.k_has_ext,
  r.k_ext,
  r.id,
];

interface SelectedCatalog {
  id: number;
  catalog_ref: string;
  title: string;
  event_date: Date;
  currency_code: string;
  group_id: number;
}

interface Selection {
  houseId: number;
  catalogs: SelectedCatalog[];
  currencyCode: string;
  symbol: string;
  prefixes: Map<number, string>;
  /** The search as a LIKE pattern, or null. */
  search: string | null;
}

/**
 * Sale results (spec 001 "Sale results"; docs/decisions/sale-results.md): the sessions with results
 * grouped by sale, the selected sessions' sold lots grouped by buyer with the invoice arithmetic's
 * premium and live fee, and messaging a bidder through the mail outbox. Every query is scoped to
 * the house on every table it reads.
 */
@Injectable()
export class SaleResultsService {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly houses: HousesService,
  ) {}

  /** Sessions that have at least one result, grouped by sale, newest sale first. */
  async groups(houseId: number): Promise<SaleResultsGroup[]> {
    const rows: { group_id: number; group_name: string; catalog_ref: string; currency_code: string; title: string; event_date: Date }[] =
      await this.em.getConnection().execute(
        `select g.id as group_id, g.group_name, c.catalog_ref, c.currency_code, c.title, c.event_date
           from catalog c
           join auction_group g on g.id = c.group_id and g.house_id = c.house_id
          where c.house_id = ?
            and exists (select 1 from lot l where l.catalog_id = c.id and l.house_id = c.house_id and ${SOLD})
          order by max(c.event_date) over (partition by g.id) desc, g.id desc, c.event_date asc, c.id asc`,
        [houseId],
      );
    const groups = new Map<number, SaleResultsGroup>();
    for (const r of rows) {
      let g = groups.get(r.group_id);
      if (!g) groups.set(r.group_id, (g = { groupRef: r.group_id, groupName: r.group_name, catalogs: [] }));
      g.catalogs.push({
        catalogRef: r.catalog_ref,
        catalogCurrencyCode: r.currency_code,
        catalogTitle: r.title,
        catalogDateFull: new Date(r.event_date).toISOString(),
      });
    }
    return [...groups.values()];
  }

  /**
   * The selected sessions' sold lots by buyer, optionally only buyers whose first/last name or email
   * matches; each lot says whether `viewer` may open a dispute on it (Open New File from the results).
   */
  async results(
    houseId: number,
    q: SaleResultsQuery,
    viewer: Pick<Principal, 'isSuperUser'> = { isSuperUser: false },
    now = new Date(),
  ): Promise<SaleResultsAnswer> {
    const sel = await this.selection(houseId, q);
    const rows = await this.em.getConnection().execute(this.soldSql(sel, '', ''), this.soldParams(sel, [], null));
    const sold = this.toSoldRows(rows, sel, { viewer, now });
    const charging = await this.charging(houseId, [...new Set(sold.map((s) => s.auctionGroupId))]);
    const { groupedData, grandTotals } = groupSaleResults(sold, charging, sel.symbol);
    return {
      catalogHeaders: sel.catalogs.map((c) => ({
        catalogRef: c.catalog_ref,
        prefix: sel.prefixes.get(c.id)!,
        title: c.title,
        date: new Date(c.event_date).toISOString(),
      })),
      currencyCode: sel.currencyCode,
      currencySymbol: sel.symbol,
      groupedData,
      grandTotals,
    };
  }

  /**
   * The download of the screen's rows: the selection is checked now (refusals answer before the
   * file starts); the sold lots are then read in keyset batches of `batchSize` in the screen's order
   * while the client downloads, so a 10,000-lot session is never one array.
   */
  async download(houseId: number, q: SaleResultsQuery, batchSize = REPORT_BATCH_SIZE): Promise<{ fileBase: string; table: DownloadTable }> {
    const sel = await this.selection(houseId, q);
    const charging = await this.charging(houseId, [...new Set(sel.catalogs.map((c) => Number(c.group_id)))]);
    // The connection, not the request's EntityManager: the rows are read after the handler returned.
    const conn = this.em.getConnection();
    const batches = keysetBatches<Record<string, unknown>>((last, size) => {
      const after = last ? soldKeyValues(last) : [];
      const keyset = last ? `and (${SOLD_KEYS}) > (${placeholders(after)})` : '';
      return conn.execute(this.soldSql(sel, keyset, 'limit ?'), this.soldParams(sel, after, size));
    }, batchSize);
    const toRows = (r: Record<string, unknown>[]) => this.toSoldRows(r, sel);
    const rows = (async function* () {
      for await (const b of batches) yield toRows(b);
    })();
    return {
      fileBase: saleResultsFileBase(sel.catalogs.map((c) => c.title)),
      table: saleResultsTable(rows, {
        sessionTitles: new Map(sel.catalogs.map((c) => [c.catalog_ref, c.title])),
        charging,
        currencySymbol: sel.symbol,
      }),
    };
  }

  /** The selected sessions of the house in date order (404 one not of the house, 400 mixed currencies) and the search. */
  private async selection(houseId: number, q: SaleResultsQuery): Promise<Selection> {
    const catalogs: SelectedCatalog[] = await this.em.getConnection().execute(
      `select id, catalog_ref, title, event_date, currency_code, group_id from catalog
        where house_id = ? and catalog_ref in (${placeholders(q.catalogRefs)})
        order by event_date asc, id asc`,
      [houseId, ...q.catalogRefs],
    );
    if (catalogs.length !== q.catalogRefs.length) throw DomainError.notFound('Session');
    const currencies = new Set(catalogs.map((c) => c.currency_code));
    if (currencies.size > 1) throw DomainError.validation({ catalogRefs: SALE_RESULTS_TEXT.sameCurrency }, SALE_RESULTS_TEXT.sameCurrency);
    const currencyCode = catalogs[0].currency_code;
    return {
      houseId,
      catalogs,
      currencyCode,
      symbol: currencySymbol(currencyCode),
      prefixes: new Map(catalogs.map((c, i) => [c.id, catalogPrefix(i)])),
      search: q.search ? likeContains(q.search) : null,
    };
  }

  /** The sold lots of the selection with their buyers, in the screen's order (`keyset`: after a row; `limit`: a batch). */
  private soldSql(sel: Selection, keyset: string, limit: string): string {
    const search = sel.search
      ? `and (m.first_name ilike ? or m.last_name ilike ? or m.email ilike ? or (m.first_name || ' ' || m.last_name) ilike ?)`
      : '';
    return `select l.id, l.lot_ref, coalesce(l.lot_number, '') || coalesce(l.lot_ext, '') as lot_number, l.title, l.catalog_id,
              l.hammer_cents::bigint as hammer, a.channel, a.group_id, a.id as approval_id, a.paddle_number,
              m.id as member_id, m.member_ref, m.first_name, m.last_name, m.email, m.phone, m.mobile_phone,
              concat_ws(' ', m.street1, m.street2) as street, m.city, m.state_code, m.postal_code, m.country_code,
              m.house_id as member_house_id, lower(m.last_name) as k_last, lower(m.first_name) as k_first, l.lot_number is null as k_no_number,
              coalesce(l.lot_number, '') as k_number, l.lot_ext is not null as k_has_ext, coalesce(l.lot_ext, '') as k_ext,
              d.dispute_ref, d.stat as dispute_stat
         from lot l
         join approval a on a.id = l.winning_approval_id and a.house_id = l.house_id
         join member m on m.id = a.member_id
         -- Read-only: the disputes module owns this table, but it imports invoicing, which imports lots.
         -- The lot's latest dispute only, so a lot is one row whatever its history.
         left join lateral (
           select dispute_ref, stat from dispute where lot_id = l.id and house_id = l.house_id order by id desc limit 1
         ) d on true
        where l.house_id = ? and l.catalog_id in (${placeholders(sel.catalogs)}) and ${SOLD} ${search} ${keyset}
        order by ${SOLD_KEYS} ${limit}`;
  }

  private soldParams(sel: Selection, keyset: unknown[], limit: number | null): unknown[] {
    const search = sel.search ? [sel.search, sel.search, sel.search, sel.search] : [];
    return [sel.houseId, ...sel.catalogs.map((c) => c.id), ...search, ...keyset, ...(limit === null ? [] : [limit])];
  }

  /**
   * The rows whose buyer is of the house. Checked here, not in the join: with stale statistics (right
   * after a large import) the planner scanned the house's members for every lot (minutes for a
   * 10,000-lot download), as the reports module found (reports/report-sql.ts `ownMembers`).
   */
  private toSoldRows(
    rows: Record<string, unknown>[],
    sel: Selection,
    disputes?: { viewer: Pick<Principal, 'isSuperUser'>; now: Date },
  ): SoldLotRow[] {
    const catalogRef = new Map(sel.catalogs.map((c) => [c.id, c.catalog_ref]));
    const saleDate = new Map(sel.catalogs.map((c) => [c.id, new Date(c.event_date)]));
    const canOpen = (r: Record<string, unknown>) =>
      !!disputes &&
      openRefusal(
        {
          sold: true,
          channel: r.channel as string,
          disputeRef: (r.dispute_ref as string | null) ?? null,
          saleDate: saleDate.get(Number(r.catalog_id))!,
        },
        disputes.viewer.isSuperUser,
        disputes.now,
      ) === null;
    return rows
      .filter((r) => Number(r.member_house_id) === sel.houseId)
      .map((r) => ({
        lotId: Number(r.id),
        lotRef: r.lot_ref as string,
        lotNumber: r.lot_number as string,
        title: r.title as string,
        catalogRef: catalogRef.get(Number(r.catalog_id))!,
        catalogPrefix: sel.prefixes.get(Number(r.catalog_id))!,
        hammer: Number(r.hammer),
        channel: r.channel as Channel,
        auctionGroupId: Number(r.group_id),
        approvalId: Number(r.approval_id),
        paddleNumber: Number(r.paddle_number),
        memberId: Number(r.member_id),
        memberRef: r.member_ref as string,
        firstName: r.first_name as string,
        lastName: r.last_name as string,
        email: (r.email as string | null) || null,
        phone: (r.phone as string | null) || null,
        mobilePhone: (r.mobile_phone as string | null) || null,
        street: (r.street as string | null) || null,
        city: (r.city as string | null) || null,
        stateCode: (r.state_code as string | null) || null,
        postalCode: (r.postal_code as string | null) || null,
        countryCode: (r.country_code as string | null) || null,
        disputeRef: (r.dispute_ref as string | null) ?? null,
        disputeStat: (r.dispute_stat as string | null) ?? null,
        canOpenDispute: canOpen(r),
      }));
  }

  /** `POST message`: a message to a bidder of the house (by memberRef), through the mail outbox. */
  async message(houseId: number, actor: Pick<Principal, 'userRef'>, input: BidderMessageInput): Promise<{ id: number; to: string }> {
    if (input.houseUserRef !== null && input.houseUserRef !== actor.userRef) {
      throw new DomainError('forbidden', 'HOUSE_USER_MISMATCH', SALE_RESULTS_TEXT.userMismatch);
    }
    const rows: { email: string | null }[] = await this.em
      .getConnection()
      .execute('select email from member where house_id = ? and member_ref = ?', [houseId, input.userRef]);
    if (!rows[0]) throw new DomainError('not_found', 'NOT_FOUND', SALE_RESULTS_TEXT.bidderNotFound);
    const to = rows[0].email?.trim();
    if (!to) throw new DomainError('conflict', 'NO_EMAIL', SALE_RESULTS_TEXT.noEmail);
    const house = await this.houses.getById(houseId);
    const id = await this.mail.queue({
      houseId,
      kind: SALE_RESULTS_MAIL_KIND,
      to,
      subject: input.subject,
      text: `${input.message}\n\n--\n${house.name}\n`,
    });
    return { id, to };
  }

  private async charging(houseId: number, groupIds: number[]): Promise<Map<number, GroupCharging>> {
    const out = new Map<number, GroupCharging>();
    if (!groupIds.length) return out;
    const conn = this.em.getConnection();
    const groups: { id: number; live_fee_rate: number }[] = await conn.execute(
      `select id, live_fee_rate from auction_group where house_id = ? and id in (${placeholders(groupIds)})`,
      [houseId, ...groupIds],
    );
    for (const g of groups) out.set(g.id, { premiumSteps: [], liveFeeRate: Number(g.live_fee_rate) });
    const steps: { group_id: number; from_cents: string; to_cents: string | null; rate: number }[] = await conn.execute(
      `select s.group_id, s.from_cents, s.to_cents, s.rate from buyers_premium_step s
         join auction_group g on g.id = s.group_id and g.house_id = ?
        where s.group_id in (${placeholders(groupIds)}) order by s.group_id, s.from_cents`,
      [houseId, ...groupIds],
    );
    for (const s of steps) {
      (out.get(s.group_id)!.premiumSteps as unknown[]).push({
        fromCents: Number(s.from_cents),
        toCents: s.to_cents === null ? null : Number(s.to_cents),
        rate: Number(s.rate),
      });
    }
    return out;
  }
}
