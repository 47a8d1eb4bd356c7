import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogsService, SessionRow } from '../../catalogs/catalogs.service';
import { HousesService } from '../../houses/houses.service';
import { LotsService } from '../../lots/lots.service';
import { loadAdditionalCharges, type AdditionalChargeRecord } from '../editing/charges/charges.view';
import { takesOnlinePayments } from '../editing/core/edit-state';
import { PaymentMethodsOnFileService } from '../payments/methods/payment-methods-on-file.service';
import { cardIdsOf, GROUP_BIN_CARD_IDS_COLUMN } from '../groups/bin-sale-of-group.sql';
import type { GroupTotals } from '../math/invoice-totals';
import {
  centsOf,
  INVOICE_COLUMNS,
  invoiceRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  LINE_COLUMNS,
  lineRecordOfValues,
} from './invoice-records';
import { boundArrayQuery, boundQuery } from '../../../core/database/bound-query';
import { intArray } from '../../../core/validation/sql-text';
import { DEFAULT_SORT, InvoiceCriteria, invoiceSql } from './invoice-list-query';
import { AdditionalColumns, ChargingContext, groupTotalsView, GroupTotalsView, invoiceView, InvoiceView, SessionRef } from './invoice.view';
import { jsonWithListParts, type ListPart } from './group-details-json';
import { InvoicesError } from './invoices.errors';
import { CatalogDayView, sessionDays } from './session-days';

export interface InvoiceGroupSummary {
  invoiceGroupID: number;
  invoiceGroupTitle: string;
  invoiceCreated: boolean;
  invoiceGroupSettingsID: number;
  currencyCode: string;
  /** Set when the creation job failed for good. */
  creationError: string | null;
}

/** The documented group detail response (spec section 3), with the totals strip and the page asked for. */
export type GroupDetailInfo = GroupTotalsView & {
  invoiceGroup: InvoiceGroupSummary;
  catalogs: CatalogDayView[];
  invoiceBidders: InvoiceView[];
  /** Some invoice of the group has a paddle number (the Paddle column shows). */
  hasPaddleNumbers: boolean;
  /** Invoices matching status and search (all pages). */
  totalRecords: number;
  page: number;
  /** null: every matching invoice was answered. */
  size: number | null;
  status: InvoiceCriteria['status'];
  search: string | null;
};

/** Invoices per lines query. */
const LINE_BATCH = 5000;

/** The unpaged call reads its invoices' lines in up to this many parts side by side (2 cores here; one pooled connection each). */
const LINE_PARTS = 3;
/** Fewer invoices than this are not worth a part of their own. */
const MIN_LINE_PART = 200;

/** Invoices mapped and serialised per chunk of the streamed answer (about 380 KB of JSON). */
const INVOICES_PER_CHUNK = 50;

interface GroupRow {
  id: number;
  title: string;
  invoiceCreated: boolean;
  templateId: number;
  currencyCode: string;
  creationError: string | null;
  catalogIds: number[];
  totals: GroupTotals;
  /** The additional charges that count, inside the totals' columns. */
  additional: AdditionalColumns;
  hasPaddleNumbers: boolean;
}

/** Issue 5: each invoice's additional charges, and whether the house takes online payments (charges after payment become additional). */
interface Extras {
  additional: Map<number, AdditionalChargeRecord[]>;
  onlinePayments: boolean;
  /** Issue 11: what batch-charge eligibility reads besides the invoice and its lines. */
  charging?: ChargingContext;
}

/**
 * The group with its sessions and its totals: the sums of every invoice's stored rounded amounts
 * (what `groupTotals` adds up), summed exactly by PostgreSQL (bigint sums are numeric), so a page
 * of 50 does not fetch the other 950 invoices to show the group's totals. Parameters: group, house.
 */
