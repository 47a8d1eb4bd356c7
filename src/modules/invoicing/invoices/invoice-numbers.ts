import type { Knex } from '@mikro-orm/postgresql';

export interface InvoiceNumberRange {
  first: number;
  last: number;
  /** One new invoice id per number, from the invoice table's sequence, ascending. */
  ids: number[];
}

/**
 * Reserves `count` consecutive invoice numbers of a house, and `count` invoice ids, in ONE
 * statement: the counter row is created at `count` (the house's first invoices are numbered from 1)
 * or advanced by `count`, and the new last number comes back with the ids. The row stays locked
 * until the transaction ends, so two creations in one house take turns and never share a number; a
 * rolled-back creation gives its numbers back (its ids, like any sequence's, are skipped). Together
 * with the unique (house, invoice_number) index this keeps invoice numbers unique per house and
 * gap-free per creation.
 */
export async function reserveInvoiceNumbers(trx: Knex.Transaction, houseId: number, count: number): Promise<InvoiceNumberRange | null> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Cannot reserve ${count} invoice numbers.`);
  if (count === 0) return null;
  const res = await trx.raw(
    `with counter as (
       insert into invoice_number_counter (house_id, last_number) values (?, ?)
       on conflict (house_id) do update set last_number = invoice_number_counter.last_number + excluded.last_number
       returning last_number)
     select (select last_number from counter) as last_number,
            array(select nextval(pg_get_serial_sequence('invoice', 'id'))::int from generate_series(1, ?)) as ids`,
    [houseId, count, count],
  );
  const row = (res as { rows: { last_number: number; ids: number[] }[] }).rows[0];
  const last = Number(row.last_number);
  return { first: last - count + 1, last, ids: row.ids.sort((a, b) => a - b) };
}
