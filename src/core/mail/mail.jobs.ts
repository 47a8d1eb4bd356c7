import { defineJob } from '../queue/job-definition';

export interface SendMailPayload {
  messageId: number;
}

/** One attempt to deliver one outbox row; the drain task retries what is due. */
export const SEND_MAIL = defineJob<SendMailPayload>('mail', 'send', { maxAttempts: 1 });
export const DRAIN_OUTBOX = defineJob<Record<string, never>>('mail', 'drain', { maxAttempts: 1 });
