/**
 * The report downloads of the Sale Results screen (spec 001 "Results and reports": maxBidReports,
 * sessionReports, bidderReports, pactsReports; docs/reports.md gives their columns). Names and
 * texts both the server and the admin use. eoaReports is its own slice.
 */

/** `sessions`: the screen's selection (`?catalogRefs=A,B`); `session`: one session (`?catalogRef=A`). */
export type ReportDownloadScope = 'sessions' | 'session';

export interface ReportDownloadDef {
  /** The call's path under /app/house/{houseRef}/. */
  path: 'maxBidReports' | 'sessionReports' | 'bidderReports' | 'pactsReports';
  /** The menu item, the file name and the sheet name. */
  title: string;
  scope: ReportDownloadScope;
}

export const REPORT_DOWNLOADS: readonly ReportDownloadDef[] = [
  { path: 'maxBidReports', title: 'Max Bids', scope: 'sessions' },
  { path: 'sessionReports', title: 'Session Summary', scope: 'sessions' },
  { path: 'bidderReports', title: 'Bidders', scope: 'session' },
  { path: 'pactsReports', title: 'Payments and Collections', scope: 'session' },
] as const;

export const REPORT_DOWNLOADS_TEXT = {
  menu: 'Reports',
  catalogRef: 'catalogRef must be one session ref.',
} as const;

/** The query of a report download: the selection as the call takes it. */
export function reportDownloadQuery(def: Pick<ReportDownloadDef, 'scope'>, catalogRefs: readonly string[]): string {
  return def.scope === 'sessions'
    ? `catalogRefs=${encodeURIComponent(catalogRefs.join(','))}`
    : `catalogRef=${encodeURIComponent(catalogRefs[0] ?? '')}`;
}
