import { EntityManager } from '@mikro-orm/postgresql';
import { Approval } from '../../src/modules/bidders/approval.entity';
import { COMPANY_ID_OF, Member, Platform } from '../../src/modules/bidders/member.entity';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';

/**
 * A sale of one house for the results import: two sessions (the second only to show that paddles
 * belong to the sale), lots 1-8 and 9A in the first, lot 10 deleted, and these bidders:
 *  - ann@<marker>.example  INV  paddle 101 (registered)
 *  - bob@<marker>.example  PL   registered without paddle
 *  - cy@<marker>.example   AZ   a customer of the house, not registered for this sale
 *  - (no email)           Floor paddle 102 (registered)
 * Lot 8 already has a result (ann, 50.00) and lot 7 too (paddle 102, 70.00).
 */
export interface SaleFixture {
  houseId: number;
  groupId: number;
  catalogId: number;
  otherSessionId: number;
  lots: Record<string, number>;
  members: { ann: number; bob: number; cy: number; floor: number };
  approvals: { ann: number; bob: number; floor: number };
}

export async function seedSale(em: EntityManager, houseId: number, marker = 'sale'): Promise<SaleFixture> {
  const house = em.getReference(House, houseId);
  const group = em.create(AuctionGroup, { house, groupName: `${marker} spring sale`, liveFeeRate: 3000 });
  const catalog = em.create(Catalog, {
    house,
    group,
    catalogRef: newRef('C'),
    title: `${marker} live session`,
    saleType: 'live',
    eventDate: new Date('2026-05-01T15:00:00Z'),
  });
  const other = em.create(Catalog, {
    house,
    group,
    catalogRef: newRef('C'),
    title: `${marker} timed session`,
    saleType: 'timed',
    eventDate: new Date('2026-05-02T15:00:00Z'),
  });
  const member = (first: string, email: string | undefined, platform: Platform) =>
    em.create(Member, {
      house,
      memberRef: newRef('M'),
      firstName: first,
      lastName: 'Bidder',
      email,
      platform,
      companyId: COMPANY_ID_OF[platform] ?? undefined,
      city: 'Boston',
      countryCode: 'US',
    });
  const ann = member('Ann', `ann@${marker}.example`, 'INV');
  const bob = member('Bob', `bob@${marker}.example`, 'PL');
  const cy = member('Cy', `cy@${marker}.example`, 'AZ');
  const floor = member('Flo', undefined, 'Floor');
  const annReg = em.create(Approval, { house, group, member: ann, paddleNumber: 101, channel: 'INV' });
  const bobReg = em.create(Approval, { house, group, member: bob, paddleNumber: 0, channel: 'PL' });
  const floorReg = em.create(Approval, { house, group, member: floor, paddleNumber: 102, channel: 'Floor' });
  const lots: Record<string, Lot> = {};
  const lot = (n: string, ext?: string, extra: Partial<Lot> = {}) =>
    (lots[`${n}${ext ?? ''}`] = em.create(Lot, {
      house,
      catalog,
      lotRef: newRef('L'),
      lotNumber: n,
      lotExt: ext,
      title: `${marker} lot ${n}${ext ?? ''}`,
      description: 'd',
      ...extra,
    }));
  for (let n = 1; n <= 6; n++) lot(String(n));
  lot('7', undefined, { winningApproval: floorReg, hammerCents: 7000, resultChannel: 'Floor', soldAt: new Date('2026-05-01T16:00:00Z') });
  lot('8', undefined, { winningApproval: annReg, hammerCents: 5000, resultChannel: 'INV', soldAt: new Date('2026-05-01T16:00:00Z') });
  lot('9', 'A');
  lot('10', undefined, { status: 'd' });
  em.create(Lot, { house, catalog: other, lotRef: newRef('L'), lotNumber: '1', title: `${marker} other lot 1`, description: 'd' });
  await em.flush();
  return {
    houseId,
    groupId: group.id,
    catalogId: catalog.id,
    otherSessionId: other.id,
    lots: Object.fromEntries(Object.entries(lots).map(([k, l]) => [k, l.id])),
    members: { ann: ann.id, bob: bob.id, cy: cy.id, floor: floor.id },
    approvals: { ann: annReg.id, bob: bobReg.id, floor: floorReg.id },
  };
}

/** Every lot, member and approval of the house, as one comparable string per table. */
export async function houseRows(em: EntityManager, houseId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['lot', 'member', 'approval']) {
    const rows: { n: number; h: string }[] = await em
      .getConnection()
      .execute(
        `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x.id), '')) as h from "${table}" x where house_id = ?`,
        [houseId],
      );
    out[table] = `${rows[0].n} rows, md5 ${rows[0].h}`;
  }
  return out;
}

/** The results of the house's lots by label ("9A"): approval id, hammer, channel. */
export async function lotResults(
  em: EntityManager,
  catalogId: number,
): Promise<Record<string, { approvalId: number | null; hammerCents: number | null; channel: string | null; soldAt: Date | null }>> {
  const rows: Record<string, unknown>[] = await em
    .getConnection()
    .execute(
      'select lot_number, lot_ext, winning_approval_id, hammer_cents, result_channel, sold_at from lot where catalog_id = ? order by id',
      [catalogId],
    );
  return Object.fromEntries(
    rows.map((r) => [
      `${r.lot_number}${r.lot_ext ?? ''}`,
      {
        approvalId: (r.winning_approval_id as number | null) ?? null,
        hammerCents: r.hammer_cents == null ? null : Number(r.hammer_cents),
        channel: (r.result_channel as string | null) ?? null,
        soldAt: r.sold_at == null ? null : new Date(r.sold_at as string),
      },
    ]),
  );
}

/** Puts lot `lotId` on an invoice (template, group, invoice, line), as invoice creation would. */
export async function invoiceLot(
  em: EntityManager,
  houseId: number,
  lotId: number,
  approvalId: number,
  memberId: number,
  invoiceNumber: number,
): Promise<void> {
  const c = em.getConnection();
  const [t] = await c.execute(
    `insert into invoice_template (house_id, group_name, subject, from_name, from_email) values (?, 'T', 'S', 'F', 'f@example.com') returning id`,
    [houseId],
  );
  const [g] = await c.execute(
    `insert into invoice_group (house_id, title, template_id, currency_code) values (?, 'G', ?, 'USD') returning id`,
    [houseId, t.id],
  );
  const [i] = await c.execute(
    `insert into invoice (house_id, group_id, invoice_number, approval_id, member_id, first_name, last_name, channel, currency_code) values (?, ?, ?, ?, ?, 'A', 'B', 'INV', 'USD') returning id`,
    [houseId, g.id, invoiceNumber, approvalId, memberId],
  );
  const [lot] = await c.execute('select catalog_id, hammer_cents from lot where id = ?', [lotId]);
  await c.execute(
    `insert into invoice_line (house_id, invoice_id, lot_id, catalog_id, lot_title, hammer_cents, premium_cents, live_fee_cents, tax_cents, total_cents) values (?, ?, ?, ?, 'x', ?, 0, 0, 0, ?)`,
    [houseId, i.id, lotId, lot.catalog_id, lot.hammer_cents, lot.hammer_cents],
  );
}
