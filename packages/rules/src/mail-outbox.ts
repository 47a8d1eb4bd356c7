/** The dev outbox's records (`/api/mail-outbox`, super users): the server answers them, the admin lists them. */

/** A row of the dev outbox list. */
export interface OutboxListItem {
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
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
  attachmentCount: number;
}

/** One message of the dev outbox, with its bodies. */
export interface OutboxMessage extends OutboxListItem {
  textBody: string;
  htmlBody: string | null;
  messageId: string | null;
  providerMessageId: string | null;
  attachments: { index: number; filename: string; contentType: string }[];
}
