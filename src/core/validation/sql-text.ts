/** `?` placeholders for a list of values: `in (${placeholders(ids)})`. The list must not be empty. */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** `%`, `_` and `\` match themselves in LIKE / ILIKE (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere, literally. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * A PostgreSQL array literal of integers, bound as one parameter (`= any(?::int[])`): knex would
 * spread a JS array into one binding per value, which is slow to build and parse for thousands.
 */
export function intArray(values: readonly number[]): string {
  return `{${values.map((v) => Math.trunc(v)).join(',')}}`;
}
