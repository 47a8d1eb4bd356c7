import { catalogPrefix } from '../lots/sale-results/sale-results.rules';
import { SALE_RESULTS_TEXT } from '@ar/rules';
import { DomainError } from '../../core/errors/domain-error';
import { placeholders } from '../../core/validation/sql-text';
import type { Execute } from './report-sql';

/** A session a report covers, named as on the Sale Results screen (prefix A, B ... by date). */
export interface ReportSession {
  id: number;
  catalogRef: string;
  title: string;
  eventDate: Date;
  timeZone: string;
  currencyCode: string;
  auctionGroupId: number;
  prefix: string;
}

/**
 * The house's sessions named by `refs`, in date order: a ref not of the house answers 404 (as the
 * screen's call), sessions of several currencies 400 with the screen's message.
 */
export async function loadReportSessions(execute: Execute, houseId: number, refs: readonly string[]): Promise<ReportSession[]> {
  const rows = await execute(
    `select id, catalog_ref, title, event_date, time_zone, currency_code, group_id from catalog
      where house_id = ? and catalog_ref in (${placeholders(refs)})
      order by event_date asc, id asc`,
    [houseId, ...refs],
  );
  if (rows.length !== new Set(refs).size) throw DomainError.notFound('Session');
  if (new Set(rows.map((r) => r.currency_code)).size > 1) {
    throw DomainError.validation({ catalogRefs: SALE_RESULTS_TEXT.sameCurrency }, SALE_RESULTS_TEXT.sameCurrency);
  }
  return rows.map((r, i) => ({
    id: Number(r.id),
    catalogRef: r.catalog_ref as string,
    title: r.title as string,
    eventDate: new Date(r.event_date as string),
    timeZone: r.time_zone as string,
    currencyCode: r.currency_code as string,
    auctionGroupId: Number(r.group_id),
    prefix: catalogPrefix(i),
  }));
}
