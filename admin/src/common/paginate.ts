/**
 * Which page links a pager shows (spec 000 section 9: "Pagination shows 4 pages, 1 margin
 * page"): a window of `range` pages around the current one, `margin` pages at each end, and a
 * gap ('gap') where pages are left out. A gap of exactly one page shows that page instead.
 */
export type PageItem = number | 'gap';

export function pageItems(current: number, pageCount: number, range = 4, margin = 1): PageItem[] {
  if (pageCount <= 0) return [];
  const cur = Math.min(Math.max(1, current), pageCount);
  let start = Math.max(1, cur - Math.floor(range / 2));
  const end = Math.min(pageCount, start + range - 1);
  start = Math.max(1, end - range + 1);
  const shown = new Set<number>();
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = 1; p <= Math.min(margin, pageCount); p++) shown.add(p);
  for (let p = Math.max(1, pageCount - margin + 1); p <= pageCount; p++) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const out: PageItem[] = [];
  let prev = 0;
  for (const p of pages) {
    if (p - prev === 2) out.push(p - 1);
    else if (p - prev > 2) out.push('gap');
    out.push(p);
    prev = p;
  }
  return out;
}

/** A page number from the URL: a whole number of at least 1, else 1. */
export function pageParam(raw: string | null): number {
  return raw && /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}
