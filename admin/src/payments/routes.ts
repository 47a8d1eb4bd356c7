import { route } from '../routes/types';

// The payments page (sign-up promotion, or "Book Appointment" for /payments/switch).
export const paymentRoutes = [route('/payments', 'Payments', 'payments'), route('/payments/:action', 'Payments', 'payments')];
