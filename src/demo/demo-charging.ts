/**
 * The demo's batch-charge group (issue 11): a small sale in house `demo` whose invoice group was
 * sent three days ago, arranged so that Charge all cards on its Group Details shows approvals,
 * declines and every ineligibility reason the data can show (all but `paymentProcessingDisabled`,
 * a house setting, and `chargeInProgress`, a moment during a charge).
 *
 * Two steps:
 * 1. `insertDemoChargingSale`, inside the demo data's one transaction: the sale, its bidders
 *    (addresses, channels, cards on file), lots and results, as plain rows like the rest of the demo.
 * 2. `arrangeDemoChargingGroup`, after that commit, with the application's own services: the group
 *    created by InvoiceGroupsService and built by InvoiceBuilder, lines hidden by
 *    LineVisibilityService, the invoices sent by InvoiceSendingService with the send recorded three
 *    days back (a real `invoice_send` row per invoice), a Mark Paid, an auto-charge date and an ACH
 *    charge through the sandbox gateway. Nothing is computed or flagged by hand.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, todayIn, type ChargeIneligibilityReason } from '@ar/rules';
import { ACCESS_FLAGS, type AccessFlags } from '../core/auth/access-flags';
import type { Principal } from '../core/auth/principal';
import { Approval } from '../modules/bidders/approval.entity';
import { COMPANY_ID_OF, Member, type Platform } from '../modules/bidders/member.entity';
import { AuctionGroup } from '../modules/catalogs/auction-group.entity';
import { BuyersPremiumStep } from '../modules/catalogs/buyers-premium-step.entity';
import { Catalog } from '../modules/catalogs/catalog.entity';
import { newRef } from '../modules/houses/identity/secrets';
import { LineVisibilityService } from '../modules/invoicing/editing/group-detail-edits/line-visibility.service';
import { InvoiceMarksService } from '../modules/invoicing/editing/marks/marks.service';
import { InvoiceGroupsService } from '../modules/invoicing/groups/invoice-groups.service';
import { InvoiceBuilder } from '../modules/invoicing/invoices/invoice-builder';
import { AutoChargeService } from '../modules/invoicing/payments/auto-charge/auto-charge.service';
import { CardChargingService } from '../modules/invoicing/payments/charging/card-charging.service';
import { sandboxPaymentMethod } from '../modules/invoicing/payments/gateway/sandbox-tokens';
import { BidderPaymentMethod } from '../modules/invoicing/payments/methods/bidder-payment-method.entity';
import { InvoiceSendingService } from '../modules/invoicing/sending/invoice-sending.service';
import { Lot } from '../modules/lots/lot.entity';
import { seededRandom } from './seeded-random';

export const DEMO_CHARGING_SALE = 'Holiday Silver & Jewelry';
/** The invoice group to open on Invoice Group Details (the README names it). */
export const DEMO_CHARGING_GROUP = 'Holiday Silver & Jewelry (charge demo)';
/** How long ago the group was sent. */
export const DEMO_SENT_DAYS_AGO = 3;

/** What Charge all cards does with an invoice of the group: charged (approved, declined, ACH pending) or the reason it is skipped. */
export type DemoChargeOutcome = 'approved' | 'declined' | 'achPending' | ChargeIneligibilityReason;

interface DemoChargingBidder {
  key: string;
  outcome: DemoChargeOutcome;
  firstName: string;
  lastName: string;
  platform: Platform;
  /** Absent: no state (a US address sales tax cannot be computed for). */
  stateCode?: string;
  city: string;
  postalCode: string;
  /** The default method on file (none: no card on file). */
  token?: string;
  cardLimitCents?: number;
  /** Hammer prices (cents) of the bidder's lots, restricted where asked. */
  lots: { hammer: number; restricted?: boolean }[];
}

