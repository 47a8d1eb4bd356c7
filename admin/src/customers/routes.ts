import { route } from '../routes/types';
import { YOUR_CUSTOMERS_REDIRECT } from '@ar/rules';
import { feedbackMessagesElement } from './feedback/routes';
import { yourCustomersElement } from './your-customers/routes';
import { noBidListElement } from './no-bid-list/routes';
import { confirmDisputeActionElement, disputeElement, viewDisputesElement } from './disputes/routes';

export const customerRoutes = [
  // Spec: a house of another connect type (or a user without accessCustomer) is sent to /?p=1.
  { ...route('/your-customers', 'Your Customers', 'yourCustomers', yourCustomersElement), deniedRedirect: YOUR_CUSTOMERS_REDIRECT },
  route('/customers/feedback/default', 'Default Feedback Messages', 'feedbackMessages', feedbackMessagesElement),
  // Spec: without customer access, a redirect to the house site root.
  { ...route('/customers/viewDisputes', 'View Disputes', 'disputes', viewDisputesElement), deniedRedirect: YOUR_CUSTOMERS_REDIRECT },
  {
    ...route('/customers/confirmDisputeAction', 'Confirm Dispute Action', 'disputes', confirmDisputeActionElement),
    deniedRedirect: YOUR_CUSTOMERS_REDIRECT,
  },
  {
    ...route('/customers/dispute/:disputeRef', 'View Single Dispute', 'disputes', disputeElement),
    deniedRedirect: YOUR_CUSTOMERS_REDIRECT,
  },
  // Ours (the spec lists the page, not its route): docs/decisions/no-bid-list.md.
  { ...route('/customers/noBidList', 'No Bid List', 'noBidList', noBidListElement), deniedRedirect: YOUR_CUSTOMERS_REDIRECT },
];
