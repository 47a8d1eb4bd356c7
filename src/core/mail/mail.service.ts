import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';
import { JobsService } from '../queue/jobs.service';
import { MailMessage } from './mail-message.entity';
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
}

const MAX_ATTEMPTS = 10;
/** 1, 2, 4 ... minutes, at most an hour, between delivery attempts. */
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
  ) {}

  private get conn() {
    return (this.orm.em as EntityManager).getConnection();
  }

  get smtpConfigured(): boolean {
    return this.transport !== null;
  }

  /** Writes the mail to the outbox and asks a worker to deliver it. */
  async queue(mail: NewMail): Promise<number> {
    // Inside a caller's transaction the row commits (or rolls back) with the caller's change: the
    // outbox pattern. A delivery attempt that runs before the commit finds nothing and the minute
    // drain sends it.
    const ctxEm = (this.orm.em as EntityManager).getContext(false);
    const rows = await ctxEm.getConnection().execute(
      `insert into mail_outbox (house_id, kind, from_address, reply_to, to_address, bcc, subject, text_body, html_body, status, attempts, next_attempt_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0, now(), now()) returning id`,
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
      ],
      'all',
      ctxEm.getTransactionContext(),
    );
    const id = rows[0].id as number;
    if (this.transport) await this.jobs.enqueue(SEND_MAIL, { messageId: id }, { houseId: mail.houseId });
    return id;
  }

  /** One delivery attempt. Safe to run twice: a row is claimed with SKIP LOCKED and only while queued. */
  async deliver(messageId: number): Promise<'sent' | 'retry' | 'failed' | 'skipped'> {
    if (!this.transport) return 'skipped';
    return (this.orm.em as EntityManager).transactional(async (em) => {
      const conn = em.getConnection();
      const ctx = em.getTransactionContext();
      const rows = await conn.execute(
        `select * from mail_outbox where id = ? and status = 'queued' for update skip locked`,
        [messageId],
        'all',
        ctx,
      );
      const m = rows[0];
      if (!m) return 'skipped';
      try {
        const info = await this.transport!.send({
          from: m.from_address,
          to: m.to_address,
          replyTo: m.reply_to ?? undefined,
          bcc: m.bcc ?? undefined,
          subject: m.subject,
          text: m.text_body,
          html: m.html_body ?? undefined,
        });
        await conn.execute(
          `update mail_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null, provider_message_id = ? where id = ?`,
          [info.messageId.slice(0, 300), messageId],
          'run',
          ctx,
        );
        return 'sent';
      } catch (e) {
        const attempts = (m.attempts as number) + 1;
        const final = attempts >= MAX_ATTEMPTS;
        this.logger.warn(`mail ${messageId} attempt ${attempts} failed: ${e instanceof Error ? e.message : e}`);
        await conn.execute(
          `update mail_outbox set attempts = ?, last_error = ?, status = ?, next_attempt_at = ? where id = ?`,
          [
            attempts,
            e instanceof Error ? e.message : String(e),
            final ? 'failed' : 'queued',
            new Date(Date.now() + backoffMs(attempts)),
            messageId,
          ],
          'run',
          ctx,
        );
        return final ? 'failed' : 'retry';
      }
    });
  }

  /** Delivers every due row (the periodic drain, and after SMTP comes back). */
  async drain(limit = 500, now = new Date()): Promise<{ sent: number; pending: number }> {
    if (!this.transport) return { sent: 0, pending: 0 };
    const due: { id: number }[] = await this.conn.execute(
      `select id from mail_outbox where status = 'queued' and next_attempt_at <= ? order by id limit ?`,
      [now, limit],
    );
    let sent = 0;
    for (const { id } of due) if ((await this.deliver(id)) === 'sent') sent++;
    return { sent, pending: due.length - sent };
  }

  enqueueDrain(): Promise<unknown> {
    return this.jobs.enqueue(DRAIN_OUTBOX, {});
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