/** One bidder (one invoice) per outcome; the keys name what phase 2 does with the invoice. */
export const DEMO_CHARGING_BIDDERS: readonly DemoChargingBidder[] = [
  {
    key: 'approve-visa',
    outcome: 'approved',
    firstName: 'Grace',
    lastName: 'Abbott',
    platform: 'INV',
    stateCode: 'NY',
    city: 'New York',
    postalCode: '10001',
    token: 'tok_visa_approve_hs1',
    lots: [{ hammer: 45_000 }],
  },
  {
    key: 'approve-mastercard',
    outcome: 'approved',
    firstName: 'Henry',
    lastName: 'Baxter',
    platform: 'PL',
    stateCode: 'MA',
    city: 'Boston',
    postalCode: '02116',
    token: 'tok_mastercard_approve_hs2',
    lots: [{ hammer: 120_000 }, { hammer: 30_000 }],
  },
  {
    key: 'approve-amex',
    outcome: 'approved',
    firstName: 'Iris',
    lastName: 'Calloway',
    platform: 'AZ',
    stateCode: 'CA',
    city: 'Los Angeles',
    postalCode: '90012',
    token: 'tok_amex_approve_hs3',
    lots: [{ hammer: 25_000 }],
  },
  {
    key: 'decline-funds',
    outcome: 'declined',
    firstName: 'Jasper',
    lastName: 'Dunmore',
    platform: 'INV',
    stateCode: 'TX',
    city: 'Austin',
    postalCode: '73301',
    token: 'tok_decline_insufficient_funds_hs4',
    lots: [{ hammer: 60_000 }],
  },
  {
    key: 'decline-expired',
    outcome: 'declined',
    firstName: 'Kitty',
    lastName: 'Ellison',
    platform: 'INV',
    stateCode: 'NY',
    city: 'Buffalo',
    postalCode: '14201',
    token: 'tok_decline_expired_hs5',
    lots: [{ hammer: 35_000 }],
  },
  {
    key: 'decline-honour',
    outcome: 'declined',
    firstName: 'Lionel',
    lastName: 'Fairbanks',
    platform: 'PL',
    stateCode: 'MA',
    city: 'Boston',
    postalCode: '02116',
    token: 'tok_decline_do_not_honour_hs6',
    lots: [{ hammer: 80_000 }],
  },
  {
    key: 'ach',
    outcome: 'achPending',
    firstName: 'Mabel',
    lastName: 'Gresham',
    platform: 'INV',
    stateCode: 'NY',
    city: 'New York',
    postalCode: '10001',
    token: 'tok_ach_settle_hs7',
    lots: [{ hammer: 55_000 }],
  },
  {
    key: 'paid',
    outcome: 'paid',
    firstName: 'Nora',
    lastName: 'Hollis',
    platform: 'INV',
    stateCode: 'CA',
    city: 'Los Angeles',
    postalCode: '90012',
    token: 'tok_visa_approve_hs8',
    lots: [{ hammer: 40_000 }],
  },
  {
    key: 'not-sent',
    outcome: 'notSent',
    firstName: 'Oscar',
    lastName: 'Ingram',
    platform: 'INV',
    stateCode: 'TX',
    city: 'Austin',
    postalCode: '73301',
    token: 'tok_discover_approve_hs9',
    lots: [{ hammer: 50_000 }],
  },
  {
    key: 'card-limit',
    outcome: 'cardLimitExceeded',
    firstName: 'Pearl',
    lastName: 'Jennings',
    platform: 'INV',
    stateCode: 'NY',
    city: 'New York',
    postalCode: '10001',
    token: 'tok_visa_limit_50000_hs10',
    cardLimitCents: 50_000,
    lots: [{ hammer: 150_000 }],
  },
  {
    key: 'edited',
    outcome: 'editedAfterSend',
    firstName: 'Quentin',
    lastName: 'Kerr',
    platform: 'INV',
    stateCode: 'MA',
    city: 'Boston',
    postalCode: '02116',
    token: 'tok_visa_approve_hs11',
    lots: [{ hammer: 30_000 }, { hammer: 20_000 }],
  },
  {
    key: 'sent-recently',
    outcome: 'sentRecently',
    firstName: 'Rosalind',
    lastName: 'Lacey',
    platform: 'INV',
    stateCode: 'CA',
    city: 'Los Angeles',
    postalCode: '90012',
    token: 'tok_visa_approve_hs12',
    lots: [{ hammer: 65_000 }],
  },
  {
    key: 'auto-charge',
    outcome: 'autoChargeScheduled',
    firstName: 'Silas',
    lastName: 'Mercer',
    platform: 'INV',
    stateCode: 'TX',
    city: 'Austin',
    postalCode: '73301',
    token: 'tok_mastercard_approve_hs13',
    lots: [{ hammer: 70_000 }],
  },
  {
    key: 'no-card',
    outcome: 'noCreditCard',
    firstName: 'Tabitha',
    lastName: 'Nash',
    platform: 'INV',
    stateCode: 'NY',
    city: 'Buffalo',
    postalCode: '14201',
    lots: [{ hammer: 35_000 }],
  },
  {
    key: 'restricted',
    outcome: 'restrictedItems',
    firstName: 'Ulysses',
    lastName: 'Oakley',
    platform: 'INV',
    stateCode: 'NY',
    city: 'New York',
    postalCode: '10001',
    token: 'tok_visa_approve_hs15',
    lots: [{ hammer: 90_000, restricted: true }],
  },
  {
    key: 'tax-error',
    outcome: 'taxCalculationError',
    firstName: 'Vera',
    lastName: 'Pemberton',
    platform: 'INV',
    city: 'Springfield',
    postalCode: '00000',
    token: 'tok_visa_approve_hs16',
    lots: [{ hammer: 28_000 }],
  },
  {
    key: 'hidden',
    outcome: 'itemsHidden',
    firstName: 'Walter',
    lastName: 'Quincy',
    platform: 'INV',
    stateCode: 'MA',
    city: 'Boston',
    postalCode: '02116',
    token: 'tok_visa_approve_hs17',
    lots: [{ hammer: 25_000 }, { hammer: 15_000 }],
  },
  {
    key: 'floor',
    outcome: 'floorBidder',
    firstName: 'Xavier',
    lastName: 'Rowe',
    platform: 'Floor',
    stateCode: 'NY',
    city: 'New York',
    postalCode: '10001',
    lots: [{ hammer: 75_000 }],
  },
  {
    key: 'pending-ach',
    outcome: 'pendingAch',
    firstName: 'Yvonne',
    lastName: 'Sutton',
    platform: 'INV',
    stateCode: 'NY',
    city: 'New York',
    postalCode: '10001',
    token: 'tok_ach_settle_hs19',
    lots: [{ hammer: 45_000 }],
  },
];

