import { EntityManager } from '@mikro-orm/postgresql';
import { InvoicePricing } from '../../src/modules/invoicing/editing/core/invoice-pricing.service';
import { inContext } from '../invoice-groups/support';
import { createInvoicedGroup, FactoryBidder, FactoryGroup, FactoryInvoiceState, FactoryLot } from '../invoice-details/factory';
import { SignedIn } from '../support/fixtures';
import { TestApp } from '../support/test-app';

export const SENT_AT = new Date('2026-11-02T15:00:00Z');

/** A date the server takes as "not after today" wherever it runs. */
export const TODAY_US = (() => {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCFullYear()).slice(2)}`;
})();
export const TODAY_ISO = new Date().toISOString().slice(0, 10);
/** Two days after today in UTC: after the latest date on Earth. */
export const FUTURE_US = (() => {
  const d = new Date(Date.now() + 2 * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCFullYear()).slice(2)}`;
})();

let n = 0;

/**
 * A small invoiced group in the house (the house's own processor: repricing gives the same cents).
 * Bidders default to New York INV bidders with an email; each invoice is sent unless told.
 */
export async function group(
  t: TestApp,
  houseId: number,
  bidders: FactoryBidder[],
  lots: FactoryLot[],
  invoices: Record<number, FactoryInvoiceState> = {},
): Promise<FactoryGroup> {
  n++;
  const states: Record<number, FactoryInvoiceState> = {};
  bidders.forEach((_, i) => (states[i] = { sentAt: SENT_AT, ...invoices[i] }));
  return createInvoicedGroup(t.em(), {
    houseId,
    title: `Marks ${n}`,
    sessions: [{ eventDate: '2026-10-16T23:00:00Z' }],
    bidders: bidders.map((b, i) => ({ email: `bidder${n}.${i}@example.com`, ...b })),
    lots,
    invoices: states,
  });
}

export const bidder = (lastName: string, extra: Partial<FactoryBidder> = {}): FactoryBidder => ({ firstName: 'Test', lastName, ...extra });

/** Posts to `/app/house/{houseRef}/{path}` as the signed-in user (with the CSRF token). */
export function post(s: SignedIn, houseRef: string, path: string, body: unknown) {
  return s.agent
    .post(`/app/house/${houseRef}/${path}`)
    .set('X-CSRF-Token', s.csrf)
    .send(body as object);
}

export async function q<T = Record<string, any>>(t: TestApp, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await t.em().getConnection().execute(sql, params)) as T[];
}

export async function invoiceRow(t: TestApp, id: number) {
  const [r] = await q(t, 'select * from invoice where id = ?', [id]);
  return r;
}

/** Everything a mark may change on an invoice (its row, lines, payments, audit), to prove a refusal changed nothing. */
export async function invoiceState(t: TestApp, ids: readonly number[]) {
  const list = ids.map(() => '?').join(', ');
  return {
    invoices: await q(t, `select * from invoice where id in (${list}) order by id`, [...ids]),
    lines: await q(t, `select * from invoice_line where invoice_id in (${list}) order by id`, [...ids]),
    payments: await q(t, `select * from invoice_payment where invoice_id in (${list}) order by id`, [...ids]),
    audit: await q(t, `select * from invoice_audit where invoice_id in (${list}) order by id`, [...ids]),
  };
}

/** Re-prices invoices after a fixture wrote their rows directly. */
export function reprice(t: TestApp, houseId: number, invoiceIds: number[]) {
  return inContext(t, () => t.app.get(EntityManager).transactional((tx) => t.app.get(InvoicePricing).reprice(tx, houseId, invoiceIds)));
}

/** An additional charge (what the charges work adds after payment), then re-priced. */
export async function addAdditionalCharge(
  t: TestApp,
  houseId: number,
  invoiceId: number,
  shippingCents: number,
  opts: { lineId?: number; onlinePaymentStat?: string } = {},
) {
  const [row] = await q(
    t,
    `insert into invoice_additional_charge (house_id, invoice_id, line_id, shipping_cents, online_payment_stat, created_at, updated_at) values (?, ?, ?, ?, ?, now(), now()) returning id`,
    [houseId, invoiceId, opts.lineId ?? null, shippingCents, opts.onlinePaymentStat ?? null],
  );
  await reprice(t, houseId, [invoiceId]);
  return row.id as number;
}

/** A settled payment from the processor (what the card-charging work will record), then re-priced. */
export async function recordGatewayPayment(
  t: TestApp,
  houseId: number,
  invoiceId: number,
  cents: number,
  opts: { lineId?: number; status?: string; source?: string } = {},
) {
  await q(
    t,
    `insert into invoice_payment (house_id, invoice_id, line_id, amount_cents, kind, source, status, created_at) values (?, ?, ?, ?, 'payment', ?, ?, now())`,
    [houseId, invoiceId, opts.lineId ?? null, cents, opts.source ?? 'card', opts.status ?? 'settled'],
  );
  await reprice(t, houseId, [invoiceId]);
}

export const cents = (v: unknown) => Number(v);
