import { placeholders } from '../../core/validation/sql-text';
import { paymentMethodName } from '../invoicing/editing/marks/payment-methods';
import type { Channel } from '../invoicing/math';
import type { GroupCharging } from '../lots/sale-results/sale-results.rules';
import { keysetBatches } from '../../core/database/keyset-batches';
import type { PactsInvoice, PactsRow } from './pacts.report';
import { priceLot } from './report-pricing';
import type { ReportSession } from './report-sessions';
import { after, CHANNEL, num, ownMembers, SOLD, text, type Execute, type Row } from './report-sql';

/** Per buyer of the session (by name) and invoice: the session's lots and the invoice's payment state. */
export async function* pactsBatches(
  execute: Execute,
  houseId: number,
  session: ReportSession,
  charging: GroupCharging,
): AsyncGenerator<PactsRow[]> {
  const keys = `lower(m.last_name), lower(m.first_name), a.id`;
  const buyers = keysetBatches<Row>((last, size) => {
    const k = after(keys, last, (r) => [r.k1, r.k2, r.id]);
    return execute(
      `select a.id, a.paddle_number, a.channel, m.house_id as member_house_id, m.first_name, m.last_name, m.email,
              coalesce(m.phone, m.mobile_phone) as phone,
              lower(m.last_name) as k1, lower(m.first_name) as k2
         from approval a join member m on m.id = a.member_id
        where a.house_id = ?
          and a.id in (select l.winning_approval_id from lot l where l.house_id = ? and l.catalog_id = ? and ${SOLD}) ${k.sql}
        order by ${keys} limit ?`,
      [houseId, houseId, session.id, ...k.params, size],
    );
  });
  for await (const all of buyers) {
    const batch = ownMembers(all, houseId);
    if (!batch.length) continue;
    const ids = batch.map((r) => num(r.id));
    const lots = await execute(
      `select l.winning_approval_id as approval_id, l.hammer_cents, ${CHANNEL} as channel,
              il.invoice_id, il.total_cents, il.suppress, il.shipped
         from lot l
         join approval a on a.id = l.winning_approval_id and a.house_id = l.house_id
         left join invoice_line il on il.lot_id = l.id and il.house_id = l.house_id
        where l.house_id = ? and l.catalog_id = ? and ${SOLD} and l.winning_approval_id in (${placeholders(ids)})`,
      [houseId, session.id, ...ids],
    );
    const invoiceIds = [...new Set(lots.filter((l) => l.invoice_id !== null).map((l) => num(l.invoice_id)))];
    const invoices = await loadInvoices(execute, houseId, invoiceIds);
    // Per buyer: invoice id (0: not invoiced) -> the session's visible lots on it. A hidden line keeps
    // its invoice's row (the invoice is still the buyer's) but counts in neither lots nor total.
    const parts = new Map<number, Map<number, { lots: number; total: number; shipped: number }>>();
    for (const l of lots) {
      const buyer = num(l.approval_id);
      const invoiceId = l.invoice_id === null ? 0 : num(l.invoice_id);
      let byInvoice = parts.get(buyer);
      if (!byInvoice) parts.set(buyer, (byInvoice = new Map()));
      let p = byInvoice.get(invoiceId);
      if (!p) byInvoice.set(invoiceId, (p = { lots: 0, total: 0, shipped: 0 }));
      if (l.suppress) continue;
      p.lots += 1;
      p.total += invoiceId ? num(l.total_cents) : priceLot(num(l.hammer_cents), l.channel as Channel, charging).payable;
      if (l.shipped) p.shipped += 1;
    }
    const out: PactsRow[] = [];
    for (const r of batch) {
      const byInvoice = parts.get(num(r.id)) ?? new Map<number, { lots: number; total: number; shipped: number }>();
      const order = [...byInvoice.keys()].sort(
        (x, y) => (x === 0 ? 1 : 0) - (y === 0 ? 1 : 0) || (invoices.get(x)?.invoiceNumber ?? 0) - (invoices.get(y)?.invoiceNumber ?? 0),
      );
      for (const invoiceId of order) {
        const p = byInvoice.get(invoiceId)!;
        out.push({
          paddle: num(r.paddle_number),
          lastName: r.last_name as string,
          firstName: r.first_name as string,
          email: text(r.email),
          phone: text(r.phone),
          channel: r.channel as string,
          lots: p.lots,
          lotsTotal: p.total,
          lotsShipped: p.shipped,
          invoice: invoiceId ? invoices.get(invoiceId)! : null,
        });
      }
    }
    yield out;
  }
}

async function loadInvoices(execute: Execute, houseId: number, ids: readonly number[]): Promise<Map<number, PactsInvoice>> {
  const out = new Map<number, PactsInvoice>();
  if (!ids.length) return out;
  const rows = await execute(
    `select i.id, i.invoice_number, i.invoice_total_cents, i.payments_made_cents, i.balance_cents, i.all_paid, i.online_payment_stat,
            i.sent_at, to_char(i.paid_date, 'YYYY-MM-DD') as paid_date, i.payment_method_id, i.pickup,
            exists (select 1 from invoice_line pl where pl.invoice_id = i.id and pl.paid and not pl.suppress) as any_line_paid
       from invoice i where i.house_id = ? and i.id in (${placeholders(ids)})`,
    [houseId, ...ids],
  );
  for (const r of rows) {
    out.set(num(r.id), {
      invoiceNumber: num(r.invoice_number),
      invoiceTotal: num(r.invoice_total_cents),
      paymentsMade: num(r.payments_made_cents),
      balance: num(r.balance_cents),
      allPaid: !!r.all_paid,
      onlinePaymentStat: text(r.online_payment_stat),
      sentAt: r.sent_at ? new Date(r.sent_at as string) : null,
      paidDate: text(r.paid_date),
      paymentMethod: paymentMethodName(r.payment_method_id === null ? null : num(r.payment_method_id)),
      pickup: !!r.pickup,
      anyLinePaid: !!r.any_line_paid,
    });
  }
  return out;
}
