import { randomUUID } from 'node:crypto';
import type { OutboxListItem, OutboxMessage } from '@ar/rules';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';
import { JobsService } from '../queue/jobs.service';
import { FILE_STORAGE, FileStorage } from '../storage/file-storage';
import { MailAttachment, MailMessage } from './mail-message.entity';
import { DRAIN_OUTBOX, SEND_MAIL } from './mail.jobs';
import { MAIL_TRANSPORT, MailTransport } from './mail-transport';

export interface NewMail {
  houseId?: number | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  replyTo?: string;
  bcc?: string;
  /** Files already in FileStorage; the worker reads them at each delivery attempt. */
  attachments?: MailAttachment[];
}

const MAX_ATTEMPTS = 10;
/** Longer than the worst SMTP attempt (10 s connect + 10 s greeting + 30 s socket). */
const LEASE_SECONDS = 120;

interface ClaimedMail {
  id: number;
  from_address: string;
  to_address: string;
  reply_to: string | null;
  bcc: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
  message_id: string;
  attachments: MailAttachment[] | null;
}

/** The part of a Knex transaction used here: nested ones point to their parent; the outermost settles on commit. */
interface KnexTransaction {
  parentTransaction?: KnexTransaction;
  executionPromise?: Promise<unknown>;
}

function outermost(trx: KnexTransaction | undefined): KnexTransaction | undefined {
  let t = trx;
  while (t?.parentTransaction) t = t.parentTransaction;
  return t;
}

