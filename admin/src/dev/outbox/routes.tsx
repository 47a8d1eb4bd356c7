import { lazy } from 'react';
import { route } from '../../routes/types';

// Lazy chunks: only super users ever open them.
const OutboxListPage = lazy(() => import('./OutboxPages').then((m) => ({ default: m.OutboxListPage })));
const OutboxShowPage = lazy(() => import('./OutboxPages').then((m) => ({ default: m.OutboxShowPage })));

/** The dev outbox (super users): the house's mail as the product wrote it, read without SMTP. */
export const devOutboxRoutes = [
  route('/dev/outbox', 'Outbox', 'devOutbox', <OutboxListPage />),
  route('/dev/outbox/:id', 'Outbox message', 'devOutbox', <OutboxShowPage />),
];
