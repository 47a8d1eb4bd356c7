import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import { bidder, group, post as housePost, q, TODAY_ISO, TODAY_US } from '../invoice-marks/support';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import type { SignedIn, TwoHouses } from './fixtures';
import type { TestApp } from './test-app';

const VISA = { kind: 'card' as const, brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };

/** The house default commission plan of the money sale (docs/settlements.md's worked plan). */
export const MONEY_SALE_PLAN = {
  name: 'Standard',
  isHouseDefault: true,
  tiers: [
    { fromCents: 0, toCents: 100_000, rate: 15_000 },
    { fromCents: 100_000, toCents: null, rate: 10_000 },
  ],
  minimumCommissionCents: 2_500,
  buyInFeeCents: 1_000,
  buyInRate: 5_000,
  photographyFeeCents: 1_500,
  insuranceFeeCents: 250,
  lottingFeeCents: 500,
  commissionTaxRate: 8_875,
};

/** Flat 15 %, tax on commission 10 %, no fees: an override's effect reads at a glance. */
export const FLAT_PLAN = {
  name: 'Flat',
  isHouseDefault: true,
  tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }],
  commissionTaxRate: 10_000,
};

/** A past sale of house `houseId`: three lots ($1,000, $500, $200) bought and paid by one bidder. */
export function createThreeLotPaidSale(t: TestApp, houseId: number, title: string): Promise<FactoryGroup> {
  return createInvoicedGroup(t.em(), {
    houseId,
    title,
    sessions: [{ eventDate: '2025-12-01T18:00:00Z' }],
    bidders: [{ firstName: 'Paid', lastName: 'Buyer' }],
    lots: [
      { bidder: 0, hammer: 100_000, paidDate: '2025-12-05' },
      { bidder: 0, hammer: 50_000, paidDate: '2025-12-05' },
      { bidder: 0, hammer: 20_000, paidDate: '2025-12-05' },
    ],
  });
}

/** Marks an invoice paid offline (cheque), through the house call, at its current version. */
export async function markInvoicePaid(t: TestApp, owner: SignedIn, houseRef: string, invoiceId: number): Promise<void> {
  const [{ version }] = await q<{ version: number }>(t, 'select version from invoice where id = ?', [invoiceId]);
  const res = await housePost(owner, houseRef, 'invoicePaidOnly', {
    invoiceID: invoiceId,
    paid: true,
    paidDate: TODAY_US,
    paymentMethodID: 102,
    version,
  });
  expect(res.status).toBe(200);
}

/**
 * The money sale of house A, built through the real calls, shared by the accounting export and the
 * money reports: four buyers (paid offline, paid by card then refunded 123.45, paid with one lot
 * disputed, unpaid), two consignors (Alice: lots 0-2, Bob Brook & Sons: lots 3-5) on the worked
 * plan, the sale settled, both settlements ready, Alice's marked paid (check 1042) and 10.00 paid
 * to Bob by bank transfer. `cardToken` keeps each file's sandbox card its own.
 */
export async function seedMoneySale(
  t: TestApp,
  houses: TwoHouses,
  owner: SignedIn,
  clerk: SignedIn,
  cardToken: string,
): Promise<{ g: FactoryGroup; settlementIds: number[] }> {
  const ref = houses.a.houseRef;
  const post = (s: SignedIn, path: string, body: object = {}) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const g = await group(
    t,
    houses.a.id,
    [bidder('Offline'), bidder('Card'), bidder('Disputer'), bidder('Unpaid')],
    [
      { bidder: 0, hammer: 125_000 },
      { bidder: 0, hammer: 8_000 },
      { bidder: 1, hammer: 200_000 },
      { bidder: 2, hammer: 30_000 },
      { bidder: 2, hammer: 45_000 },
      { bidder: 3, hammer: 50_000 },
    ],
  );
  const alice = (await post(clerk, '/api/consignors', { name: 'Alice Arden', email: 'alice@example.com' })).body.id;
  const bob = (await post(clerk, '/api/consignors', { name: 'Bob Brook', company: 'Brook & Sons' })).body.id;
  expect((await post(clerk, '/api/commission-plans', MONEY_SALE_PLAN)).status).toBe(201);
  expect((await post(clerk, `/api/consignors/${alice}/lots`, { lots: [0, 1, 2].map((i) => ({ lotId: g.lotIds[i] })) })).status).toBe(200);
  expect((await post(clerk, `/api/consignors/${bob}/lots`, { lots: [3, 4, 5].map((i) => ({ lotId: g.lotIds[i] })) })).status).toBe(200);

  await markInvoicePaid(t, owner, ref, g.invoiceIds[0]!);
  await markInvoicePaid(t, owner, ref, g.invoiceIds[2]!);
  await t.app.get(PaymentMethodsOnFileService).add(houses.a.id, g.memberIds[1], { ...VISA, token: cardToken, cardLimitCents: null });
  const charged = await housePost(owner, ref, 'processCards', [g.invoiceIds[1]]);
  expect(charged.body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: true });
  const [card] = await q<{ id: number }>(t, `select id from invoice_payment where invoice_id = ? and source = 'card'`, [g.invoiceIds[1]]);
  const refund = await housePost(owner, ref, `invoice/${g.invoiceIds[1]}/payments/${card.id}/refund`, {
    amountCents: 12_345,
    reason: 'Frame damaged',
  });
  expect(refund.status).toBe(200);
  const dispute = await housePost(owner, ref, 'disputes', {
    action: 'open',
    transactionIDs: [g.lotIds[4]],
    reasonID: 4,
    message: 'Not as described.',
    houseUserRef: owner.user.userRef,
  });
  expect(dispute.status).toBe(200);

  const run = await post(clerk, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
  expect(run.status).toBe(200);
  const settlementIds = (run.body.settlements as { id: number }[]).map((s) => s.id);
  for (const id of settlementIds) expect((await post(clerk, `/api/settlements/${id}/ready`)).status).toBe(200);
  const [first, second] = settlementIds;
  expect(
    (await post(clerk, `/api/settlements/${first}/mark-paid`, { method: 'check', reference: '1042', paidDate: TODAY_ISO })).status,
  ).toBe(200);
  expect(
    (await post(clerk, `/api/settlements/${second}/payouts`, { method: 'bank_transfer', paidDate: TODAY_ISO, amountCents: 1_000 })).status,
  ).toBe(200);
  return { g, settlementIds };
}
