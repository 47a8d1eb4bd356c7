/**
 * Runs `fn` over `items` with at most `limit` calls in flight (in the items' order of starting).
 * For many independent requests to one app: their database round trips overlap instead of queueing.
 */
export async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
