/** Polls `read` until `done` holds for its value (or the time runs out, failing with the last value seen). */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  what: string,
  timeoutMs = 8000,
  everyMs = 25,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await sleep(everyMs);
    last = await read();
  }
  return last;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
