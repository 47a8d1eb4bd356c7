/** Spec 000 section 2: Edit Invoices takes `?id=` comma-separated invoice ids. */
const MAX_IDS = 5000;

/** '12,13, 14' -> [12, 13, 14] (duplicates and anything that is not a positive id dropped); absent or empty -> null (the whole group). */
export function idListParam(raw: string | null): number[] | null {
  if (raw === null) return null;
  const out: number[] = [];
  for (const part of raw.split(',')) {
    const t = part.trim();
    if (!/^\d{1,10}$/.test(t)) continue;
    const n = Number(t);
    if (n >= 1 && n <= 2_147_483_647 && !out.includes(n)) out.push(n);
    if (out.length >= MAX_IDS) break;
  }
  return out.length ? out : null;
}
