/**
 * Helpers of the invoice editing e2e tests: calls with the session's CSRF token, the stored rows of
 * an invoice (to prove what changed and what did not), and direct writes of payment state (marking
 * paid belongs to another module; these tests only need the state to exist).
 */
import { TestApp } from '../support/test-app';
import { SignedIn } from '../support/fixtures';
import { createInvoicedGroup, FactoryGroup, FactoryGroupSpec } from '../invoice-details/factory';

export type Row = Record<string, any>;

export const STALE_TEXT =
  'This invoice was changed by someone else. It has been reloaded with their changes; please make your change again.';

export function post(s: SignedIn, path: string, body: unknown) {
  return s.agent
    .post(path)
    .set('X-CSRF-Token', s.csrf)
    .send(body as object);
}

export function patch(s: SignedIn, path: string, body: unknown, headers: Record<string, string> = {}) {
  let req = s.agent.patch(path).set('X-CSRF-Token', s.csrf);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req.send(body as object);
}

/** The invoice row, its lines (by id), its additional charges and its audit records (newest first), money as numbers. */
export async function stored(t: TestApp, invoiceId: number) {
  const conn = t.em().getConnection();
  const money = (r: Row) => {
    const out: Row = { ...r };
    for (const k of Object.keys(out)) if (k.endsWith('_cents') && out[k] !== null) out[k] = Number(out[k]);
    return out;
  };
  const [invoice] = await conn.execute('select * from invoice where id = ?', [invoiceId]);
  const lines = await conn.execute('select * from invoice_line where invoice_id = ? order by id', [invoiceId]);
  const additional = await conn.execute('select * from invoice_additional_charge where invoice_id = ? order by id', [invoiceId]);
  const audit = await conn.execute('select * from invoice_audit where invoice_id = ? order by id desc', [invoiceId]);
  return { invoice: money(invoice), lines: lines.map(money), additional: additional.map(money), audit };
}

/** Everything of an invoice that an edit could touch, to prove a refusal changed nothing. */
export async function fingerprint(t: TestApp, invoiceId: number): Promise<string> {
  const s = await stored(t, invoiceId);
  return JSON.stringify(s);
}

export async function exec(t: TestApp, sql: string, params: unknown[] = []) {
  return t.em().getConnection().execute(sql, params);
}

/** Marks lines paid (flag, date, method) with a settled payment of their total, as the marks module would. */
export async function payLines(
  t: TestApp,
  houseId: number,
  invoiceId: number,
  lineIds: number[],
  opts: { methodId?: number | null; source?: 'offline' | 'card' | 'ach' } = {},
) {
  for (const id of lineIds) {
    const [l] = await exec(t, 'select total_cents from invoice_line where id = ?', [id]);
    await exec(
      t,
      `update invoice_line set paid = true, paid_date = '2026-11-10', payment_method_id = ?, amount_paid_cents = total_cents where id = ?`,
      [opts.methodId === undefined ? 3 : opts.methodId, id],
    );
    await exec(
      t,
      `insert into invoice_payment (house_id, invoice_id, line_id, amount_cents, kind, source, status, payment_method_id, paid_date) values (?, ?, ?, ?, 'payment', ?, 'settled', ?, '2026-11-10')`,
      [houseId, invoiceId, id, l.total_cents, opts.source ?? 'offline', opts.methodId === undefined ? 3 : opts.methodId],
    );
  }
  await exec(
    t,
    `update invoice set payments_made_cents = (select coalesce(sum(amount_cents), 0) from invoice_payment where invoice_id = ? and voided_at is null and status = 'settled'),
    balance_cents = invoice_total_cents - (select coalesce(sum(amount_cents), 0) from invoice_payment where invoice_id = ? and voided_at is null and status = 'settled') where id = ?`,
    [invoiceId, invoiceId, invoiceId],
  );
}

/** The whole invoice paid (all-paid state, date, method) with one settled payment of its total. */
export async function payInvoice(
  t: TestApp,
  houseId: number,
  invoiceId: number,
  opts: { methodId?: number | null; source?: 'offline' | 'card' | 'ach'; onlineStat?: string | null } = {},
) {
  const methodId = opts.methodId === undefined ? 3 : opts.methodId;
  const [inv] = await exec(t, 'select invoice_total_cents from invoice where id = ?', [invoiceId]);
  await exec(
    t,
    `update invoice set all_paid = true, paid_date = '2026-11-10', payment_method_id = ?, online_payment_stat = ?, payments_made_cents = invoice_total_cents, balance_cents = 0 where id = ?`,
    [methodId, opts.onlineStat ?? null, invoiceId],
  );
  await exec(
    t,
    `insert into invoice_payment (house_id, invoice_id, amount_cents, kind, source, status, payment_method_id, paid_date) values (?, ?, ?, 'payment', ?, 'settled', ?, '2026-11-10')`,
    [houseId, invoiceId, inv.invoice_total_cents, opts.source ?? 'offline', methodId],
  );
}

/** A small invoiced group: bidder 0 (INV, NY) wins lots 0-2, bidder 1 (Floor, Ontario) lots 3-4, bidder 2 (INV, Ontario) lot 5. */
export function smallGroup(t: TestApp, houseId: number, spec: Partial<FactoryGroupSpec> = {}): Promise<FactoryGroup> {
  return createInvoicedGroup(t.em(), {
    houseId,
    title: 'Editing group',
    sessions: [{ eventDate: '2026-10-16T23:00:00Z' }],
    bidders: [
      { firstName: 'Ada', lastName: 'Lovelace', platform: 'INV', paddle: 101 },
      {
        firstName: 'Bob',
        lastName: 'Floorman',
        platform: 'Floor',
        paddle: 102,
        countryCode: 'CA',
        stateCode: null,
        province: 'ON',
        city: 'Ottawa',
      },
      { firstName: 'Chloe', lastName: 'Tremblay', platform: 'INV', countryCode: 'CA', stateCode: null, province: 'ON', city: 'Ottawa' },
    ],
    lots: [
      { bidder: 0, hammer: 125_000 },
      { bidder: 0, hammer: 10_000 },
      { bidder: 0, hammer: 50_000 },
      { bidder: 1, hammer: 20_000 },
      { bidder: 1, hammer: 30_000 },
      { bidder: 2, hammer: 40_000 },
    ],
    ...spec,
  });
}