const emailOf = (b: DemoChargingBidder) => `${b.firstName}.${b.lastName}.holiday@bidder.example`.toLowerCase();

type Insert = <T extends object>(entity: new () => T, rows: Partial<Record<keyof T, unknown>>[]) => Promise<number[]>;

/**
 * Step 1 (inside the demo data's transaction): the sale with one live session at the house's
 * primary location, its bidders, their cards, lots and results. Its own seeded references, so the
 * rest of the demo data draws the same random numbers as before.
 */
export async function insertDemoChargingSale(
  insert: Insert,
  houseId: number,
  addressId: number,
  eventDate: Date,
): Promise<{ lots: number; bidders: number; paymentMethods: number }> {
  const rnd = seededRandom(20261225);
  const ref = (p: string) => newRef(p, rnd);
  const h = houseId as never;
  const bidders = DEMO_CHARGING_BIDDERS;
  const memberIds = await insert(
    Member,
    bidders.map((b, i) => ({
      house: h,
      memberRef: ref('M'),
      firstName: b.firstName,
      lastName: b.lastName,
      email: emailOf(b),
      phone: `(212) 555-${String(2000 + i).padStart(4, '0')}`,
      street1: `${10 + i} Silver Street`,
      city: b.city,
      stateCode: b.stateCode,
      postalCode: b.postalCode,
      countryCode: 'US',
      platform: b.platform,
      companyId: COMPANY_ID_OF[b.platform] ?? undefined,
    })),
  );
  const [groupId] = await insert(AuctionGroup, [
    { house: h, groupName: DEMO_CHARGING_SALE, isLive: true, currencyCode: 'USD', liveFeeRate: 3000 },
  ]);
  await insert(BuyersPremiumStep, [
    { group: groupId as never, fromCents: 0, toCents: 100_000, rate: 25_000 },
    { group: groupId as never, fromCents: 100_000, toCents: undefined, rate: 20_000 },
  ]);
  const approvalIds = await insert(
    Approval,
    bidders.map((b, i) => ({
      house: h,
      group: groupId as never,
      member: memberIds[i] as never,
      paddleNumber: 500 + i,
      channel: b.platform,
    })),
  );
  const [catalogId] = await insert(Catalog, [
    {
      house: h,
      group: groupId as never,
      catalogRef: ref('C'),
      title: `${DEMO_CHARGING_SALE} — Live Session`,
      saleType: 'live',
      eventDate,
      address: addressId as never,
      currencyCode: 'USD',
      published: true,
    },
  ]);
  const lots = bidders.flatMap((b, i) => b.lots.map((l) => ({ ...l, bidder: i })));
  const objects = ['Georgian silver teapot', 'Art Deco diamond brooch', 'Pearl necklace', 'Sterling candelabra', 'Sapphire ring'];
  await insert(
    Lot,
    lots.map((l, n) => ({
      house: h,
      catalog: catalogId as never,
      lotRef: ref('L'),
      lotNumber: String(n + 1),
      title: objects[n % objects.length],
      description: 'Provenance: private collection. Condition: good.',
      loEstCents: Math.round(l.hammer / 2),
      hiEstCents: l.hammer,
      restricted: l.restricted ?? false,
      published: true,
      winningApproval: approvalIds[l.bidder] as never,
      hammerCents: l.hammer,
      resultChannel: bidders[l.bidder].platform,
      soldAt: eventDate,
    })),
  );
  const methods = bidders.flatMap((b, i) =>
    b.token
      ? [
          {
            ...sandboxPaymentMethod(b.token),
            houseId,
            member: memberIds[i] as never,
            isDefault: true,
            ...(b.cardLimitCents ? { cardLimitCents: b.cardLimitCents } : {}),
          },
        ]
      : [],
  );
  await insert(BidderPaymentMethod, methods);
  return { lots: lots.length, bidders: bidders.length, paymentMethods: methods.length };
}

