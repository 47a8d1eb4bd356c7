import { sameCurrency, SALE_RESULTS_TEXT, type SaleResultsGroup } from '@ar/rules';

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
