import { simpleParser } from 'mailparser';
import { FILE_STORAGE, FileStorage } from '../../src/core/storage/file-storage';
import { JobsService } from '../../src/core/queue/jobs.service';
import { MailService } from '../../src/core/mail/mail.service';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { TestSmtpServer } from '../support/test-smtp-server';
import { sleep, waitFor } from '../support/wait-for';

interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  /** The next attempt is at least 30 s away. */
  backed_off: boolean;
  provider_message_id: string | null;
}

describe('mail outbox delivered over SMTP (real SMTP server, real PostgreSQL)', () => {
  const smtp = new TestSmtpServer();
  let t: TestApp;
  let mail: MailService;
  let houses: TwoHouses;

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Auctions <office@auctions.example>' } });
    mail = t.app.get(MailService);
    houses = await seedTwoHouses(t.em());
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  const outbox = async (id: number): Promise<OutboxRow> =>
    (
      await t
        .em()
        .getConnection()
        .execute(`select *, next_attempt_at > now() + interval '30 seconds' as backed_off from mail_outbox where id = ?`, [id])
    )[0] as OutboxRow;
  // The job row is closed after the handler returns, a moment after the outbox row turns sent: wait for that.
  const finishedSendJobs = (id: number) =>
    waitFor(
      () =>
        t
          .em()
          .getConnection()
          .execute<{ status: string; result: unknown }[]>(
            `select status, result from job_run where queue = 'mail' and name = 'send' and payload->>'messageId' = ?`,
            [String(id)],
          ),
      (rows) => rows.length > 0 && rows.every((r) => r.status !== 'running'),
      'the send job to finish',
    );
  const newMail = (subject: string) => ({
    houseId: houses.a.id,
    kind: 'test.notice',
    to: 'buyer@example.com',
    subject,
    text: `Hello bidder, this is ${subject}.`,
  });

  it('queues a mail and a worker delivers it: the server received subject, recipient and body; the row is sent', async () => {
    expect(mail.smtpConfigured).toBe(true);
    const subject = 'Invoice 1001 is ready';
    const id = await mail.queue({ ...newMail(subject), replyTo: 'desk@auctions.example' });

    const row = await waitFor(
      () => outbox(id),
      // `sending` is the claimed state while the SMTP call runs.
      (r) => r.status !== 'queued' && r.status !== 'sending',
      'the mail to be sent',
    );
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: expect.any(String),
      provider_message_id: expect.stringMatching(/.+/),
    });

    const [received, ...others] = smtp.withSubject(subject);
    expect(others).toHaveLength(0);
    expect(received.to).toEqual(['buyer@example.com']);
    expect(received.from).toBe('office@auctions.example');
    expect(received.raw).toMatch(/^To: buyer@example\.com\r?$/m);
    expect(received.raw).toMatch(/^Reply-To: desk@auctions\.example\r?$/m);
    expect(received.raw).toContain(`Hello bidder, this is ${subject}.`);

    expect(await finishedSendJobs(id)).toEqual([{ status: 'completed', result: { outcome: 'sent' } }]);
  });

  it('delivers attachments read from FileStorage: the received mail carries the file name, type and exact bytes', async () => {
    const subject = 'Invoice with a PDF';
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 250, 251, 252, 255]), Buffer.from('\n%%EOF\n')]);
    const storageKey = `test/mail/${Date.now()}-invoice.pdf`;
    await t.app.get<FileStorage>(FILE_STORAGE).put(storageKey, bytes, 'application/pdf');
    const id = await mail.queue({
      ...newMail(subject),
      attachments: [{ filename: 'Invoice-1001.pdf', contentType: 'application/pdf', storageKey }],
    });

    await waitFor(
      () => outbox(id),
      (r) => r.status === 'sent' || r.status === 'failed',
      'the mail with its attachment to be sent',
    );
    const [received] = smtp.withSubject(subject);
    const parsed = await simpleParser(received.raw);
    expect(parsed.text?.trim()).toBe(`Hello bidder, this is ${subject}.`);
    expect(parsed.attachments).toHaveLength(1);
    const [att] = parsed.attachments;
    expect(att.filename).toBe('Invoice-1001.pdf');
    expect(att.contentType).toBe('application/pdf');
    expect(Buffer.compare(att.content, bytes)).toBe(0);
  });

  it('keeps the mail queued with its error while the server is down, and sends it once the server is back and the outbox drains', async () => {
    await smtp.stop();
    const subject = 'Payment received while down';
    const id = await mail.queue(newMail(subject));

    const failed = await waitFor(
      () => outbox(id),
      (r) => r.attempts > 0 && r.status !== 'sending',
      'a failed attempt',
    );
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Backed off: the next attempt is about a minute away, and a drain now leaves it alone.
    expect(failed.backed_off).toBe(true);
    expect(await mail.drain()).toEqual({ sent: 0, pending: 0 });
    expect(await outbox(id)).toMatchObject({ status: 'queued', attempts: 1 });

    await smtp.start();
    expect(await mail.drain(500, new Date(Date.now() + 5 * 60_000))).toEqual({ sent: 1, pending: 0 });
    expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.withSubject(subject)).toHaveLength(1);
  });

  it('never delivers one row twice when deliveries race for it (row claimed with SKIP LOCKED, only while queued)', async () => {
    const subject = 'Raced notice';
    // Written as MailService.queue writes it, without the delivery job, so only the racers below touch it.
    const [{ id }] = await t
      .em()
      .getConnection()
      .execute(
        `insert into mail_outbox (house_id, kind, from_address, to_address, subject, text_body, status, attempts, next_attempt_at, created_at)
       values (?, 'test.notice', 'office@auctions.example', 'buyer@example.com', ?, 'Raced body', 'queued', 0, now(), now()) returning id`,
        [houses.a.id, subject],
      );
    smtp.delayMs = 300;
    try {
      const [first, second, drained] = await Promise.all([mail.deliver(id), mail.deliver(id), mail.drain()]);
      expect([first, second].sort()).toEqual(['sent', 'skipped']);
      expect(drained.sent).toBe(0);
    } finally {
      smtp.delayMs = 0;
    }
    expect(await mail.deliver(id)).toBe('skipped');
    expect(smtp.withSubject(subject)).toHaveLength(1);
    expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('without SMTP_URL the mail stays queued and visible in the outbox, and is sent by the first instance that has SMTP', async () => {
    const noSmtp = await createTestApp({ database: t.db, redis: false });
    const subject = 'Waiting for SMTP';
    let id = 0;
    try {
      const offline = noSmtp.app.get(MailService);
      expect(offline.smtpConfigured).toBe(false);
      id = await offline.queue(newMail(subject));
      expect(await offline.deliver(id)).toBe('skipped');
      expect(await offline.drain()).toEqual({ sent: 0, pending: 0 });
      await sleep(300);

      expect(await outbox(id)).toMatchObject({ status: 'queued', attempts: 0, last_error: null, sent_at: null });
      const listed = await offline.list(houses.a.id, { status: 'queued' });
      expect(listed.map((m) => [m.id, m.subject, m.toAddress])).toContainEqual([id, subject, 'buyer@example.com']);
      expect(await offline.list(houses.b.id)).toEqual([]);
      const jobs = await t
        .em()
        .getConnection()
        .execute(`select id from job_run where queue = 'mail' and payload->>'messageId' = ?`, [String(id)]);
      expect(jobs).toEqual([]);
      expect(smtp.withSubject(subject)).toHaveLength(0);
    } finally {
      await noSmtp.close();
    }
    // Nothing lost: an instance with SMTP picks it up on its drain.
    const drained = await mail.drain();
    expect(drained.sent).toBeGreaterThanOrEqual(1);
    expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.withSubject(subject)).toHaveLength(1);
  });

  const insertRow = async (subject: string, extra = `'queued', null, null`) =>
    (
      await t
        .em()
        .getConnection()
        .execute(
          `insert into mail_outbox (house_id, kind, from_address, to_address, subject, text_body, status, message_id, lease_until, attempts, next_attempt_at, created_at)
           values (?, 'test.notice', 'office@auctions.example', 'buyer@example.com', ?, 'Body', ${extra}, 0, now(), now()) returning id`,
          [houses.a.id, subject],
        )
    )[0].id as number;
  const messageIdHeader = (raw: string) => /^Message-ID: (.+?)\r?$/im.exec(raw)?.[1];

  it('queued inside a transaction, the mail is sent as soon as the transaction commits, not by the next drain', async () => {
    const subject = 'Sent right after commit';
    let id = 0;
    await t.em().transactional(async () => {
      id = await mail.queue(newMail(subject));
      // Long enough for a delivery job enqueued before the commit to have run and found nothing.
      await sleep(700);
    });
    const row = await waitFor(
      () => outbox(id),
      (r) => r.status === 'sent',
      'the mail to be sent',
      10_000,
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await finishedSendJobs(id)).toEqual([{ status: 'completed', result: { outcome: 'sent' } }]);
    // Stored on the row and sent as the header.
    const [received] = smtp.withSubject(subject);
    expect(messageIdHeader(received.raw)).toBe((row as unknown as { message_id: string }).message_id);
    expect((row as unknown as { message_id: string }).message_id).toMatch(/^<[0-9a-f-]{36}@auctions\.example>$/);
  });

  it('a rolled-back transaction sends nothing', async () => {
    const subject = 'Rolled back notice';
    await expect(
      t.em().transactional(async () => {
        await mail.queue(newMail(subject));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await sleep(500);
    expect(smtp.withSubject(subject)).toHaveLength(0);
    expect(await t.em().getConnection().execute(`select id from mail_outbox where subject = ?`, [subject])).toEqual([]);
  });

  it('holds no transaction or row lock during the SMTP call: the row reads `sending` with a lease meanwhile', async () => {
    const subject = 'Slow server notice';
    const id = await insertRow(subject);
    smtp.delayMs = 1_500;
    try {
      const delivering = mail.deliver(id);
      const during = await waitFor(
        () => outbox(id),
        (r) => r.status === 'sending',
        'the claim',
      );
      expect(during).toMatchObject({ status: 'sending', attempts: 1 });
      // Another connection can lock the row at once: nobody holds it across the SMTP call.
      const locked = await t
        .em()
        .transactional(async (em) =>
          em.getConnection().execute(`select id from mail_outbox where id = ? for update nowait`, [id], 'all', em.getTransactionContext()),
        );
      expect(locked).toEqual([{ id }]);
      // A second worker does not take a row under a live lease.
      expect(await mail.deliver(id)).toBe('skipped');
      expect(await delivering).toBe('sent');
    } finally {
      smtp.delayMs = 0;
    }
    const after = (await outbox(id)) as unknown as OutboxRow & { lease_until: string | null };
    expect(after).toMatchObject({ status: 'sent', attempts: 1, lease_until: null });
    expect(smtp.withSubject(subject)).toHaveLength(1);
  });

  it('a row left `sending` by a crashed worker is resent once its lease ends, with the same Message-ID', async () => {
    const subject = 'Resent after a crash';
    const stored = '<crashed-1@auctions.example>';
    const expired = await insertRow(subject, `'sending', '${stored}', now() - interval '1 second'`);
    const live = await insertRow('Still being sent', `'sending', '<live-1@auctions.example>', now() + interval '1 minute'`);
    const drained = await mail.drain();
    expect(drained.sent).toBeGreaterThanOrEqual(1);
    expect(await outbox(expired)).toMatchObject({ status: 'sent', attempts: 1 });
    const [received] = smtp.withSubject(subject);
    expect(messageIdHeader(received.raw)).toBe(stored);
    expect(await outbox(live)).toMatchObject({ status: 'sending', attempts: 0 });
    expect(smtp.withSubject('Still being sent')).toHaveLength(0);
  });

  it('the drain job delivers what is due', async () => {
    const subject = 'Drained by the job';
    const [{ id }] = await t
      .em()
      .getConnection()
      .execute(
        `insert into mail_outbox (house_id, kind, from_address, to_address, subject, text_body, status, attempts, next_attempt_at, created_at)
       values (?, 'test.notice', 'office@auctions.example', 'buyer@example.com', ?, 'Due body', 'queued', 0, now(), now()) returning id`,
        [houses.a.id, subject],
      );
    const run = (await mail.enqueueDrain()) as { id: string };
    const done = await waitFor(
      () => t.app.get(JobsService).get(run.id),
      (v) => v.status !== 'queued' && v.status !== 'running',
      'the drain job',
    );
    expect(done).toMatchObject({ status: 'completed', result: { sent: 1, pending: 0 } });
    expect(await outbox(id)).toMatchObject({ status: 'sent' });
    expect(smtp.withSubject(subject)).toHaveLength(1);
  });
});