export const GROUP_SQL = `select g.id, g.title, g.invoice_created, g.template_id, g.currency_code, g.creation_error,
          (select coalesce(array_agg(gc.catalog_id order by gc.catalog_id), '{}') from invoice_group_catalog gc where gc.group_id = g.id) as catalog_ids,
          t.*, ad.*
     from invoice_group g
    cross join lateral (
          select count(*)::int as invoices, coalesce(sum(i.item_count), 0) as items, coalesce(sum(i.hammer_total_cents), 0) as hammer,
                 coalesce(sum(i.premium_total_cents), 0) as premium, coalesce(sum(i.live_fee_total_cents), 0) as live_fee,
                 coalesce(sum(i.tax_total_cents), 0) as tax, coalesce(sum(i.shipping_total_cents), 0) as shipping,
                 coalesce(sum(i.insurance_total_cents), 0) as insurance, coalesce(sum(i.other_total_cents), 0) as other,
                 coalesce(sum(i.invoice_total_cents), 0) as total, coalesce(sum(i.payments_made_cents), 0) as payments_made,
                 coalesce(sum(i.balance_cents), 0) as balance, coalesce(bool_or(i.paddle_number <> 0), false) as has_paddles
            from invoice i where i.house_id = g.house_id and i.group_id = g.id) t
    cross join lateral (
          select coalesce(sum(a.tax_cents), 0) as add_tax, coalesce(sum(a.shipping_cents), 0) as add_shipping,
                 coalesce(sum(a.insurance_cents), 0) as add_insurance, coalesce(sum(a.other_cents), 0) as add_other
            from invoice_additional_charge a
            join invoice i on i.id = a.invoice_id and i.house_id = g.house_id and i.group_id = g.id
            left join invoice_line l on l.id = a.line_id
           where a.house_id = g.house_id and not a.hidden and (l.id is null or not l.suppress)) ad
    where g.id = ? and g.house_id = ?`;

/** Which of the given invoices (an int[]) have a pending payment, or an open charge attempt. Parameters: house, ids, house, ids. */
export const PENDING_PAYMENTS_SQL = `select distinct invoice_id, false as open from invoice_payment where house_id = ? and voided_at is null and status = 'pending' and invoice_id = any(?::int[])
   union all
   select distinct invoice_id, true as open from invoice_charge_attempt where house_id = ? and status in ('started', 'unknown') and invoice_id = any(?::int[])`;

/** The cards each group of the given invoices (an int[]) accepts for its buy-now sale. Parameters: house, house, ids. */
export const GROUP_BIN_CARDS_SQL = `select g.id, ${GROUP_BIN_CARD_IDS_COLUMN} from invoice_group g
    where g.house_id = ? and g.id in (select distinct group_id from invoice where house_id = ? and id = any(?::int[]))`;

/**
 * Reading invoices: the Invoice Group Details calls and `/api/invoices`. Every query is scoped by
 * the caller's house, and a group or invoice of another house is not found. A call costs a fixed
 * number of queries whatever the group's size (the group with its totals, its invoices, their
 * lines, their sessions) in two round trips: the first two side by side, then the other two.
 */
@Injectable()
export class InvoiceDetailsService {
  constructor(
    private readonly em: EntityManager,
    private readonly catalogs: CatalogsService,
    private readonly lots: LotsService,
    private readonly houses: HousesService,
    private readonly methods: PaymentMethodsOnFileService,
  ) {}

  /** `GET invoiceGroup/{id}/groupDetailInfo`: the group, its sessions, totals, and the invoices asked for. */
  async groupDetailInfo(houseId: number, c: InvoiceCriteria & { groupId: number }): Promise<GroupDetailInfo> {
    const { info, records, view } = await this.detailInfo(houseId, c);
    return { ...info, invoiceBidders: records.map(view) };
  }

  /**
   * The same answer, `{ data: GroupDetailInfo }`, as JSON text in chunks of INVOICES_PER_CHUNK
   * invoices (group-details-json.ts), for the unpaged call: a whole group is megabytes, and each
   * invoice is mapped and serialised only as the response takes it. The invoices' lines are read in
   * up to LINE_PARTS parts side by side, on as many pooled connections (a read outside any
   * transaction), so PostgreSQL works on the later parts while the first is serialised. A missing
   * group is thrown here, before the first chunk.
   */
  async groupDetailInfoJson(houseId: number, c: InvoiceCriteria & { groupId: number }): Promise<AsyncIterable<string>> {
    const wholeGroup = c.status === 'ALL' && !c.search && !c.ids;
    const [group, page] = await Promise.all([this.group(houseId, c.groupId), this.invoicePage(houseId, c, !wholeGroup)]);
    if (!group) throw InvoicesError.groupNotFound();
    const size = Math.max(MIN_LINE_PART, Math.ceil(page.records.length / LINE_PARTS));
    const parts: InvoiceRecord[][] = [];
    for (let i = 0; i < page.records.length; i += size) parts.push(page.records.slice(i, i + size));
    const lines = parts.map((part) => {
      const read = this.linesOf(
        houseId,
        part.map((i) => i.id),
      );
      read.catch(() => undefined); // awaited in order below, where a failure is thrown; not unhandled meanwhile
      return read;
    });
    const [sessions, extras] = await Promise.all([this.catalogs.sessions(houseId, group.catalogIds), this.extras(houseId, page.records)]);
    const info = groupInfo(group, page.total, c, wholeGroup, sessions);
    async function* read(): AsyncGenerator<ListPart<InvoiceRecord>> {
      for (let i = 0; i < parts.length; i++) yield { items: parts[i], toJson: viewer(await lines[i], sessions, true, extras) };
    }
    return jsonWithListParts({ data: info }, 'invoiceBidders', read(), INVOICES_PER_CHUNK);
  }

