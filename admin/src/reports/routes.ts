import { route } from '../routes/types';
import { sessionResultsElement, viewSessionResultsElement } from './sale-results/routes';
import { salesTaxReportsElement } from './sales-tax/routes';
import { openNewFileElement } from './disputes/routes';
import { eoaElement } from './eoa/routes';
import { analyticsElement } from './analytics/routes';
import { campaignReportingElement } from './campaigns/routes';
import { moneyReportsElement } from './money/routes';

export const reportRoutes = [
  route('/reports/sessionResults', 'Sales Results', 'salesResults', sessionResultsElement),
  route('/reports/sessionResults/viewSessionResults', 'Sale Results', 'salesResults', viewSessionResultsElement),
  route('/reports/eoa/:catalogRef', 'End of Auction', 'eoa', eoaElement),
  route('/reports/openDisputes', 'View Open Disputes', 'openDispute', openNewFileElement),
  route('/reports/salesTaxReports', 'Sales Tax Reports', 'salesTaxReports', salesTaxReportsElement),
  route('/campaign-reporting', 'Ad Campaign Reporting', 'campaignReporting', campaignReportingElement),
  // Spec: the analytics dashboard's route is not shown; ours.
  // Issue 17: the money reports (each tab by its own access, the page by either).
  route('/reports/money', 'Money Reports', 'moneyReports', moneyReportsElement),
  route('/reports/analytics', 'Analytics Dashboard', 'analytics', analyticsElement),
];
