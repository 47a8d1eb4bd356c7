/** One queue per domain job kind. Job names and payload types live beside their module's handlers. */
export const QUEUE_NAMES = ['mail', 'maintenance', 'invoicing', 'imports', 'payments', 'bidding', 'settlements'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
