import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  canSeeYourCustomers,
  csvDocument,
  KEYWORD_REPORT_CSV_HEADER,
  usDate,
  YOUR_CUSTOMERS_EXPORT_MAX,
  type YourCustomer,
  type YourCustomersGroup,
} from '@ar/rules';
import { DomainError, PERMISSION_DENIED_TEXT } from '../../../core/errors/domain-error';
import { likeContains } from '../../../core/validation/sql-text';
import { GeoService } from '../../houses/geo/geo.service';

interface MemberRow {
  id: number;
  member_ref: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state_code: string | null;
  province: string | null;
  postal_code: string | null;
  country_code: string | null;
  created_at: Date;
}

/** Columns a client may sort the list by, and the SQL each stands for. */
export const CUSTOMER_SORT_SQL = {
  lastName: 'm.last_name',
  firstName: 'm.first_name',
  email: 'm.email',
  creationDate: 'm.created_at',
} as const;
export const CUSTOMER_SORTABLE = Object.keys(CUSTOMER_SORT_SQL) as (keyof typeof CUSTOMER_SORT_SQL)[];

export interface CustomerQuery {
  /** Part of the first, last or full name, email or phone. */
  search: string | null;
  /** Only customers registered for this sale (auction group) of the house. */
  groupId: number | null;
  /** Only this bidder (the invoice pages link to a bidder's row). */
  memberId?: number | null;
  sort: { field: keyof typeof CUSTOMER_SORT_SQL; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

/**
 * Your Customers (spec 001; docs/decisions/your-customers.md): the house's customers are the
 * bidders (members) registered (approved) for at least one of its sales. Searched, filtered,
 * sorted and paged in the database; every query is scoped by house on every table it reads. Only
 * houses of connect type s, p or e have the page: others get 403 with the permission text.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly em: EntityManager,
    private readonly geo: GeoService,
  ) {}

  async assertHouseHasCustomers(houseId: number): Promise<void> {
    const [h]: { connect_type: string }[] = await this.em.getConnection().execute(`select connect_type from house where id = ?`, [houseId]);
    if (!h || !canSeeYourCustomers(h.connect_type)) throw new DomainError('forbidden', 'CONNECT_TYPE', PERMISSION_DENIED_TEXT);
  }

  /** The house's sales (auction groups), newest first: the sale-group filter's choices. */
  async groups(houseId: number): Promise<YourCustomersGroup[]> {
    await this.assertHouseHasCustomers(houseId);
    const rows: { id: number; group_name: string }[] = await this.em
      .getConnection()
      .execute(`select g.id, g.group_name from auction_group g where g.house_id = ? order by g.id desc`, [houseId]);
    return rows.map((r) => ({ groupID: r.id, groupName: r.group_name }));
  }

  /** One page of customers and the total matching. A group not of the house is a 400. */
  async page(houseId: number, q: CustomerQuery): Promise<{ rows: YourCustomer[]; total: number }> {
    await this.assertHouseHasCustomers(houseId);
    const conn = this.em.getConnection();
    if (q.groupId !== null) {
      const [g] = await conn.execute(`select 1 from auction_group where id = ? and house_id = ?`, [q.groupId, houseId]);
      if (!g) throw DomainError.notFound('Sale');
    }
    const where: string[] = ['m.house_id = ?'];
    const params: unknown[] = [houseId];
    if (q.groupId !== null) {
      where.push(`exists (select 1 from approval a where a.member_id = m.id and a.house_id = m.house_id and a.group_id = ?)`);
      params.push(q.groupId);
    } else {
      where.push(`exists (select 1 from approval a where a.member_id = m.id and a.house_id = m.house_id)`);
    }
    if (q.memberId != null) {
      where.push('m.id = ?');
      params.push(q.memberId);
    }
    if (q.search) {
      const like = likeContains(q.search);
      const digits = q.search.replace(/\D/g, '');
      where.push(
        `(m.first_name ilike ? or m.last_name ilike ? or m.email ilike ? or (m.first_name || ' ' || m.last_name) ilike ?` +
          (digits.length >= 3 ? ` or regexp_replace(coalesce(m.phone, ''), '\\D', '', 'g') like ?` : '') +
          ')',
      );
      params.push(like, like, like, like);
      if (digits.length >= 3) params.push(`%${digits}%`);
    }
    const whereSql = where.join(' and ');
    const [{ n }]: { n: number }[] = await conn.execute(`select count(*)::int as n from member m where ${whereSql}`, params);
    const order = `${CUSTOMER_SORT_SQL[q.sort.field]} ${q.sort.order} nulls last, m.id ${q.sort.order}`;
    const rows: MemberRow[] = await conn.execute(
      `select m.id, m.member_ref, m.first_name, m.last_name, m.email, m.phone, m.street1, m.street2, m.city, m.state_code,
              m.province, m.postal_code, m.country_code, m.created_at
         from member m where ${whereSql} order by ${order} limit ? offset ?`,
      [...params, q.limit, q.offset],
    );
    return { rows: rows.map((r) => this.view(r)), total: n };
  }

  /** Every customer of the filter (the spec's data.customers), up to the export limit. */
  async all(houseId: number, groupId: number | null, search: string | null): Promise<YourCustomer[]> {
    const { rows } = await this.page(houseId, {
      search,
      groupId,
      sort: { field: 'lastName', order: 'ASC' },
      offset: 0,
      limit: YOUR_CUSTOMERS_EXPORT_MAX,
    });
    return rows;
  }

  /** The keyword alerts report: each customer's alert keywords, newest first, as CSV text. */
  async keywordsReport(houseId: number): Promise<string> {
    await this.assertHouseHasCustomers(houseId);
    const rows: { last_name: string; first_name: string; email: string | null; keyword: string; created_at: Date }[] = await this.em
      .getConnection()
      .execute(
        `select m.last_name, m.first_name, m.email, k.keyword, k.created_at
           from keyword_alert k join member m on m.id = k.member_id and m.house_id = k.house_id
          where k.house_id = ?
          order by k.created_at desc, k.id desc
          limit ?`,
        [houseId, YOUR_CUSTOMERS_EXPORT_MAX],
      );
    return csvDocument(
      KEYWORD_REPORT_CSV_HEADER,
      rows.map((r) => [r.last_name, r.first_name, r.email ?? '', r.keyword, usDate(new Date(r.created_at))]),
    );
  }

  private view(r: MemberRow): YourCustomer {
    return {
      id: r.id,
      memberRef: r.member_ref,
      lastName: r.last_name,
      firstName: r.first_name,
      email: r.email,
      address: {
        street1: r.street1,
        street2: r.street2,
        city: r.city,
        stateID: r.state_code,
        province: r.province,
        postalCode: r.postal_code,
        countryName: this.geo.countryName(r.country_code) ?? r.country_code ?? null,
        phone: r.phone,
      },
      creationDate: new Date(r.created_at).toISOString(),
    };
  }
}
