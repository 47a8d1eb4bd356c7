/**
 * "Paid" is one rule written twice: `invoiceIsPaid` (the status text) and `invoicePaidSql` (the
 * PAID/UNPAID filters of groupDetailInfo and /api/invoices). This runs both over every combination
 * of the columns the rule reads, on real PostgreSQL, and expects the same answer for each row.
 */
import { invoiceIsPaid, invoicePaidSql, onlineStateSql, onlinePaymentState } from '../../src/modules/invoicing/math/statuses';
import { readTestEnv, sql } from '../support/test-env';

interface Case {
  id: number;
  allPaid: boolean;
  balance: number;
  paymentsMade: number;
  stat: string | null;
  lines: { paid: boolean; suppress: boolean }[];
}

const LINE_SETS: Case['lines'][] = [
  [],
  [{ paid: true, suppress: false }],
  [{ paid: true, suppress: true }],
  [{ paid: false, suppress: false }],
  [
    { paid: false, suppress: false },
    { paid: true, suppress: false },
  ],
];
const STATS = [null, '', 'a', 'p', 'u', 'h', 'i', 'd', 'f', 'x'];

function cases(): Case[] {
  const out: Case[] = [];
  for (const allPaid of [false, true])
    for (const balance of [-100, 0, 100])
      for (const paymentsMade of [0, 100])
        for (const stat of STATS)
          for (const lines of LINE_SETS) out.push({ id: out.length + 1, allPaid, balance, paymentsMade, stat, lines });
  return out;
}

const lit = (v: string | null) => (v === null ? 'null::text' : `'${v}'::text`);

describe('the paid rule: TypeScript and SQL agree', () => {
  it('invoicePaidSql answers invoiceIsPaid for every combination of all-paid, balance, payments, online state and lots', async () => {
    const all = cases();
    const invoices = all.map((c) => `(${c.id}, ${c.allPaid}, ${c.balance}::bigint, ${c.paymentsMade}::bigint, ${lit(c.stat)})`).join(', ');
    const lines = all.flatMap((c) => c.lines.map((l) => `(${c.id}, ${l.paid}, ${l.suppress})`));
    const { rows } = await sql(
      readTestEnv().adminUrl,
      `with invoice_line(invoice_id, paid, suppress) as (values ${lines.join(', ')}),
            i(id, all_paid, balance_cents, payments_made_cents, online_payment_stat) as (values ${invoices})
       select i.id, ${invoicePaidSql('i')} as paid from i order by i.id`,
    );
    const sqlSays = new Map(rows.map((r) => [Number(r.id), r.paid]));
    const disagree = all.filter(
      (c) =>
        sqlSays.get(c.id) !==
        invoiceIsPaid({
          allPaid: c.allPaid,
          outstandingBalance: c.balance,
          paymentsMade: c.paymentsMade,
          onlinePaymentStat: c.stat,
          anyLinePaid: c.lines.some((l) => l.paid && !l.suppress),
        }),
    );
    expect(all.length).toBe(600);
    expect(disagree).toEqual([]);
    // Both kinds of answer occur, so the comparison is not vacuous.
    expect(new Set(sqlSays.values())).toEqual(new Set([true, false]));
  });

  it('onlineStateSql names exactly the codes onlinePaymentState maps to each state, and is never null', async () => {
    const states = ['paid', 'pending', 'failed'] as const;
    const { rows } = await sql(
      readTestEnv().adminUrl,
      `select s.code, ${states.map((st) => `${onlineStateSql('s.code', st)} as "${st}"`).join(', ')}
         from (values ${STATS.map((c) => `(${lit(c)})`).join(', ')}) as s(code)`,
    );
    for (const r of rows) {
      const code = r.code as string | null;
      for (const st of states) expect([code, st, r[st]]).toEqual([code, st, onlinePaymentState(code) === st]);
    }
  });
});