  /** Everything groupDetailInfo answers, with the invoices still to be mapped (in the answer's key order). */
  private async detailInfo(
    houseId: number,
    c: InvoiceCriteria & { groupId: number },
  ): Promise<{ info: GroupDetailInfo; records: InvoiceRecord[]; view: (inv: InvoiceRecord) => InvoiceView }> {
    // Unfiltered, the number matching is the group's invoice count, which the group query sums anyway.
    const wholeGroup = c.status === 'ALL' && !c.search && !c.ids;
    const [group, page] = await Promise.all([this.group(houseId, c.groupId), this.invoicePage(houseId, c, !wholeGroup)]);
    if (!group) throw InvoicesError.groupNotFound();
    const [sessions, lines, extras] = await Promise.all([
      this.catalogs.sessions(houseId, group.catalogIds),
      this.linesOf(
        houseId,
        page.records.map((i) => i.id),
      ),
      this.extras(houseId, page.records),
    ]);
    const info = groupInfo(group, page.total, c, wholeGroup, sessions);
    return { info, records: page.records, view: viewer(lines, sessions, true, extras) };
  }

  /**
   * `POST invoiceGroup/{id}/groupDetailInfoByInvoice`: the named invoices of the group, by invoice
   * number, every line included. Ids of other groups or houses are ignored; an unknown group is 404.
   */
  async invoicesOfGroup(houseId: number, groupId: number, ids: readonly number[]): Promise<InvoiceView[]> {
    const c: InvoiceCriteria = { groupId, status: 'ALL', ids: [...ids], sort: DEFAULT_SORT, offset: 0, limit: null };
    const [group, page] = await Promise.all([
      this.group(houseId, groupId),
      ids.length ? this.invoicePage(houseId, c) : { records: [], total: 0 },
    ]);
    if (!group) throw InvoicesError.groupNotFound();
    const [sessions, lines, extras] = await Promise.all([
      this.catalogs.sessions(houseId, group.catalogIds),
      this.linesOf(
        houseId,
        page.records.map((i) => i.id),
      ),
      this.extras(houseId, page.records),
    ]);
    return views(page.records, lines, sessions, true, extras);
  }

  /** `/api/invoices`: a page of the house's invoices (statuses computed from their lines; lines not answered). */
  async list(houseId: number, c: InvoiceCriteria): Promise<{ records: InvoiceView[]; total: number }> {
    const page = await this.invoicePage(houseId, c);
    const [lines, extras] = await Promise.all([
      this.linesOf(
        houseId,
        page.records.map((i) => i.id),
      ),
      this.extras(houseId, page.records),
    ]);
    return { records: views(page.records, lines, [], false, extras), total: page.total };
  }

  /** `/api/invoices/{id}`: one invoice with every line. */
  async getOne(houseId: number, id: number): Promise<InvoiceView> {
    const c: InvoiceCriteria = { status: 'ALL', ids: [id], sort: DEFAULT_SORT, offset: 0, limit: null };
    const [page, lines, extras] = await Promise.all([
      this.invoicePage(houseId, c),
      this.linesOf(houseId, [id]),
      this.extras(houseId, [id], true),
    ]);
    if (!page.records.length) throw InvoicesError.invoiceNotFound();
    const sessions = await this.catalogs.sessions(houseId, [...new Set(lines.map((l) => l.catalogId))]);
    const [view] = views(page.records, lines, sessions, true, extras);
    return view;
  }

  // ----------------------------------------------------------------------------------------------