/** RFC 5322 Message-ID on the sender's domain. */
export function newMessageId(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${randomUUID()}@${domain}>`;
}
/** 1, 2, 4 ... minutes, at most an hour, between delivery attempts. */
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
  ) {}

  /**
   * The transport's connections go with the app: a pooled SMTP_URL (`?pool=true`) keeps idle ones
   * open. A delivery cut short by it is leased and retried by the outbox like any failed attempt.
   */
  onApplicationShutdown(): void {
    this.transport?.close();
  }

  private get conn() {
    return (this.orm.em as EntityManager).getConnection();
  }

  get smtpConfigured(): boolean {
    return this.transport !== null;
  }

  /** Writes the mail to the outbox and asks a worker to deliver it once the row is committed. */
  async queue(mail: NewMail): Promise<number> {
    // Inside a caller's transaction the row commits (or rolls back) with the caller's change: the
    // outbox pattern. The delivery job is enqueued only after that commit, or it would find nothing.
    const ctxEm = (this.orm.em as EntityManager).getContext(false);
    const trx = ctxEm.getTransactionContext<KnexTransaction>();
    const rows = await ctxEm.getConnection().execute(
      `insert into mail_outbox (house_id, kind, from_address, reply_to, to_address, bcc, subject, text_body, html_body, status, attempts, next_attempt_at, created_at, message_id, attachments)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0, now(), now(), ?, ?::jsonb) returning id`,
      [
        mail.houseId ?? null,
        mail.kind,
        mail.from ?? this.config.mailFrom,
        mail.replyTo ?? null,
        mail.to,
        mail.bcc ?? null,
        mail.subject.slice(0, 300),
        mail.text,
        mail.html ?? null,
        newMessageId(mail.from ?? this.config.mailFrom),
        JSON.stringify(mail.attachments ?? []),
      ],
      'all',
      trx,
    );
    const id = rows[0].id as number;
    if (!this.transport) return id;
    const enqueue = () => this.jobs.enqueue(SEND_MAIL, { messageId: id }, { houseId: mail.houseId });
    const committed = outermost(trx)?.executionPromise;
    if (!committed) {
      await enqueue();
      return id;
    }
    // Rolled back: nothing to send. A failed enqueue is not lost either: the minute drain sends the row.
    void committed.then(
      () => enqueue().catch((e: unknown) => this.logger.warn(`mail ${id}: enqueue after commit failed: ${String(e)}`)),
      () => undefined,
    );
    return id;
  }

  /**
   * One delivery attempt, safe to run twice and on several instances. Claim (one short statement:
   * `sending` with a lease), send outside any transaction, then record. A worker that dies while
   * sending leaves the lease to run out; the next attempt resends with the same Message-ID.
   */
  async deliver(messageId: number): Promise<'sent' | 'retry' | 'failed' | 'skipped'> {
    if (!this.transport) return 'skipped';
    const m = await this.claim(messageId);
    if (!m) return 'skipped';
    try {
      const attachments = await this.readAttachments(m.attachments ?? []);
      const info = await this.transport.send({
        from: m.from_address,
        to: m.to_address,
        replyTo: m.reply_to ?? undefined,
        bcc: m.bcc ?? undefined,
        subject: m.subject,
        text: m.text_body,
        html: m.html_body ?? undefined,
        messageId: m.message_id,
        ...(attachments.length ? { attachments } : {}),
      });
      await this.conn.execute(
        `update mail_outbox set status = 'sent', sent_at = now(), lease_until = null, last_error = null, provider_message_id = ?
          where id = ? and status = 'sending'`,
        [info.messageId.slice(0, 300), messageId],
        'run',
      );
      return 'sent';
    } catch (e) {
      const final = m.attempts >= MAX_ATTEMPTS;
      this.logger.warn(`mail ${messageId} attempt ${m.attempts} failed: ${e instanceof Error ? e.message : String(e)}`);
      await this.conn.execute(
        `update mail_outbox set status = ?, lease_until = null, last_error = ?, next_attempt_at = ? where id = ? and status = 'sending'`,
        [final ? 'failed' : 'queued', e instanceof Error ? e.message : String(e), new Date(Date.now() + backoffMs(m.attempts)), messageId],
        'run',
      );
      return final ? 'failed' : 'retry';
    }
  }

  /** Takes the row for one attempt, or null when it is sent, failed, or another worker holds a live lease. */
  private async claim(id: number): Promise<ClaimedMail | null> {
    const rows: ClaimedMail[] = await this.conn.execute(
      `update mail_outbox set status = 'sending', attempts = attempts + 1,
              lease_until = now() + make_interval(secs => ?), message_id = coalesce(message_id, ?)
        where id = ? and (status = 'queued' or (status = 'sending' and lease_until < now()))
        returning id, from_address, to_address, reply_to, bcc, subject, text_body, html_body, attempts, message_id, attachments`,
      [LEASE_SECONDS, newMessageId(this.config.mailFrom), id],
    );
    return rows[0] ?? null;
  }

  /** The attachments' bytes, read from FileStorage (a missing file fails the attempt: it is retried, then failed). */
  private async readAttachments(list: readonly MailAttachment[]): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
    const out: { filename: string; contentType: string; content: Buffer }[] = [];
    for (const a of list) {
      const content = await this.readFile(a.storageKey);
      if (!content) throw new Error(`Attachment ${a.filename} is missing from storage (${a.storageKey}).`);
      out.push({ filename: a.filename, contentType: a.contentType, content });
    }
    return out;
  }

  /** A stored file's bytes, or null when it is gone. */
  async readFile(key: string): Promise<Buffer | null> {
    const file = await this.files.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    return Buffer.concat(chunks);
  }

  /** Delivers every due row, and rows whose sender died mid-send (the periodic drain, and after SMTP comes back). */
  async drain(limit = 500, now = new Date()): Promise<{ sent: number; pending: number }> {
    if (!this.transport) return { sent: 0, pending: 0 };
    const due: { id: number }[] = await this.conn.execute(
      `select id from mail_outbox
        where (status = 'queued' and next_attempt_at <= ?) or (status = 'sending' and lease_until < now())
        order by id limit ?`,
      [now, limit],
    );
    let sent = 0;
    for (const { id } of due) if ((await this.deliver(id)) === 'sent') sent++;
    return { sent, pending: due.length - sent };
  }

  enqueueDrain(): Promise<unknown> {
    return this.jobs.enqueue(DRAIN_OUTBOX, {});
  }

  /** The dev outbox (super users): the house's mail, newest first, filtered by status and kind. */
  async page(
    houseId: number,
    q: { status?: string; kind?: string; offset: number; limit: number; order: 'ASC' | 'DESC' },
  ): Promise<{
    rows: OutboxListItem[];
    total: number;
  }> {
    const where: string[] = ['house_id = ?'];
    const params: unknown[] = [houseId];
    for (const [column, value] of [
      ['status', q.status],
      ['kind', q.kind],
    ] as const) {
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      params.push(value);
    }
    const clause = `where ${where.join(' and ')}`;
    const rows: Record<string, unknown>[] = await this.conn.execute(
      `select ${OUTBOX_LIST_COLUMNS}, count(*) over () as matching from mail_outbox ${clause} order by id ${q.order} limit ? offset ?`,
      [...params, q.limit, q.offset],
    );
    let total = rows.length ? Number(rows[0].matching) : 0;
    if (!rows.length && q.offset > 0)
      total = Number((await this.conn.execute(`select count(*) as n from mail_outbox ${clause}`, params))[0].n);
    return { rows: rows.map(outboxListItem), total };
  }

  /** One outbox message of the house with its bodies and its attachments' names (null: none of the house's). */
  async message(houseId: number, id: number): Promise<OutboxMessage | null> {
    const rows: Record<string, unknown>[] = await this.conn.execute(
      `select ${OUTBOX_LIST_COLUMNS}, text_body, html_body, message_id, provider_message_id from mail_outbox where id = ? and house_id = ?`,
      [id, houseId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      ...outboxListItem(r),
      textBody: r.text_body as string,
      htmlBody: (r.html_body as string | null) ?? null,
      messageId: (r.message_id as string | null) ?? null,
      providerMessageId: (r.provider_message_id as string | null) ?? null,
      attachments: ((r.attachments as MailAttachment[] | null) ?? []).map((a, index) => ({
        index,
        filename: a.filename,
        contentType: a.contentType,
      })),
    };
  }

  /** The bytes of an attachment of a message of the house (null: no such message, attachment or file). */
  async attachment(houseId: number, id: number, index: number): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
    const rows: { attachments: MailAttachment[] | null }[] = await this.conn.execute(
      `select attachments from mail_outbox where id = ? and house_id = ?`,
      [id, houseId],
    );
    const a = rows[0]?.attachments?.[index];
    if (!a) return null;
    const content = await this.readFile(a.storageKey);
    return content ? { filename: a.filename, contentType: a.contentType, content } : null;
  }

  list(houseId: number, opts: { status?: string; limit?: number; offset?: number } = {}): Promise<MailMessage[]> {
    return (this.orm.em as EntityManager)
      .fork()
      .find(
        MailMessage,
        { houseId, ...(opts.status ? { status: opts.status as MailMessage['status'] } : {}) },
        { orderBy: { id: 'desc' }, limit: opts.limit ?? 50, offset: opts.offset ?? 0 },
      );
  }
}

const OUTBOX_LIST_COLUMNS = `id, house_id, kind, status, from_address, reply_to, to_address, bcc, subject, attempts, last_error,
  next_attempt_at, sent_at, created_at, attachments`;

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());

function outboxListItem(r: Record<string, unknown>): OutboxListItem {
  return {
    id: r.id as number,
    houseId: (r.house_id as number | null) ?? null,
    kind: r.kind as string,
    status: r.status as string,
    fromAddress: r.from_address as string,
    replyTo: (r.reply_to as string | null) ?? null,
    toAddress: r.to_address as string,
    bcc: (r.bcc as string | null) ?? null,
    subject: r.subject as string,
    attempts: r.attempts as number,
    lastError: (r.last_error as string | null) ?? null,
    nextAttemptAt: iso(r.next_attempt_at) as string,
    sentAt: iso(r.sent_at),
    createdAt: iso(r.created_at) as string,
    attachmentCount: ((r.attachments as unknown[] | null) ?? []).length,
  };
}
