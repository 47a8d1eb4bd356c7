import { sameCurrency, SALE_RESULTS_TEXT, type SaleResultBidder, type SaleResultsGroup } from '@ar/rules';

/**
 * The Sales Results selection (spec 001): sessions by catalogRef; a sale's checkbox selects or
 * clears all its sessions; viewing needs at least one session, all in one currency.
 */
export type GroupCheck = 'all' | 'some' | 'none';

export function groupCheck(group: SaleResultsGroup, selected: ReadonlySet<string>): GroupCheck {
  const n = group.catalogs.filter((c) => selected.has(c.catalogRef)).length;
  return n === 0 ? 'none' : n === group.catalogs.length ? 'all' : 'some';
}

/** Ticking a sale selects all its sessions; unticking a fully selected sale clears them. */
export function toggleGroup(group: SaleResultsGroup, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  const all = groupCheck(group, selected) === 'all';
  for (const c of group.catalogs) {
    if (all) next.delete(c.catalogRef);
    else next.add(c.catalogRef);
  }
  return next;
}

export function toggleSession(catalogRef: string, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (next.has(catalogRef)) next.delete(catalogRef);
  else next.add(catalogRef);
  return next;
}

/** The selected sessions in list order, or the message that stops viewing them. */
export function selectionToView(
  groups: readonly SaleResultsGroup[],
  selected: ReadonlySet<string>,
): { catalogRefs: string[]; error: string | null } {
  const chosen = groups.flatMap((g) => g.catalogs).filter((c) => selected.has(c.catalogRef));
  if (!chosen.length) return { catalogRefs: [], error: SALE_RESULTS_TEXT.selectSessions };
  if (!sameCurrency(chosen)) return { catalogRefs: [], error: SALE_RESULTS_TEXT.sameCurrency };
  return { catalogRefs: chosen.map((c) => c.catalogRef), error: null };
}

/**
 * Lots chosen for Open New File: the refs of shown lots that may get a dispute, in table order
 * (a lot the search now hides, or that got a dispute since, is not sent).
 */
export function lotsToOpen(groupedData: readonly SaleResultBidder[], selected: ReadonlySet<string>): string[] {
  return groupedData.flatMap((b) => b.items).flatMap((l) => (l.canOpenDispute && selected.has(l.lotRef) ? [l.lotRef] : []));
}

/** A buyer's checkbox: the buyer's lots that may get a dispute, and how many of them are selected. */
export function buyerCheck(bidder: SaleResultBidder, selected: ReadonlySet<string>): { refs: string[]; check: GroupCheck } {
  const refs = bidder.items.filter((l) => l.canOpenDispute).map((l) => l.lotRef);
  const n = refs.filter((r) => selected.has(r)).length;
  return { refs, check: n === 0 ? 'none' : n === refs.length ? 'all' : 'some' };
}

/** Ticks (on) or clears the given lots. */
export function setLots(selected: ReadonlySet<string>, refs: readonly string[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const r of refs) {
    if (on) next.add(r);
    else next.delete(r);
  }
  return next;
}
