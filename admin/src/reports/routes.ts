import { route } from '../routes/types';

export const reportRoutes = [
  route('/reports/sessionResults', 'Sales Results', 'salesResults'),
  route('/reports/sessionResults/viewSessionResults', 'Sale Results', 'salesResults'),
  route('/reports/openDisputes', 'View Open Disputes', 'salesResults'),
  route('/reports/salesTaxReports', 'Sales Tax Reports', 'salesTaxReports'),
  route('/campaign-reporting', 'Ad Campaign Reporting', 'campaignReporting'),
];