  /** The group (null: none of the house's), its session ids, totals and paddle flag, in one query. */
  private async group(houseId: number, groupId: number): Promise<GroupRow | null> {
    const rows = await this.em.getConnection().execute(GROUP_SQL, [groupId, houseId]);
    const r = rows[0];
    if (!r) return null;
    const total = centsOf(r.total);
    const additional = {
      tax: centsOf(r.add_tax),
      shipping: centsOf(r.add_shipping),
      insurance: centsOf(r.add_insurance),
      other: centsOf(r.add_other),
    };
    const additionalTotal = additional.tax + additional.shipping + additional.insurance + additional.other;
    return {
      id: r.id,
      title: r.title,
      invoiceCreated: r.invoice_created,
      templateId: r.template_id,
      currencyCode: r.currency_code,
      creationError: r.creation_error ?? null,
      catalogIds: (r.catalog_ids as (number | string)[]).map(Number),
      hasPaddleNumbers: r.has_paddles,
      additional,
      totals: {
        invoices: r.invoices,
        items: Number(r.items),
        hammer: centsOf(r.hammer),
        premium: centsOf(r.premium),
        liveFee: centsOf(r.live_fee),
        tax: centsOf(r.tax),
        shipping: centsOf(r.shipping),
        insurance: centsOf(r.insurance),
        other: centsOf(r.other),
        total,
        totalWithoutAdditional: total - additionalTotal,
        additionalTotal,
        paymentsMade: centsOf(r.payments_made),
        outstandingBalance: centsOf(r.balance),
      },
    };
  }

  /**
   * The invoices matching the criteria, paged in the database, with the number matching in all
   * (`count: false` when the caller knows it: the window count reads every matching row).
   */
  private async invoicePage(houseId: number, c: InvoiceCriteria, count = true): Promise<{ records: InvoiceRecord[]; total: number }> {
    const { where, params, orderBy } = invoiceSql(houseId, c);
    const page = c.limit === null ? '' : ` limit ${c.limit} offset ${c.offset}`;
    const conn = this.em.getConnection();
    const rows = await conn.execute(
      `select ${INVOICE_COLUMNS}${count ? ', count(*) over () as matching' : ''} from invoice i where ${where} order by ${orderBy}${page}`,
      params,
    );
    let total = rows.length && count ? Number(rows[0].matching) : rows.length;
    if (count && !rows.length && c.offset > 0) {
      // Past the last page: the window count has no row to ride on.
      total = Number((await conn.execute(`select count(*) as n from invoice i where ${where}`, params))[0].n);
    }
    return { records: rows.map(invoiceRecord), total };
  }

  /**
   * Issue 5: the invoices' additional charges (none asked: no query) and the house's online-payment
   * setting; issue 11: the bidders' methods on file (one query for the page) and which invoices have
   * a pending payment (one query), for the batch-charge flags. `records` may be ids (one invoice
   * read by id: its record comes with the page, the member id is looked up with it).
   */
  private async extras(houseId: number, records: readonly InvoiceRecord[] | readonly number[], byId = false): Promise<Extras> {
    if (!records.length) return { additional: new Map(), onlinePayments: false };
    const ids = byId ? (records as number[]) : (records as InvoiceRecord[]).map((i) => i.id);
    const conn = this.em.getConnection();
    const members = byId
      ? (
          (await conn.execute(`select member_id from invoice where house_id = ? and id = ?`, [houseId, ids[0]])) as { member_id: number }[]
        ).map((r) => r.member_id)
      : (records as InvoiceRecord[]).map((i) => i.memberId);
    // Ids bound as one array (a whole group is 1,000 invoices): nothing to format into the SQL text.
    const idArray = intArray(ids);
    const [additional, house, cards, pending, binCards] = await Promise.all([
      loadAdditionalCharges(this.em, houseId, ids),
      this.houses.getById(houseId),
      this.methods.onFile(houseId, members),
      boundQuery(this.em, PENDING_PAYMENTS_SQL, [houseId, idArray, houseId, idArray]),
      // Per invoice group (a page is mostly one group): the cards its buy-now sale accepts.
      boundQuery(this.em, GROUP_BIN_CARDS_SQL, [houseId, houseId, idArray]),
    ]);
    return {
      additional,
      onlinePayments: takesOnlinePayments(house),
      charging: {
        house: {
          processorType: house.processorType ?? null,
          paymentProcessingEnabled: house.paymentProcessingEnabled,
          countryCode: house.countryCode,
        },
        methods: cards,
        pendingPayments: new Set((pending as { invoice_id: number; open: boolean }[]).filter((r) => !r.open).map((r) => r.invoice_id)),
        openAttempts: new Set((pending as { invoice_id: number; open: boolean }[]).filter((r) => r.open).map((r) => r.invoice_id)),
        acceptedCards: new Map((binCards as { id: number; bin_card_ids: unknown }[]).map((r) => [r.id, cardIdsOf(r.bin_card_ids)])),
        now: new Date(),
      },
    };
  }

