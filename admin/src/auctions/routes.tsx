import { route } from '../routes/types';
import { MyAuctionsPlaceholder } from './MyAuctionsPlaceholder';

export const auctionRoutes = [
  route('/my-auctions/snapshots', 'Catalog Snapshot', 'catalogSnapshot'),
  route('/my-auctions/:type', 'Auctions/Sales', 'auctions', <MyAuctionsPlaceholder />),
  route('/bulk-bidding/:catalogRef', 'Bulk Bidding', 'bulkBidding'),
  route('/broadcast/:eventId', 'Video Broadcast', 'broadcast'),
  route('/pricesrealized/:catalogID', 'Edit Realized Prices', 'realizedPrices'),
];
