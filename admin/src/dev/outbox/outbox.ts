/** The dev outbox's shapes and small rules (`/api/mail-outbox`, super users). */
import type { Identifier } from 'react-admin';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

export interface OutboxMessage {
  id: number;
  houseId: number | null;
  kind: string;
  status: string;
  fromAddress: string;
  replyTo: string | null;
  toAddress: string;
  bcc: string | null;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  attachmentCount: number;
  textBody?: string;
  htmlBody?: string | null;
  attachments?: { index: number; filename: string; contentType: string }[];
}

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