  /** Every line (hidden ones included) of the given invoices of the house. */
  private async linesOf(houseId: number, invoiceIds: readonly number[]): Promise<InvoiceLineRecord[]> {
    const lines: InvoiceLineRecord[] = [];
    // Batches keep every statement far below PostgreSQL's bind-parameter limit (a whole group of any size).
    for (let i = 0; i < invoiceIds.length; i += LINE_BATCH) {
      // Rows as arrays with the ids bound as one array: a whole group is 5,000 lines, and neither a
      // row object per line nor the ids formatted into the SQL text is needed.
      const rows = await boundArrayQuery(
        this.em,
        `select ${LINE_COLUMNS} from invoice_line l where l.house_id = ? and l.invoice_id = any(?::int[])`,
        [houseId, intArray(invoiceIds.slice(i, i + LINE_BATCH))],
      );
      for (const r of rows) lines.push(lineRecordOfValues(r));
    }
    const missing = lines.filter((l) => l.lotRef === null).map((l) => l.lotId);
    if (missing.length) {
      // Lines built without the lot reference: complete it from the lots module.
      const refs = await this.lots.lotRefs(houseId, missing);
      for (const l of lines) if (l.lotRef === null) l.lotRef = refs.get(l.lotId) ?? null;
    }
    return lines;
  }
}

/** The answer without its invoices (`invoiceBidders` empty, in its place among the keys). */
function groupInfo(
  group: GroupRow,
  matching: number,
  c: InvoiceCriteria,
  wholeGroup: boolean,
  sessions: readonly SessionRow[],
): GroupDetailInfo {
  return {
    invoiceGroup: {
      invoiceGroupID: group.id,
      invoiceGroupTitle: group.title,
      invoiceCreated: group.invoiceCreated,
      invoiceGroupSettingsID: group.templateId,
      currencyCode: group.currencyCode,
      creationError: group.creationError,
    },
    catalogs: sessionDays(sessions),
    invoiceBidders: [],
    ...groupTotalsView(group.totals, group.currencyCode, group.additional),
    hasPaddleNumbers: group.hasPaddleNumbers,
    totalRecords: wholeGroup ? group.totals.invoices : matching,
    page: c.limit === null ? 1 : Math.floor(c.offset / c.limit) + 1,
    size: c.limit,
    status: c.status,
    search: c.search ?? null,
  };
}

/** Lines grouped by invoice in display order (session date, lot number, extension), then the one mapper. */
function views(
  invoices: readonly InvoiceRecord[],
  lines: readonly InvoiceLineRecord[],
  sessions: readonly SessionRow[],
  includeDetails: boolean,
  extras?: Extras,
): InvoiceView[] {
  return invoices.map(viewer(lines, sessions, includeDetails, extras));
}

/** The one mapper for invoices of `lines`: each invoice with its lines in display order (session date, lot number, extension). */
function viewer(
  lines: readonly InvoiceLineRecord[],
  sessions: readonly SessionRow[],
  includeDetails: boolean,
  extras?: Extras,
): (inv: InvoiceRecord) => InvoiceView {
  const refs = new Map<number, SessionRef>(sessions.map((s) => [s.catalogId, { catalogRef: s.catalogRef }]));
  const order = new Map<number, number>();
  [...sessions]
    .sort((a, b) => a.eventDate.getTime() - b.eventDate.getTime() || a.catalogId - b.catalogId)
    .forEach((s, i) => order.set(s.catalogId, i));
  const byInvoice = new Map<number, InvoiceLineRecord[]>();
  for (const l of lines) {
    const list = byInvoice.get(l.invoiceId);
    if (list) list.push(l);
    else byInvoice.set(l.invoiceId, [l]);
  }
  const keys = new Map<InvoiceLineRecord, string>(lines.map((l) => [l, (l.lotNumber ?? '').padStart(8, '0') + (l.lotExt ?? '')]));
  const compare = (a: InvoiceLineRecord, b: InvoiceLineRecord) => {
    const ka = keys.get(a) as string;
    const kb = keys.get(b) as string;
    return (
      (order.get(a.catalogId) ?? a.catalogId) - (order.get(b.catalogId) ?? b.catalogId) || (ka < kb ? -1 : ka > kb ? 1 : 0) || a.id - b.id
    );
  };
  const opts = {
    sessions: refs,
    includeDetails,
    additionalCharges: extras?.additional,
    onlinePayments: extras?.onlinePayments,
    charging: extras?.charging,
  };
  return (inv) => invoiceView(inv, (byInvoice.get(inv.id) ?? []).sort(compare), opts);
}
