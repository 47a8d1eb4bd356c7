import type { Knex } from '@mikro-orm/postgresql';

export interface InvoiceNumberRange {
  first: number;
  last: number;
}

/**
 * Reserves `count` consecutive invoice numbers of a house in ONE statement: the counter row is
 * created at `count` (the house's first invoices are numbered from 1) or advanced by `count`, and
 * the new last number comes back. The row stays locked until the transaction ends, so two
 * creations in one house take turns and never share a number; a rolled-back creation gives its
 * numbers back. Together with the unique (house, invoice_number) index this keeps invoice numbers
 * unique per house and gap-free per creation.
 */
export async function reserveInvoiceNumbers(trx: Knex.Transaction, houseId: number, count: number): Promise<InvoiceNumberRange | null> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Cannot reserve ${count} invoice numbers.`);
  if (count === 0) return null;
  const res = await trx.raw(
    `insert into invoice_number_counter (house_id, last_number) values (?, ?)
     on conflict (house_id) do update set last_number = invoice_number_counter.last_number + excluded.last_number
     returning last_number`,
    [houseId, count],
  );
  const last = Number((res as { rows: { last_number: number }[] }).rows[0].last_number);
  return { first: last - count + 1, last };
}
