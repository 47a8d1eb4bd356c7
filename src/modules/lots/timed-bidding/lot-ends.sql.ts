/**
 * Each timed lot's end: the end stored on the lot (set at its first bid, moved by extensions), else
 * its place in the session's staggered schedule: the session's date (the first lot's end) plus the
 * stagger per lot before it (the wizard's timed_type and timed_value: 0 all together, else
 * timed_value seconds apart, 60 when unset), lots in lot-number order. `?` = the scope (a catalog id, or every
 * session whose first lot ends by a time: see callers). Deleted lots take no place;
 * closed lots keep theirs (filter them outside).
 */
export const lotEndsSql = (scope: 'catalog' | 'dueBy') => `
  select l.id, l.catalog_id, l.house_id, c.group_id, l.closed_at,
         coalesce(l.end_at, c.event_date + make_interval(secs => (case when c.timed_type = 0 then 0 else coalesce(c.timed_value, 60) end) * (row_number() over (
           partition by l.catalog_id order by nullif(l.lot_number, '')::bigint nulls last, l.lot_ext nulls first, l.id) - 1))) as end_at
    from lot l join catalog c on c.id = l.catalog_id and c.house_id = l.house_id
   where c.sale_type = 'timed' and l.status <> 'd'
     and ${scope === 'catalog' ? 'l.catalog_id = ? and l.house_id = ?' : 'c.event_date <= ?'}`;
