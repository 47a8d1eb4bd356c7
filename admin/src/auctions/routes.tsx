import { lazy } from 'react';
import { broadcastElement } from '../broadcast/routes';
import { bulkBiddingElement } from '../bulk-bidding/routes';
import { route } from '../routes/types';

/** Its own chunk: the shell loads it only when the calendar is opened. */
const CalendarPage = lazy(() => import('./calendar/CalendarPage').then((m) => ({ default: m.CalendarPage })));
const SnapshotPage = lazy(() => import('./snapshots/SnapshotPage').then((m) => ({ default: m.SnapshotPage })));
const RealizedPricesPage = lazy(() => import('./realized-prices/RealizedPricesPage').then((m) => ({ default: m.RealizedPricesPage })));

export const auctionRoutes = [
  route('/my-auctions/snapshots', 'Catalog Snapshot', 'catalogSnapshot', <SnapshotPage />),
  // /my-auctions/{type}: current (Upcoming) or past; anything else is unknown.
  route('/my-auctions/:type', 'Auctions/Sales', 'auctions', <CalendarPage />),
  route('/bulk-bidding/:catalogRef', 'Bulk Bidding', 'bulkBidding', bulkBiddingElement),
  route('/broadcast/:eventId', 'Video Broadcast', 'broadcast', broadcastElement),
  route('/pricesrealized/:catalogID', 'Edit Realized Prices', 'realizedPrices', <RealizedPricesPage />),
];
