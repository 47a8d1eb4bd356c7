import { EntityManager } from '@mikro-orm/postgresql';

export interface LargeSale {
  auctionGroupId: number;
  catalogId: number;
  catalogRef: string;
  lots: number;
  bidders: number;
}

/**
 * A sale big enough for its invoice creation to take seconds: `bidders` registered bidders (US in
 * four states, Ontario, London; every channel) winning `lots` lots in one session, hammers from $5
 * to about $5,000, some on the premium step boundary. Written with set-based SQL (as the invoicing
 * benchmark does), so tens of thousands of lots load in about a second. The same `label` and sizes
 * give the same rows, so two sales can be compared invoice for invoice.
 */
export async function seedLargeSale(
  em: EntityManager,
  houseId: number,
  addressId: number,
  label: string,
  lots: number,
  bidders: number,
): Promise<LargeSale> {
  const conn = em.getConnection();
  const [g] = await conn.execute<{ id: number }[]>(
    `insert into auction_group (house_id, group_name, live_fee_rate) values (?, ?, 3000) returning id`,
    [houseId, `Large ${label}`],
  );
  await conn.execute(
    `insert into buyers_premium_step (group_id, from_cents, to_cents, rate) values (?, 0, 100000, 25000), (?, 100000, null, 20000)`,
    [g.id, g.id],
  );
  const prefix = `ML${label}`;
  await conn.execute(
    `insert into member (house_id, member_ref, first_name, last_name, email, city, country_code, state_code, platform, company_id)
     select ?, ? || lpad(n::text, 6, '0'), 'Bidder', 'No. ' || n, 'large.' || ? || n || '@example.com', 'City',
            (array['US','US','US','US','CA','UK'])[1 + n % 6], (array['NY','CA','TX','IL','ON','LND'])[1 + n % 6],
            p, case p when 'PL' then 3 when 'AZ' then 4 when 'Floor' then 9 end
       from generate_series(1, ?::int) n, lateral (select (array['INV','INV','PL','AZ','Floor'])[1 + n % 5] as p) x`,
    [houseId, prefix, label, bidders],
  );
  await conn.execute(
    `insert into approval (house_id, group_id, member_id, paddle_number, channel)
     select ?, ?, m.id, 100 + row_number() over (order by m.id), m.platform from member m where m.house_id = ? and m.member_ref like ?`,
    [houseId, g.id, houseId, `${prefix}%`],
  );
  const catalogRef = `CL${label}`;
  const [c] = await conn.execute<{ id: number }[]>(
    `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date, time_zone, address_id, currency_code, published)
     values (?, ?, ?, ?, 'live', now() - interval '10 days', 'America/New_York', ?, 'USD', true) returning id`,
    [houseId, g.id, catalogRef, `Large ${label} session`, addressId],
  );
  await conn.execute(
    `with a as (select id, channel, row_number() over (order by id) - 1 as k from approval where group_id = ?)
     insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, hammer_cents, winning_approval_id, result_channel, sold_at)
     select ?, ?, ? || lpad(n::text, 6, '0'), n::text, 'Large lot ' || n, 'Generated',
            case when n % 97 = 0 then 100000 else 500 + (n * 7919) % 500000 end, a.id, a.channel, now()
       from generate_series(1, ?::int) n join a on a.k = n % ?`,
    [g.id, houseId, c.id, `LL${label}`, lots, bidders],
  );
  await conn.execute('analyze member; analyze approval; analyze lot');
  return { auctionGroupId: g.id, catalogId: c.id, catalogRef, lots, bidders };
}

/**
 * What a group's invoices amount to, independent of ids, lot ids and invoice numbers: one entry per
 * invoice (by paddle) with its totals and its lines' amounts in order.
 */
export async function groupAmounts(em: EntityManager, groupId: number): Promise<string[]> {
  const rows: { row: string }[] = await em.getConnection().execute(
    `select concat_ws('|', i.paddle_number, i.item_count, i.hammer_total_cents, i.premium_total_cents, i.live_fee_total_cents,
              i.tax_total_cents, i.other_total_cents, i.invoice_total_cents, i.balance_cents,
              (select string_agg(concat_ws(':', l.lot_number, l.hammer_cents, l.premium_cents, l.live_fee_cents, l.tax_cents, l.fees_cents,
                 l.total_cents), ',' order by l.id) from invoice_line l where l.invoice_id = i.id)) as row
       from invoice i where i.group_id = ? order by i.paddle_number`,
    [groupId],
  );
  return rows.map((r) => r.row);
}
