import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { disputeReasonName, NO_BID_LIST_TEXT as T, type NoBidBidderKey, type NoBidEntry } from '@ar/rules';
import type { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { likeContains } from '../../../core/validation/sql-text';

/** Columns a client may sort the list by, and the SQL each stands for. */
export const NO_BID_SORT_SQL = {
  lastName: 'lower(m.last_name)',
  firstName: 'lower(m.first_name)',
  email: 'lower(m.email)',
  dateAdded: 'n.created_at',
} as const;
export const NO_BID_SORTABLE = Object.keys(NO_BID_SORT_SQL) as (keyof typeof NO_BID_SORT_SQL)[];

export interface NoBidQuery {
  /** Part of the first, last or full name or email, or a paddle number. */
  search: string | null;
  sort: { field: keyof typeof NO_BID_SORT_SQL; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

type Actor = Pick<Principal, 'userId' | 'userName'>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows of ENTRY_SQL, their columns named there
type Row = Record<string, any>;

/** An entry with its bidder, the dispute that added it and the paddle of that sale (else the latest one). */
const ENTRY_SQL = `select n.id, n.created_at, n.dispute_id, n.reason as manual_reason, m.id as member_id, m.member_ref, m.first_name, m.last_name, m.email,
        d.dispute_ref, d.reason_id,
        coalesce(da.paddle_number, (select a.paddle_number from approval a
                                     where a.member_id = m.id and a.house_id = n.house_id order by a.id desc limit 1)) as paddle_number
   from house_no_bid n
   join member m on m.id = n.member_id and m.house_id = n.house_id
   left join dispute d on d.id = n.dispute_id and d.house_id = n.house_id
   left join approval da on da.id = d.approval_id and da.house_id = n.house_id`;

/**
 * The house's No Bid List (docs/decisions/no-bid-list.md): bidders a closed dispute (or staff)
 * put on it, searched, sorted and paged in SQL; removal is audited in its transaction. Every query
 * is scoped by house on every table it reads.
 */
@Injectable()
export class NoBidListService {
  constructor(private readonly em: EntityManager) {}

  async page(houseId: number, q: NoBidQuery): Promise<{ rows: NoBidEntry[]; total: number }> {
    const params: unknown[] = [houseId];
    let where = 'n.house_id = ?';
    if (q.search) {
      const like = likeContains(q.search);
      where += ` and (m.first_name ilike ? or m.last_name ilike ? or m.email ilike ? or (m.first_name || ' ' || m.last_name) ilike ?`;
      params.push(like, like, like, like);
      // A paddle: any of the bidder's paddles at the house.
      if (/^\d{1,9}$/.test(q.search)) {
        where += ` or exists (select 1 from approval a where a.member_id = m.id and a.house_id = n.house_id and a.paddle_number = ?)`;
        params.push(Number(q.search));
      }
      where += ')';
    }
    const conn = this.em.getConnection();
    const order = `${NO_BID_SORT_SQL[q.sort.field]} ${q.sort.order} nulls last, n.id ${q.sort.order}`;
    const [rows, count] = await Promise.all([
      conn.execute<Row[]>(`${ENTRY_SQL} where ${where} order by ${order} limit ? offset ?`, [...params, q.limit, q.offset]),
      conn.execute<{ n: number }[]>(
        `select count(*)::int as n from house_no_bid n join member m on m.id = n.member_id and m.house_id = n.house_id where ${where}`,
        params,
      ),
    ]);
    return { rows: rows.map(entryView), total: count[0].n };
  }

  /**
   * Staff put a bidder on the list by hand: the house's bidder with that paddle (at any of its
   * sales) or email; another house's bidder is not found. Written with its `add` audit row in one
   * transaction; a bidder already on the list is a 409 (the unique house-and-bidder row decides a race).
   */
  async add(houseId: number, actor: Actor, bidder: NoBidBidderKey, reason: string): Promise<NoBidEntry> {
    return this.em.transactional(async (em) => {
      const memberId = await this.findBidder(em, houseId, bidder);
      const added: { id: number }[] = await em.execute(
        `insert into house_no_bid (house_id, member_id, reason) values (?, ?, ?) on conflict (house_id, member_id) do nothing returning id`,
        [houseId, memberId, reason],
      );
      if (!added.length) throw new DomainError('conflict', 'ALREADY_LISTED', T.alreadyListed);
      const [row] = await em.execute<Row[]>(`${ENTRY_SQL} where n.house_id = ? and n.id = ?`, [houseId, added[0].id]);
      const entry = entryView(row);
      await em.execute(
        `insert into no_bid_audit (house_id, member_id, dispute_id, user_id, user_name, action, entry) values (?, ?, null, ?, ?, 'add', ?)`,
        [houseId, memberId, actor.userId, actor.userName.slice(0, 64), JSON.stringify(entry)],
      );
      return entry;
    });
  }

  /** The house's one bidder a paddle or email names (by paddle: the bidders registered with it at any of the house's sales). */
  private async findBidder(em: EntityManager, houseId: number, key: NoBidBidderKey): Promise<number> {
    const ids: { id: number }[] =
      'paddle' in key
        ? await em.execute(
            `select distinct a.member_id as id from approval a join member m on m.id = a.member_id and m.house_id = a.house_id
              where a.house_id = ? and a.paddle_number = ? limit 2`,
            [houseId, key.paddle],
          )
        : await em.execute('select m.id from member m where m.house_id = ? and lower(m.email) = lower(?) limit 2', [houseId, key.email]);
    const refuse = (message: string) => DomainError.validation({ bidder: message }, message);
    if (!ids.length) throw refuse(T.bidderNotFound);
    if (ids.length > 1) throw refuse('paddle' in key ? T.paddleAmbiguous(key.paddle) : T.emailAmbiguous);
    return ids[0].id;
  }

  /** Takes a bidder off the list (ra-data-simple-rest answers the removed record); another house's entry is 404. */
  async remove(houseId: number, actor: Actor, id: number): Promise<NoBidEntry> {
    return this.em.transactional(async (em) => {
      const [row] = await em.execute<Row[]>(`${ENTRY_SQL} where n.house_id = ? and n.id = ? for update of n`, [houseId, id]);
      if (!row) throw new DomainError('not_found', 'NOT_FOUND', T.notFound);
      const entry = entryView(row);
      await em.execute('delete from house_no_bid where id = ? and house_id = ?', [id, houseId]);
      await em.execute(
        `insert into no_bid_audit (house_id, member_id, dispute_id, user_id, user_name, action, entry) values (?, ?, ?, ?, ?, 'remove', ?)`,
        [houseId, entry.memberID, row.dispute_id ?? null, actor.userId, actor.userName, JSON.stringify(entry)],
      );
      return entry;
    });
  }
}

function entryView(r: Row): NoBidEntry {
  return {
    id: r.id,
    memberID: r.member_id,
    memberRef: r.member_ref,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email || null,
    paddleNumber: r.paddle_number ?? null,
    disputeRef: r.dispute_ref ?? null,
    reason: r.dispute_ref ? `Dispute ${r.dispute_ref} closed (${disputeReasonName(r.reason_id)})` : (r.manual_reason ?? T.manual),
    dateAdded: new Date(r.created_at).toISOString(),
  };
}
