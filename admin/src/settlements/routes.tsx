import { lazy } from 'react';
import { route } from '../routes/types';

// Lazy chunks: the shell loads them only when a settlement screen is opened.
const SettlementsListPage = lazy(() => import('./SettlementsListPage').then((m) => ({ default: m.SettlementsListPage })));
const AccountingExportPage = lazy(() => import('./accounting/AccountingExportPage').then((m) => ({ default: m.AccountingExportPage })));
const ConsignorsPage = lazy(() => import('./consignors/ConsignorsPage').then((m) => ({ default: m.ConsignorsPage })));
const CommissionPlansPage = lazy(() => import('./plans/CommissionPlansPage').then((m) => ({ default: m.CommissionPlansPage })));
const SettlementShowPage = lazy(() => import('./SettlementShowPage').then((m) => ({ default: m.SettlementShowPage })));

/** Consignor settlements (issue 17): settlement access, as the server's `/api/settlements`. */
export const settlementRoutes = [
  route('/settlements', 'Settlements', 'settlements', <SettlementsListPage />),
  // Accounting export: the same access (docs/accounting-export.md). A static path, ranked before :id.
  route('/settlements/accounting', 'Accounting Export', 'settlements', <AccountingExportPage />),
  route('/settlements/consignors', 'Consignors', 'settlements', <ConsignorsPage />),
  route('/settlements/plans', 'Commission Plans', 'settlements', <CommissionPlansPage />),
  route('/settlements/:id', 'Settlement', 'settlements', <SettlementShowPage />),
];
