import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../common/NotFoundPage';
import { PlaceholderPage } from '../common/PlaceholderPage';

// /my-auctions/{type}: type is current (Upcoming) or past; anything else is unknown.
const TITLES: Record<string, string> = {
  current: 'Auctions/Sales: Upcoming',
  past: 'Auctions/Sales: Past',
};

export function MyAuctionsPlaceholder() {
  const { type = '' } = useParams();
  const title = TITLES[type];
  return title ? <PlaceholderPage title={title} /> : <NotFoundPage />;
}
