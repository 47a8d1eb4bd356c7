import { EntityManager } from '@mikro-orm/postgresql';
import type { ChargeRow } from '../../src/modules/invoicing/math';
import { createInvoicedGroup, FactoryGroup } from './factory';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { TestApp } from '../support/test-app';

/** The worked example's tax (INVOICE-MATH.md): 6.25 % on hammer and BP for New York bidders. */
export const NY_TAX: ChargeRow = {
  name: 'Sales Tax',
  rate: 6250,
  countryCode: 'US',
  stateCode: 'NY',
  onHammer: true,
  onPremium: true,
  onLiveFee: false,
};

export const SENT_AT = new Date('2026-11-02T15:00:00Z');

/**
 * House A's main group: three sessions (two on the evening of 16 Oct in New York, one on 18 Oct),
 * four winning bidders in every state the screen shows, and one hidden lot.
 *
 *  0 Ada Lovelace, INV, paddle 101, NY: the worked line (1,250.00 -> 1,684.38), plus a hidden lot. Sent.
 *  1 Bob Floorman, Floor, paddle 102, NY: 500.00 -> 664.06. Sent, paid in full (Visa), shipped.
 *  2 Chloe Tremblay, PL, no paddle, Ontario: 2,000.00 -> 2,510.00. Sent, 500.00 paid.
 *  3 Alexandria-Catherine Worthington, AZ, no paddle, NY: 10.00 -> 13.58. Not sent; pickup, picked up.
 */
export function mainGroup(em: EntityManager, houseId: number): Promise<FactoryGroup> {
  return createInvoicedGroup(em, {
    houseId,
    title: 'Autumn Fine Art',
    processorType: 'w',
    taxRows: [NY_TAX],
    sessions: [
      { title: 'Evening Session', eventDate: '2026-10-16T23:00:00Z' },
      { title: 'Late Session', eventDate: '2026-10-17T01:30:00Z' },
      { title: 'Sunday Session', eventDate: '2026-10-18T15:00:00Z' },
    ],
    bidders: [
      { firstName: 'Ada', lastName: 'Lovelace', platform: 'INV', paddle: 101 },
      { firstName: 'Bob', lastName: 'Floorman', platform: 'Floor', paddle: 102 },
      {
        firstName: 'Chloe',
        lastName: 'Tremblay',
        platform: 'PL',
        countryCode: 'CA',
        stateCode: null,
        province: 'ON',
        city: 'Ottawa',
        companyName: 'Tremblay Antiques Ltd',
      },
      { firstName: 'Alexandria-Catherine', lastName: 'Worthington', platform: 'AZ' },
      { firstName: 'Dan', lastName: 'Nowins', platform: 'INV', paddle: 104 },
    ],
    lots: [
      { bidder: 0, hammer: 125_000, session: 0, title: 'Worked example' },
      { bidder: 0, hammer: 10_000, session: 2, hidden: true, shippedDate: '2026-11-06', title: 'Hidden lot' },
      { bidder: 1, hammer: 50_000, session: 1, paidDate: '2026-11-04', paymentMethodId: 3, amountPaid: 66_406, shippedDate: '2026-11-05' },
      { bidder: 2, hammer: 200_000, session: 2, lotExt: 'A' },
      { bidder: 3, hammer: 1_000, session: 0, shippedDate: '2026-11-07' },
    ],
    invoices: {
      0: { sentAt: SENT_AT },
      1: { sentAt: SENT_AT, allPaid: true, paidDate: '2026-11-04', paymentMethodId: 3, payments: [{ amount: 66_406, kind: 'payment' }] },
      2: { sentAt: SENT_AT, payments: [{ amount: 50_000, kind: 'payment' }], notes: 'Wants crating' },
      3: { pickup: true },
    },
  });
}

/** Another group of the same house, without paddles (its invoices must never show in the main group). */
export function otherGroup(em: EntityManager, houseId: number, title = 'Winter Collectibles'): Promise<FactoryGroup> {
  return createInvoicedGroup(em, {
    houseId,
    title,
    processorType: 'w',
    sessions: [{ eventDate: '2026-11-20T16:00:00Z' }],
    bidders: [
      { firstName: 'Eve', lastName: 'Other', platform: 'INV' },
      { firstName: 'Frank', lastName: 'Other', platform: 'PL' },
    ],
    lots: [
      { bidder: 0, hammer: 30_000 },
      { bidder: 1, hammer: 40_000 },
    ],
  });
}

/** The world of the details, REST and PDF files: houses A and B, A's main and other groups, B's group, each owner signed in. */
export interface DetailsWorld {
  houses: TwoHouses;
  main: FactoryGroup;
  other: FactoryGroup;
  bGroup: FactoryGroup;
  a: SignedIn;
  b: SignedIn;
}

export async function seedDetailsWorld(t: TestApp): Promise<DetailsWorld> {
  const houses = await seedTwoHouses(t.em());
  return {
    houses,
    main: await mainGroup(t.em(), houses.a.id),
    other: await otherGroup(t.em(), houses.a.id),
    bGroup: await otherGroup(t.em(), houses.b.id, 'House B sale'),
    a: await signIn(t.server, 'house-a', 'owner'),
    b: await signIn(t.server, 'house-b', 'owner'),
  };
}
