/**
 * The one batch reader of every streamed download (reports/, Sale Results, EOA); it lives in core
 * because the lots module's downloads use it as well as the reports module's.
 * Reads a report's rows from the database a batch at a time (keyset paging: each batch starts after
 * the last row of the one before), so a 10,000-lot session is never in memory at once and no
 * connection is held while the client reads. `load(after, size)` answers at most `size` rows in the
 * report's order, starting after `after` (null: from the start).
 */
export const REPORT_BATCH_SIZE = 500;

export async function* keysetBatches<T>(
  load: (after: T | null, size: number) => Promise<T[]>,
  size = REPORT_BATCH_SIZE,
): AsyncGenerator<T[]> {
  let after: T | null = null;
  for (;;) {
    const batch = await load(after, size);
    if (batch.length) yield batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1];
  }
}
