/** The dev outbox's shapes and small rules (`/api/mail-outbox`, super users). */
import type { OutboxListItem, OutboxMessage } from '@ar/rules';
import type { Identifier } from 'react-admin';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** A record of the outbox resource: the list's rows, and one message with its bodies. */
export type OutboxRecord = OutboxListItem & Partial<Pick<OutboxMessage, 'textBody' | 'htmlBody' | 'attachments'>>;

/** The admin path of one message. */
export const outboxPath = (id: Identifier) => `/dev/outbox/${encodeURIComponent(String(id))}`;

/** Where an attachment's bytes are (opened in a new tab; the session cookie goes with it). */
export const attachmentUrl = (id: Identifier, index: number) =>
  `/api/mail-outbox/${encodeURIComponent(String(id))}/attachments/${encodeURIComponent(String(index))}`;

/** The status chip's tone: sent and failed stand out, waiting ones stay plain (info's blue text fails AA contrast). */
export function statusTone(status: string): 'success' | 'error' | 'neutral' {
  if (status === 'sent') return 'success';
  if (status === 'failed') return 'error';
  return 'neutral';
}
