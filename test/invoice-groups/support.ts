import { MikroORM, RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { JobsService, JobView } from '../../src/core/queue/jobs.service';
import { Approval } from '../../src/modules/bidders/approval.entity';
import { COMPANY_ID_OF, Member, Platform } from '../../src/modules/bidders/member.entity';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { BuyersPremiumStep } from '../../src/modules/catalogs/buyers-premium-step.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { HouseAddress } from '../../src/modules/houses/locations/house-address.entity';
import { InvoiceTemplate } from '../../src/modules/invoicing/templates/invoice-template.entity';
import { TemplateFeeRow } from '../../src/modules/invoicing/templates/template-fee-row.entity';
import { TemplateTaxRow } from '../../src/modules/invoicing/templates/template-tax-row.entity';
import { Lot } from '../../src/modules/lots/lot.entity';
import { SignedIn } from '../support/fixtures';
import { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

export interface RowSpec {
  name: string;
  rate: number;
  countryCode: string;
  stateCode?: string | null;
  onHammer: boolean;
  onPremium: boolean;
  onLiveFee: boolean;
}

export interface TemplateSpec {
  name?: string;
  chargesPerLot?: boolean;
  active?: boolean;
  payrixTemplate?: boolean;
  taxRows?: RowSpec[];
  feeRows?: RowSpec[];
}

/** A template row set written directly (the templates API has its own tests). */
export async function seedTemplate(em: EntityManager, houseId: number, spec: TemplateSpec = {}): Promise<number> {
  const house = em.getReference(House, houseId);
  const t = em.create(InvoiceTemplate, {
    house,
    groupName: spec.name ?? 'Standard',
    subject: 'Your invoice',
    fromName: 'Accounts',
    fromEmail: 'accounts@example.com',
    chargesPerLot: spec.chargesPerLot ?? false,
    active: spec.active ?? true,
    payrixTemplate: spec.payrixTemplate ?? false,
  });
  (spec.taxRows ?? []).forEach((r, sequence) =>
    em.create(TemplateTaxRow, { house, template: t, sequence, ...r, stateCode: r.stateCode ?? null }),
  );
  (spec.feeRows ?? []).forEach((r, sequence) =>
    em.create(TemplateFeeRow, { house, template: t, sequence, ...r, stateCode: r.stateCode ?? null }),
  );
  await em.flush();
  return t.id;
}

export async function seedAddress(em: EntityManager, houseId: number, facilityName = 'Saleroom'): Promise<number> {
  const a = em.create(HouseAddress, {
    house: em.getReference(House, houseId),
    facilityName,
    addressStreet1: '1 Main St',
    addressCity: 'Springfield',
    countryCode: 'US',
    stateCode: 'IL',
    postalCode: '62701',
  });
  await em.flush();
  return a.id;
}

export interface BidderSpec {
  firstName?: string;
  lastName?: string;
  countryCode?: string | null;
  stateCode?: string | null;
  province?: string | null;
  platform?: Platform;
  paddle?: number;
}

export interface LotSpec {
  /** Cents; null or absent: unsold. */
  hammer?: number | null;
  /** Index into the sale's bidders. */
  winner?: number;
  /** The channel of the win; the bidder's platform when absent. */
  channel?: Platform;
  title?: string;
  lotNumber?: string;
}

export interface SessionSpec {
  title?: string;
  addressId?: number | null;
  /** ISO instant. */
  date?: string;
  timeZone?: string;
  currencyCode?: string;
  lots: LotSpec[];
}

export interface SaleSpec {
  name?: string;
  liveFeeRate?: number;
  steps?: { fromCents: number; toCents: number | null; rate: number }[];
  bidders: BidderSpec[];
  sessions: SessionSpec[];
}

export interface SeededSale {
  auctionGroupId: number;
  sessions: { id: number; ref: string; title: string }[];
  approvals: number[];
  members: number[];
  /** Lot ids per session, in the order given. */
  lots: number[][];
}

let counter = 0;

/** A sale with its sessions, bidders (members + approvals) and results, written directly. */
export async function seedSale(em: EntityManager, houseId: number, spec: SaleSpec): Promise<SeededSale> {
  const house = em.getReference(House, houseId);
  const n = ++counter;
  const group = em.create(AuctionGroup, { house, groupName: spec.name ?? `Sale ${n}`, liveFeeRate: spec.liveFeeRate ?? 0 });
  for (const s of spec.steps ?? [{ fromCents: 0, toCents: null, rate: 25_000 }]) {
    em.create(BuyersPremiumStep, { group, fromCents: s.fromCents, toCents: s.toCents ?? undefined, rate: s.rate });
  }
  const members = spec.bidders.map((b, i) =>
    em.create(Member, {
      house,
      memberRef: newRef('M'),
      firstName: b.firstName ?? `First${i}`,
      lastName: b.lastName ?? `Last${String(i).padStart(3, '0')}`,
      email: `bidder${n}.${i}@example.com`,
      countryCode: b.countryCode === null ? undefined : (b.countryCode ?? 'US'),
      stateCode: b.stateCode === null ? undefined : (b.stateCode ?? (b.countryCode === undefined ? 'NY' : undefined)),
      province: b.province ?? undefined,
      platform: b.platform ?? 'INV',
      companyId: COMPANY_ID_OF[b.platform ?? 'INV'] ?? undefined,
    }),
  );
  const approvals = members.map((m, i) =>
    em.create(Approval, {
      house,
      group,
      member: m,
      paddleNumber: spec.bidders[i].paddle ?? 100 + i,
      channel: spec.bidders[i].platform ?? 'INV',
    }),
  );
  const sessions = spec.sessions.map((s, i) =>
    em.create(Catalog, {
      house,
      group,
      catalogRef: newRef('C'),
      title: s.title ?? `${group.groupName} session ${i + 1}`,
      saleType: 'live',
      eventDate: new Date(s.date ?? `2026-0${1 + (i % 9)}-1${i % 10}T15:00:00Z`),
      timeZone: s.timeZone ?? 'America/New_York',
      address: s.addressId == null ? undefined : em.getReference(HouseAddress, s.addressId),
      currencyCode: s.currencyCode ?? 'USD',
    }),
  );
  const lots = spec.sessions.map((s, si) =>
    s.lots.map((l, li) => {
      const sold = l.hammer !== undefined && l.hammer !== null;
      const winner = sold ? approvals[l.winner ?? 0] : undefined;
      return em.create(Lot, {
        house,
        catalog: sessions[si],
        lotRef: newRef('L'),
        lotNumber: l.lotNumber ?? String(li + 1),
        title: l.title ?? `Lot ${li + 1}`,
        description: 'A lot',
        hammerCents: sold ? l.hammer! : undefined,
        winningApproval: winner,
        resultChannel: sold ? (l.channel ?? spec.bidders[l.winner ?? 0].platform ?? 'INV') : undefined,
      });
    }),
  );
  await em.flush();
  return {
    auctionGroupId: group.id,
    sessions: sessions.map((s) => ({ id: s.id, ref: s.catalogRef, title: s.title })),
    approvals: approvals.map((a) => a.id),
    members: members.map((m) => m.id),
    lots: lots.map((ls) => ls.map((l) => l.id)),
  };
}

export const groupsUrl = (houseRef: string) => `/app/house/${houseRef}/invoiceGroup`;

export function postGroup(s: SignedIn, houseRef: string, body: object, headers: Record<string, string> = {}) {
  let req = s.agent.post(groupsUrl(houseRef)).set('X-CSRF-Token', s.csrf);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req.send(body);
}

/** Waits for the group's creation job to finish, and answers its view. */
export async function untilCreated(t: TestApp, houseId: number, groupId: number): Promise<JobView> {
  const jobs = t.app.get(JobsService);
  const row = await waitFor(
    async () =>
      (
        await t.em().getConnection().execute('select creation_job_id from invoice_group where id = ? and house_id = ?', [groupId, houseId])
      )[0],
    (r) => !!r?.creation_job_id,
    `group ${groupId} to get its job`,
  );
  return waitFor(
    () => jobs.get(row.creation_job_id),
    (v) => v.status === 'completed' || v.status === 'failed',
    `group ${groupId} to be created`,
    20_000,
  );
}

/** Runs `fn` in a MikroORM request context of the app (as a job or request gets). */
export function inContext<T>(t: TestApp, fn: () => Promise<T>): Promise<T> {
  return RequestContext.create(t.app.get(MikroORM).em, fn);
}

/** All invoice rows of a group, lines included, as plain rows (numbers for money). */
export async function storedInvoices(t: TestApp, groupId: number) {
  const conn = t.em().getConnection();
  const invoices: Record<string, unknown>[] = await conn.execute('select * from invoice where group_id = ? order by invoice_number', [
    groupId,
  ]);
  const lines: Record<string, unknown>[] = await conn.execute(
    'select l.* from invoice_line l join invoice i on i.id = l.invoice_id where i.group_id = ? order by l.invoice_id, l.id',
    [groupId],
  );
  const money = (r: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...r };
    for (const k of Object.keys(out)) if (k.endsWith('_cents') && out[k] !== null) out[k] = Number(out[k]);
    return out;
  };
  return { invoices: invoices.map(money), lines: lines.map(money) };
}

/** Row counts of the invoicing tables of a house, to prove a refusal or a rollback wrote nothing. */
export async function invoicingCounts(t: TestApp, houseId: number) {
  const rows = await t
    .em()
    .getConnection()
    .execute(
      `select (select count(*) from invoice_group where house_id = ?)::int as groups,
            (select count(*) from invoice_group_catalog gc join invoice_group g on g.id = gc.group_id where g.house_id = ?)::int as sessions,
            (select count(*) from invoice where house_id = ?)::int as invoices,
            (select count(*) from invoice_line where house_id = ?)::int as lines,
            (select coalesce(max(last_number), 0) from invoice_number_counter where house_id = ?)::int as last_number`,
      [houseId, houseId, houseId, houseId, houseId],
    );
  return rows[0] as { groups: number; sessions: number; invoices: number; lines: number; last_number: number };
}

/** The live and timed sessions (catalog refs) of one of the demo house's sales, by its name. */
export async function demoSaleSessions(t: TestApp, houseId: number, sale = 'Autumn Fine Art & Antiques'): Promise<string[]> {
  const rows = await t
    .em()
    .getConnection()
    .execute(
      `select c.catalog_ref from catalog c join auction_group g on g.id = c.group_id
        where c.house_id = ? and g.group_name = ? and c.sale_type in ('live', 'timed')`,
      [houseId, sale],
    );
  return rows.map((r) => String(r.catalog_ref));
}

/**
 * One of the demo house's sales invoiced through the API (by default Autumn Fine Art & Antiques with
 * the house's Standard Invoice template), waited for until created: the group's id.
 */
export async function invoiceDemoSale(
  t: TestApp,
  owner: SignedIn,
  houseId: number,
  o: { title: string; sale?: string; templateId?: number },
): Promise<number> {
  const [standard] = await t
    .em()
    .getConnection()
    .execute(`select id from invoice_template where house_id = ? and group_name = 'Standard Invoice'`, [houseId]);
  const made = await postGroup(owner, owner.user.houseInfo.houseRef, {
    catalogRefs: await demoSaleSessions(t, houseId, o.sale),
    groupTitle: o.title,
    invoiceSettingsID: o.templateId ?? standard.id,
  });
  if (made.status !== 200) throw new Error(`invoice group '${o.title}' refused: ${made.status} ${JSON.stringify(made.body)}`);
  const groupId = made.body.data.invoiceGroupID as number;
  const job = await untilCreated(t, houseId, groupId);
  if (job.status !== 'completed') throw new Error(`invoice group '${o.title}' ended ${job.status}`);
  return groupId;
}