export interface DemoChargingGroup {
  groupId: number;
  /** Invoice id by bidder key (DEMO_CHARGING_BIDDERS). */
  invoices: Record<string, number>;
}

/**
 * Step 2 (after the demo data's commit), with the application's services: creates, builds, edits
 * and sends the group as staff would, the send recorded `DEMO_SENT_DAYS_AGO` days before `now`.
 */
export async function arrangeDemoChargingGroup(app: Pick<INestApplicationContext, 'get'>, now = new Date()): Promise<DemoChargingGroup> {
  const orm = app.get(MikroORM, { strict: false });
  return RequestContext.create(orm.em, async () => {
    const em = orm.em as EntityManager;
    const conn = em.getConnection();
    const [house] = await conn.execute<{ id: number; house_ref: string; time_zone: string }[]>(
      `select id, house_ref, time_zone from house where house_user_name = 'demo'`,
    );
    const [owner] = await conn.execute<{ id: number; user_ref: string; user_name: string }[]>(
      `select id, user_ref, user_name from staff_user where house_id = ? and user_name = 'owner'`,
      [house.id],
    );
    const [session] = await conn.execute<{ catalog_ref: string }[]>(
      `select c.catalog_ref from catalog c join auction_group g on g.id = c.group_id where c.house_id = ? and g.group_name = ?`,
      [house.id, DEMO_CHARGING_SALE],
    );
    const [template] = await conn.execute<{ id: number }[]>(`select id from invoice_template where house_id = ? order by id limit 1`, [
      house.id,
    ]);
    const actor: Principal = {
      userId: owner.id,
      userRef: owner.user_ref,
      userName: owner.user_name,
      houseId: house.id,
      houseRef: house.house_ref,
      flags: Object.fromEntries(ACCESS_FLAGS.map((f) => [f, true])) as AccessFlags,
      isSuperUser: false,
      via: 'session',
    };

    const created = await app
      .get(InvoiceGroupsService, { strict: false })
      .create(house.id, owner.id, { catalogRefs: [session.catalog_ref], groupTitle: DEMO_CHARGING_GROUP, invoiceSettingsID: template.id });
    const groupId = created.invoiceGroupID;
    // The creation job's own work, here and now (the job queued by `create` then finds the group built).
    await app.get(InvoiceBuilder, { strict: false }).build(house.id, groupId);

    const rows = await conn.execute<{ id: number; email: string; version: number }[]>(
      `select id, email, version from invoice where house_id = ? and group_id = ?`,
      [house.id, groupId],
    );
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const invoices: Record<string, number> = {};
    for (const b of DEMO_CHARGING_BIDDERS) {
      const inv = byEmail.get(emailOf(b));
      if (!inv) throw new Error(`The demo charging group has no invoice for ${emailOf(b)}`);
      invoices[b.key] = inv.id;
    }
    const version = async (id: number) =>
      Number((await conn.execute<{ version: number }[]>(`select version from invoice where id = ?`, [id]))[0].version);
    const lastLine = async (id: number) =>
      Number((await conn.execute<{ id: number }[]>(`select max(id) as id from invoice_line where invoice_id = ?`, [id]))[0].id);
    const hideLastLine = async (id: number) =>
      app
        .get(LineVisibilityService, { strict: false })
        .setVisibility(actor, groupId, [
          { invoiceId: id, lineId: await lastLine(id), suppress: true, additionalCharge: false, version: await version(id) },
        ]);

    // Before sending: a lot hidden (the invoice goes out without it, "items hidden").
    await hideLastLine(invoices.hidden);
    // Sent three days ago (all but the unsent one and the one sent just now).
    const sending = app.get(InvoiceSendingService, { strict: false });
    const sentAt = new Date(now.getTime() - DEMO_SENT_DAYS_AGO * 86_400_000);
    const early = Object.entries(invoices)
      .filter(([key]) => key !== 'not-sent' && key !== 'sent-recently')
      .map(([, id]) => id);
    await sending.send(house.id, groupId, early, { sentAt });
    await sending.send(house.id, groupId, [invoices['sent-recently']]);
    // After sending: an edit (a lot hidden), so the invoice needs resending.
    await hideLastLine(invoices.edited);
    // Paid by check, marked by staff the day after sending.
    const paidOn = new Date(sentAt.getTime() + 86_400_000).toISOString().slice(0, 10);
    await app.get(InvoiceMarksService, { strict: false }).mark(house.id, actor, 'paid', 'invoice', {
      batch: false,
      items: [
        {
          index: 0,
          invoiceId: invoices.paid,
          lineId: null,
          on: true,
          date: paidOn,
          paymentMethodId: 102,
          version: await version(invoices.paid),
        },
      ],
    });
    // An auto-charge three days from today.
    await app
      .get(AutoChargeService, { strict: false })
      .setDate(house.id, addDays(todayIn(house.time_zone, now), 3), [invoices['auto-charge']], now);
    // An ACH debit charged already: pending until the bank settles it.
    await app.get(CardChargingService, { strict: false }).processCards(house.id, actor, [invoices['pending-ach']]);
    return { groupId, invoices };
  });
}
