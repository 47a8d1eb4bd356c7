/**
 * Which buy-now sale's step 1 settings (`bin_sale_settings`) an invoice group follows: those of its
 * sessions' sale when every session of the group is a buy-now (bin) session, and none as soon as one
 * is live or timed (the group then keeps its template's email and the house's cards). The one
 * statement of that rule: the invoice preview (email settings, accepted cards) and card charging
 * (the accepted card brands) both read it (docs/decisions/bin-wizard.md).
 *
 * A subquery for a lateral join or a scalar select: `group` and `house` are SQL expressions of the
 * outer query (the invoice group's id and its house id); it selects the settings row (`s.*`) or none.
 */
export const binSaleSettingsOfGroupSql = (group: string, house: string): string =>
  `select s.* from invoice_group_catalog gc
     join catalog c on c.id = gc.catalog_id and c.house_id = ${house}
     join bin_sale_settings s on s.group_id = c.group_id and s.house_id = ${house}
    where gc.group_id = ${group} and c.sale_type = 'bin'
      and not exists (select 1 from invoice_group_catalog x join catalog y on y.id = x.catalog_id
                       where x.group_id = ${group} and y.sale_type <> 'bin')
    order by s.id limit 1`;

/** A column of a select over `invoice i`: the ticked card ids (json) of its group's buy-now sale, null when none apply. */
export const INVOICE_BIN_CARD_IDS_COLUMN = `(select b.payment_method_ids from (${binSaleSettingsOfGroupSql('i.group_id', 'i.house_id')}) b) as bin_card_ids`;

/** The same over `invoice_group g`: its buy-now sale's ticked card ids (json), null when none apply. */
export const GROUP_BIN_CARD_IDS_COLUMN = `(select b.payment_method_ids from (${binSaleSettingsOfGroupSql('g.id', 'g.house_id')}) b) as bin_card_ids`;

/** The stored json list (a string from some drivers) as ids; null stays null (the house's cards). */
export function cardIdsOf(v: unknown): number[] | null {
  if (v == null) return null;
  const list: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : null;
}
