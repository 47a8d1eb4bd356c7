import { lazy } from 'react';
import { route } from '../routes/types';

// Lazy: its own chunk, never in the initial load.
const PaymentsPromoPage = lazy(() => import('./PaymentsPromoPage').then((m) => ({ default: m.PaymentsPromoPage })));

// The payments page (sign-up promotion, or "Book Appointment" for /payments/switch).
export const paymentRoutes = [
  route('/payments', 'Payments', 'payments', <PaymentsPromoPage />),
  route('/payments/:action', 'Payments', 'payments', <PaymentsPromoPage />),
];
