import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DISPUTE_TEXT, disputeReasonName, openLongEnough, type DisputeMessage, type DisputeStat, type DisputeView } from '@ar/rules';
import { DomainError } from '../../core/errors/domain-error';
import { placeholders } from '../../core/validation/sql-text';
import { currencySymbol } from '../invoicing/invoices/money-json';

/** Which disputes a list call answers: open ones, past ones changed within `days`, or all. */
export type DisputeListFilter = { kind: 'open' } | { kind: 'past'; days: number } | { kind: 'all' };

/** A disputed lot as other modules see it (settlements hold these back). */
export interface DisputedLot {
  lotId: number;
  disputeID: number;
  disputeRef: string;
  open: boolean;
  disputeStat: DisputeStat;
}

/** eBay bidders: the partner marketplace channel (docs/decisions/disputes.md). */
export const EBAY_SQL = `(m.platform = 'AZ')`;

const VIEW_SQL = `select d.id, d.dispute_ref, d.opened_at, d.open, d.stat, d.reason_id, d.status_at, d.currency_code,
        d.hammer_cents::bigint as hammer, d.premium_cents::bigint as premium, d.live_fee_cents::bigint as live_fee,
        m.first_name, m.last_name, coalesce(m.phone, m.mobile_phone) as phone, ${EBAY_SQL} as ebay, a.channel, a.id as approval_id,
        c.title as catalog_title, c.event_date, coalesce(l.lot_number, '') || coalesce(l.lot_ext, '') as lot_number, l.title as lot_title
   from dispute d
   join member m on m.id = d.member_id and m.house_id = d.house_id
   join approval a on a.id = d.approval_id and a.house_id = d.house_id
   join catalog c on c.id = d.catalog_id and c.house_id = d.house_id
   join lot l on l.id = d.lot_id and l.house_id = d.house_id`;

/** Reading disputes; every query is scoped by house on every table it reads. */
@Injectable()
export class DisputesQueries {
  constructor(private readonly em: EntityManager) {}

  /** A page of a list, newest change first, with the total. */
  async list(houseId: number, filter: DisputeListFilter, page: number, size: number, now = new Date()) {
    const params: unknown[] = [houseId];
    let where = 'd.house_id = ?';
    if (filter.kind === 'open') where += ' and d.open';
    if (filter.kind === 'past') {
      where += ` and not d.open and d.status_at >= ?`;
      params.push(new Date(now.getTime() - filter.days * 86_400_000));
    }
    const conn = this.em.getConnection();
    const [rows, count] = await Promise.all([
      conn.execute(`${VIEW_SQL} where ${where} order by d.status_at desc, d.id desc limit ? offset ?`, [
        ...params,
        size,
        (page - 1) * size,
      ]),
      conn.execute<{ n: number }[]>(`select count(*)::int as n from dispute d where ${where}`, params),
    ]);
    return { disputes: rows.map((r) => disputeView(r, now)), totalRecords: count[0].n };
  }

  async byRef(houseId: number, disputeRef: string, now = new Date()): Promise<DisputeView> {
    const rows = await this.em.getConnection().execute(`${VIEW_SQL} where d.house_id = ? and d.dispute_ref = ?`, [houseId, disputeRef]);
    if (!rows[0]) throw new DomainError('not_found', 'NOT_FOUND', DISPUTE_TEXT.disputeNotFound);
    return disputeView(rows[0], now);
  }

  /** The thread, oldest first; another house's dispute is not found. */
  async messages(houseId: number, disputeId: number): Promise<DisputeMessage[]> {
    const conn = this.em.getConnection();
    const found = await conn.execute('select 1 from dispute where id = ? and house_id = ?', [disputeId, houseId]);
    if (!found.length) throw new DomainError('not_found', 'NOT_FOUND', DISPUTE_TEXT.disputeNotFound);
    const rows = await conn.execute(
      'select sender, message, created_at from dispute_message where dispute_id = ? and house_id = ? order by created_at, id',
      [disputeId, houseId],
    );
    return rows.map((r) => ({ sender: r.sender, message: r.message, sendDate: new Date(r.created_at).toISOString() }));
  }

  /** The disputes on the given lots of the house (all of the house's disputed lots without `lotIds`). */
  async disputedLots(houseId: number, lotIds?: readonly number[]): Promise<Map<number, DisputedLot>> {
    const out = new Map<number, DisputedLot>();
    if (lotIds && !lotIds.length) return out;
    const rows = await this.em
      .getConnection()
      .execute(
        `select lot_id, id, dispute_ref, open, stat from dispute where house_id = ?${lotIds ? ` and lot_id in (${placeholders(lotIds)})` : ''}`,
        [houseId, ...(lotIds ?? [])],
      );
    for (const r of rows)
      out.set(r.lot_id, { lotId: r.lot_id, disputeID: r.id, disputeRef: r.dispute_ref, open: r.open, disputeStat: r.stat });
    return out;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw row of VIEW_SQL, its columns named there
function disputeView(r: Record<string, any>, now: Date): DisputeView {
  const opened = new Date(r.opened_at);
  const hammer = Number(r.hammer);
  const bp = Number(r.premium);
  const liveFee = Number(r.live_fee);
  return {
    disputeInfo: {
      disputeID: r.id,
      disputeRef: r.dispute_ref,
      openDate: opened.toISOString(),
      openDispute: r.open,
      disputeStat: r.stat,
      disputeReason: disputeReasonName(r.reason_id),
      disputeDate: { time: new Date(r.status_at).getTime() },
      closeable: r.open && openLongEnough(opened, now),
    },
    bidderInfo: {
      firstName: r.first_name,
      lastName: r.last_name,
      channel: r.channel,
      approvalID: r.approval_id,
      phone: r.phone ?? null,
      ebay: r.ebay,
    },
    catalogInfo: { catalogTitle: r.catalog_title, catalogDate: new Date(r.event_date).toISOString() },
    lotInfo: { lotNumber: r.lot_number, lotTitle: r.lot_title, lotURL: null },
    priceInfo: { currencySymbol: currencySymbol(r.currency_code), hammer, bp, liveFee, payable: hammer + bp + liveFee },
  };
}
