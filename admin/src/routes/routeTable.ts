import { LEGACY_LINKS } from '@ar/rules';
import { auctionRoutes } from '../auctions/routes';
import { customerRoutes } from '../customers/routes';
import { devOutboxRoutes } from '../dev/outbox/routes';
import { invoiceRoutes } from '../invoices/routes';
import { paymentRoutes } from '../payments/routes';
import { reportRoutes } from '../reports/routes';
import { sessionRoutes } from '../sessions/routes';
import { settingsRoutes } from '../settings/routes';
import { settlementRoutes } from '../settlements/routes';
import type { AppRoute } from './types';

/** The spec's route table (001 "App shell", 000 section 2), inside the layout. */
export const ROUTES: AppRoute[] = [
  ...invoiceRoutes,
  ...settingsRoutes,
  ...reportRoutes,
  ...customerRoutes,
  ...auctionRoutes,
  ...sessionRoutes,
  ...paymentRoutes,
  ...settlementRoutes,
  ...devOutboxRoutes,
];

/** Legacy menu links and the paths they now live at (shared with the server's /ah/ redirects). */
export const LEGACY_REDIRECTS = LEGACY_LINKS;
