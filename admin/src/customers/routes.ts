import { route } from '../routes/types';
import { feedbackMessagesElement } from './feedback/routes';

export const customerRoutes = [
  route('/your-customers', 'Your Customers', 'yourCustomers'),
  route('/customers/feedback/default', 'Default Feedback Messages', 'feedbackMessages', feedbackMessagesElement),
  route('/customers/viewDisputes', 'View Disputes', 'disputes'),
  route('/customers/confirmDisputeAction', 'Confirm Dispute Action', 'disputes'),
  route('/customers/dispute/:disputeRef', 'View Single Dispute', 'disputes'),
];
