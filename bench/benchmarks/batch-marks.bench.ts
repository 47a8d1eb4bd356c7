import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { Platform } from '../../src/modules/bidders/member.entity';
import { InvoiceMarksService } from '../../src/modules/invoicing/editing/marks/marks.service';
import { parseMarkRequest } from '../../src/modules/invoicing/editing/marks/marks.rules';
import { defineBenchmark } from '../harness';
import { createInvoicedGroup } from '../../test/invoice-details/factory';

const INVOICES = 300;
const LOTS_PER_INVOICE = 3;

interface State {
  groupId: number;
  invoiceIds: number[];
  floorInvoiceIds: number[];
}

/** Today as the mark calls take it (MM/DD/YY, UTC: never after the server's today). */
function todayUs(): string {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCFullYear()).slice(2)}`;
}

/**
 * Marking 300 invoices paid in one call (issue 8 target: under 1 s), the batch form of
 * `POST invoicePaidOnly` (`paidInvoices`), on a group of 300 invoices with 3 lots each (US bidders,
 * state sales tax, a handling fee). Each timed run marks all 300 paid (offline payments recorded,
 * lots and invoices marked, re-priced, audited, versions bumped) and answers the 300 invoices; an
 * untimed Not Paid batch before each run puts them back.
 * Floors: the same marks through InvoiceMarksService in-process (no HTTP, no answer serialised);
 * the least any set-based implementation does through bare pg, in one transaction: lock the 300
 * rows, insert 300 payments, mark the lines and the invoices paid (with balance and version), insert
 * 300 audit rows.
 */
export default defineBenchmark<State>({
  name: 'batch-marks',
  title: 'POST invoicePaidOnly: 300 invoices marked paid in one call',
  description: 'A batch paid mark of 300 invoices against the same marks in-process and a set-based write transaction through bare pg',
  async setup(ctx) {
    const platforms: Platform[] = ['INV', 'INV', 'PL', 'AZ'];
    const build = (title: string) =>
      createInvoicedGroup(ctx.em(), {
        houseId: ctx.user.houseId,
        title,
        feeRows: [
          { name: 'Handling', rate: 1500, countryCode: 'ALL', stateCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false },
        ],
        sessions: [{ title: `${title} session`, eventDate: '2026-10-10T23:00:00Z' }],
        bidders: Array.from({ length: INVOICES }, (_, i) => ({
          firstName: `Bidder${i}`,
          lastName: `Marks${String(i).padStart(4, '0')}`,
          platform: platforms[i % platforms.length],
          paddle: 2000 + i,
          stateCode: ['NY', 'CA', 'TX', 'MA', 'NJ'][i % 5],
        })),
        lots: Array.from({ length: INVOICES * LOTS_PER_INVOICE }, (_, i) => ({
          bidder: i % INVOICES,
          hammer: 5_000 + ((i * 7919) % 400) * 2_500,
        })),
      });
    const g = await build('Bench batch marks');
    const f = await build('Bench batch marks floor');
    await ctx.db.query('analyze invoice; analyze invoice_line; analyze invoice_payment; analyze invoice_audit');
    return { groupId: g.groupId, invoiceIds: g.invoiceIds.map(Number), floorInvoiceIds: f.invoiceIds.map(Number) };
  },
  run(ctx, state) {
    const path = `/app/house/${ctx.user.houseRef}/invoicePaidOnly`;
    const date = todayUs();
    const batch = (paid: boolean) => ({
      paidInvoices: state.invoiceIds.map((invoiceID) =>
        paid ? { invoiceID, paid, paidDate: date, paymentMethodID: 102 } : { invoiceID, paid },
      ),
    });
    const post = async (paid: boolean) => {
      const res = await ctx.fetch({ path, method: 'POST', body: batch(paid) });
      if (res.status !== 200) throw new Error(`invoicePaidOnly answered ${res.status}: ${res.text.slice(0, 200)}`);
      const invoices = (res.json() as { data: { invoices: { invoiceStatus: string }[] } }).data.invoices;
      if (invoices.length !== INVOICES || invoices.some((i) => (i.invoiceStatus === 'Paid') !== paid)) throw new Error('unexpected answer');
    };
    const principal = { userId: ctx.user.userId, userName: 'owner' };
    const iterations = Math.max(3, ctx.shape.rounds * 3);
    const { houseId, userId } = ctx.user;
    const ids = state.floorInvoiceIds;

    const bare = async () => {
      const c = await ctx.db.connect();
      try {
        await c.query('begin');
        const locked = await c.query<{ id: number; balance_cents: string }>(
          'select id, balance_cents from invoice where house_id = $1 and id = any($2::int[]) order by id for update',
          [houseId, ids],
        );
        await c.query(
          `insert into invoice_payment (house_id, invoice_id, amount_cents, kind, source, status, payment_method_id, paid_date, created_by_user_id, created_at)
           select $1, x.id, x.amount, 'payment', 'offline', 'settled', 102, current_date, $2, now()
             from unnest($3::int[], $4::bigint[]) as x(id, amount)`,
          [houseId, userId, locked.rows.map((r) => r.id), locked.rows.map((r) => r.balance_cents)],
        );
        await c.query(
          'update invoice_line set paid = true, paid_date = current_date, payment_method_id = 102, updated_at = now() where house_id = $1 and invoice_id = any($2::int[]) and not suppress and not paid',
          [houseId, ids],
        );
        await c.query(
          `update invoice set all_paid = true, paid_date = current_date, payment_method_id = 102, payments_made_cents = payments_made_cents + balance_cents,
             balance_cents = 0, version = version + 1, updated_at = now() where house_id = $1 and id = any($2::int[])`,
          [houseId, ids],
        );
        await c.query(
          `insert into invoice_audit (house_id, invoice_id, user_id, user_name, action, before, after, created_at)
           select $1, x.id, $2, 'owner', 'invoice.paid', '{"all_paid": false}'::jsonb, '{"all_paid": true}'::jsonb, now() from unnest($3::int[]) as x(id)`,
          [houseId, userId, ids],
        );
        await c.query('commit');
      } catch (e) {
        await c.query('rollback');
        throw e;
      } finally {
        c.release();
      }
    };
    // Untimed: the floor's invoices back to unpaid (payments deleted, flags and balances restored).
    const resetFloor = async () => {
      await ctx.db.query(
        `update invoice i set all_paid = false, paid_date = null, payment_method_id = null, balance_cents = i.balance_cents + p.amount,
           payments_made_cents = i.payments_made_cents - p.amount
           from (select invoice_id, sum(amount_cents) as amount from invoice_payment where house_id = $1 and invoice_id = any($2::int[]) group by invoice_id) p
          where i.id = p.invoice_id`,
        [houseId, ids],
      );
      await ctx.db.query('delete from invoice_payment where house_id = $1 and invoice_id = any($2::int[])', [houseId, ids]);
      await ctx.db.query(
        'update invoice_line set paid = false, paid_date = null, payment_method_id = null where house_id = $1 and invoice_id = any($2::int[])',
        [houseId, ids],
      );
    };

    return {
      subject: ctx.sequential(
        `POST invoicePaidOnly, ${INVOICES} invoices in one call (app over HTTP)`,
        'op/s',
        { iterations, warmup: 1, beforeEach: () => post(false) },
        () => post(true),
      ),
      floors: [
        ctx.sequential(
          'InvoiceMarksService.mark in-process, no HTTP',
          'op/s',
          { iterations, warmup: 1, beforeEach: () => post(false) },
          () =>
            RequestContext.create(ctx.app.get(MikroORM).em, () =>
              ctx.app
                .get(InvoiceMarksService)
                .mark(houseId, principal, 'paid', 'invoice', parseMarkRequest(batch(true), 'paid', 'invoice')),
            ),
        ),
        ctx.sequential(
          'bare pg: set-based write transaction (lock, payments, lines, invoices, audit)',
          'op/s',
          { iterations, warmup: 1, beforeEach: resetFloor },
          bare,
        ),
      ],
      notes: [
        `${INVOICES} invoices of ${LOTS_PER_INVOICE} lots (US bidders: state sales tax per lot, a handling fee); every timed run marks all of them paid, an untimed Not Paid batch resets them`,
      ],
    };
  },
});
