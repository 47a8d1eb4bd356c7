import request from 'supertest';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { simpleParser, type ParsedMail } from 'mailparser';
import { formatPreviewMoney, PREVIEW_TEXT, type InvoicePreview } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { MailService } from '../../src/core/mail/mail.service';
import { SENDING_TEXT } from '../../src/modules/invoicing/sending/invoice-sending.controller';
import { InvoicePreviewService } from '../../src/modules/invoicing/preview/invoice-preview.service';
import { InvoiceSendJob } from '../../src/modules/invoicing/sending/invoice-send.job';
import { InvoiceSendingService } from '../../src/modules/invoicing/sending/invoice-sending.service';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { TestSmtpServer, type Received } from '../support/test-smtp-server';
import { sleep, waitFor } from '../support/wait-for';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { exec, post } from '../invoice-editing/support';
import { readPdfText } from '../../src/modules/invoicing/documents/pdf-text.testing';

type Row = Record<string, any>;

/**
 * `invoiceSend` and `invoiceSendConfirmation` (spec 000 sections 2, 3 and 7;
 * docs/decisions/invoice-sending.md) over HTTP, with real PostgreSQL, the in-process queue and a
 * real SMTP server: each invoice version is sent once, whoever asks and however often.
 */
describe('sending invoices (HTTP, real PostgreSQL, real SMTP)', () => {
  const smtp = new TestSmtpServer();
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;

  const TEMPLATE = {
    subject: 'Your invoice from House A',
    fromName: 'House A Accounts',
    replyTo: 'accounts@house-a.example',
    bcc: 'audit@house-a.example',
  };

  /** Bidder 0 (Ada, NY) lots 0-1, bidder 1 (Bob, no email, Ottawa) lot 2, bidder 2 (Chloe) lot 3. */
  const group = async (houseId = houses.a.id, title = 'Sending group'): Promise<FactoryGroup> => {
    const g = await createInvoicedGroup(t.em(), {
      houseId,
      title,
      sessions: [{ eventDate: '2026-10-16T23:00:00Z' }],
      bidders: [
        { firstName: 'Ada', lastName: 'Lovelace', platform: 'INV', paddle: 101, city: 'Albany', stateCode: 'NY', countryCode: 'US' },
        {
          firstName: 'Bob',
          lastName: 'Floorman',
          platform: 'Floor',
          paddle: 102,
          email: null,
          city: 'Ottawa',
          stateCode: null,
          province: 'ON',
          countryCode: 'CA',
        },
        { firstName: 'Chloe', lastName: 'Tremblay', platform: 'INV', companyName: 'Tremblay Ltd' },
      ],
      lots: [
        { bidder: 0, hammer: 125_000 },
        { bidder: 0, hammer: 10_000 },
        { bidder: 1, hammer: 20_000 },
        { bidder: 2, hammer: 40_000 },
      ],
    });
    await exec(t, `update invoice_template set subject = ?, from_name = ?, from_email = ?, bcc_email = ? where id = ?`, [
      TEMPLATE.subject,
      TEMPLATE.fromName,
      TEMPLATE.replyTo,
      TEMPLATE.bcc,
      g.templateId,
    ]);
    return g;
  };

  const path = (groupId: number, call: string, houseRef = houses.a.houseRef) => `/app/house/${houseRef}/invoiceGroup/${groupId}/${call}`;
  const send = (groupId: number, ids: unknown, s: SignedIn = a, houseRef?: string) => post(s, path(groupId, 'invoiceSend', houseRef), ids);
  const confirmation = (groupId: number, ids: unknown, s: SignedIn = a) => post(s, path(groupId, 'invoiceSendConfirmation'), ids);
  const byInvoice = async (groupId: number, ids: number[]) =>
    (await post(a, path(groupId, 'groupDetailInfoByInvoice'), ids).expect(200)).body.data.invoices as Row[];
  const sendRows = (invoiceId: number) =>
    exec(t, `select * from invoice_send where invoice_id = ? order by id`, [invoiceId]) as Promise<Row[]>;
  const finished = (jobId: string) =>
    waitFor(
      async () => (await a.agent.get(`/api/jobs/${jobId}`).expect(200)).body,
      (j) => j.status === 'completed' || j.status === 'failed',
      'the invoice-send job',
    );
  /** Waits until every invoice mail of these invoices has left the outbox (sent or failed). */
  const delivered = (invoiceIds: number[]) =>
    waitFor(
      () =>
        exec(
          t,
          `select m.* from invoice_send s join mail_outbox m on m.id = s.mail_id where s.invoice_id in (${invoiceIds.map(() => '?').join(', ')})`,
          invoiceIds,
        ),
      (rows: Row[]) => rows.length > 0 && rows.every((m) => m.status === 'sent' || m.status === 'failed'),
      'the invoice mails to be delivered',
    );
  const mailsTo = (address: string): Received[] => smtp.received.filter((m) => m.to.includes(address));
  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({
      redis: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Auctions <office@auctions.example>' },
    });
    houses = await seedTwoHouses(t.em());
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  it('records the sends before it answers (Sent status and date), then mails each invoice with its PDF; a bidder without email is not sent', async () => {
    const g = await group();
    const [ada, bob, chloe] = g.invoiceIds as number[];
    const res = await send(g.groupId, [ada, bob, String(chloe)]).expect(200);
    expect(res.body).toEqual({
      data: { success: 'true', jobId: expect.any(String), invoiceCount: 3, recorded: 2, alreadySent: 0, notSent: 1 },
    });

    // Read back through Group Details: statuses and dates are set when the call answers.
    const [read] = await Promise.all([byInvoice(g.groupId, [ada, bob, chloe])]);
    const byId = new Map(read.map((i) => [i.invoiceID as number, i]));
    const today = /^\d{2}\/\d{2}\/\d{4}$/;
    expect(byId.get(ada)).toMatchObject({
      invoiceStatus: 'Sent',
      invoiceSentDateString: expect.stringMatching(today),
      editedAfterSend: false,
    });
    expect(byId.get(chloe)).toMatchObject({ invoiceStatus: 'Sent', invoiceSentDateString: expect.stringMatching(today) });
    expect(byId.get(bob)).toMatchObject({ invoiceStatus: 'Not Sent', invoiceSentDateString: null, invoiceSentDate: null });
    const version = byId.get(ada)!.version as number;
    expect(version).toBe(1);

    const job = await finished(res.body.data.jobId);
    expect(job).toMatchObject({ status: 'completed', progress: { done: 2, total: 2 }, result: { queued: 2, skipped: 0 } });
    await delivered([ada, chloe]);

    // The mail: the template's subject, reply-to and bcc, the HTML and text, the PDF attached.
    const [adaSend] = await sendRows(ada);
    const snapshot = adaSend.snapshot as InvoicePreview;
    expect(adaSend).toMatchObject({ status: 'queued', version, mail_id: expect.any(Number), job_id: res.body.data.jobId, reason: null });
    expect(snapshot).toMatchObject({ invoiceID: ada, version, invoiceNumber: g.invoiceNumbers[0] });
    const [received, ...more] = mailsTo('bidder0@example.com');
    expect(more).toHaveLength(0);
    expect(received.to).toContain(TEMPLATE.bcc);
    expect(received.from).toBe('office@auctions.example');
    const mail: ParsedMail = await simpleParser(received.raw);
    expect(mail.subject).toBe(snapshot.email.subject);
    expect(mail.subject).toContain(TEMPLATE.subject);
    expect(mail.replyTo?.value[0].address).toBe(TEMPLATE.replyTo);
    expect(mail.from?.value[0]).toEqual({ address: 'office@auctions.example', name: TEMPLATE.fromName });
    expect(mail.html).toContain(String(snapshot.invoiceNumber));
    expect(mail.text).toContain(String(snapshot.invoiceNumber));
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf.filename).toBe(`Invoice-${snapshot.invoiceNumber}.pdf`);
    expect(pdf.contentType).toBe('application/pdf');
    const text = (await readPdfText(pdf.content)).pages.join('\n');
    expect(text).toContain(String(snapshot.invoiceNumber));
    expect(text).toContain(formatPreviewMoney(snapshot.totalDueCents, snapshot.currencySymbol));

    // The bidder without email: a not_sent row with the reason, no mail, nothing changed.
    expect(await sendRows(bob)).toEqual([expect.objectContaining({ status: 'not_sent', reason: PREVIEW_TEXT.noEmail, mail_id: null })]);
    const [bobInvoice] = await exec(t, `select sent_at, version from invoice where id = ?`, [bob]);
    expect(bobInvoice).toEqual({ sent_at: null, version: 1 });

    // The Sent page.
    const conf = await confirmation(g.groupId, [chloe, bob, ada]).expect(200);
    const list = conf.body.data.data.invoiceConfirmations as Row[];
    expect(list.map((c) => c.invoiceID)).toEqual([chloe, bob, ada]);
    expect(list[2]).toEqual({
      invoiceID: ada,
      invoiceNumber: g.invoiceNumbers[0],
      memberName: 'Ada Lovelace',
      companyName: null,
      companyID: null,
      location: 'Albany, NY, US',
      currencyCode: 'USD',
      outstandingBalance: g.totals[0]!.outstandingBalance / 100,
      outstandingBalanceCents: g.totals[0]!.outstandingBalance,
      invoiceStatus: 'Sent',
      delivery: 'sent',
      deliveryReason: null,
      sentDateString: expect.stringMatching(today),
    });
    expect(list[1]).toMatchObject({
      invoiceID: bob,
      memberName: 'Bob Floorman',
      companyID: 9,
      location: 'Ottawa, ON, CA',
      invoiceStatus: 'Not Sent',
      delivery: 'not_sent',
      deliveryReason: PREVIEW_TEXT.noEmail,
      sentDateString: null,
    });
    expect(list[0]).toMatchObject({ invoiceID: chloe, companyName: 'Tremblay Ltd', delivery: 'sent' });
    const totals = g.totals as NonNullable<(typeof g.totals)[number]>[];
    const sum = (f: (x: (typeof totals)[number]) => number) => totals.reduce((s, x) => s + f(x), 0);
    expect(conf.body.data.data.invoiceConfirmationTotal).toEqual({
      invoiceCount: 3,
      itemCount: 4,
      invoiceTotal: sum((x) => x.total) / 100,
      invoiceTotalCents: sum((x) => x.total),
      pendingCharges: sum((x) => x.outstandingBalance) / 100,
      pendingChargesCents: sum((x) => x.outstandingBalance),
    });
    // The same pending charges as Group Details shows for the whole group (these are all its invoices).
    const details = await a.agent.get(path(g.groupId, 'groupDetailInfo')).expect(200);
    expect(conf.body.data.data.invoiceConfirmationTotal.pendingCharges).toBe(details.body.data.totals.pendingCharges);
    // Not asked to send: not_requested.
    const other = await group(houses.a.id, 'Never sent');
    const idle = await confirmation(other.groupId, [other.invoiceIds[0]]).expect(200);
    expect(idle.body.data.data.invoiceConfirmations[0]).toMatchObject({
      delivery: 'not_requested',
      deliveryReason: null,
      invoiceStatus: 'Not Sent',
    });
  });

  it('two concurrent send calls queue exactly one mail per invoice (one run, the second call finds them sent)', async () => {
    const g = await group(houses.a.id, 'Double click');
    const ids = g.invoiceIds as number[];
    const [first, second] = await Promise.all([send(g.groupId, ids), send(g.groupId, ids)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answers = [first.body.data, second.body.data];
    expect(answers.map((d) => d.recorded).sort()).toEqual([0, 2]);
    expect(answers.map((d) => d.alreadySent).sort()).toEqual([0, 2]);
    expect(answers.every((d) => d.notSent === 1 && d.invoiceCount === 3)).toBe(true);
    expect(first.body.data.jobId).toBe(second.body.data.jobId);
    await finished(first.body.data.jobId);
    await delivered([ids[0], ids[2]]);
    // A third call, later: nothing new to send, no second mail.
    expect((await send(g.groupId, ids).expect(200)).body.data).toMatchObject({ recorded: 0, alreadySent: 2, notSent: 1 });
    await sleep(300);
    const mails = await exec(
      t,
      `select s.invoice_id, count(m.id)::int as mails from invoice_send s left join mail_outbox m on m.id = s.mail_id
        where s.invoice_id in (?, ?) group by s.invoice_id order by s.invoice_id`,
      [ids[0], ids[2]],
    );
    expect(mails).toEqual([
      { invoice_id: ids[0], mails: 1 },
      { invoice_id: ids[2], mails: 1 },
    ]);
    const numbers = [g.invoiceNumbers[0], g.invoiceNumbers[2]];
    for (const n of numbers) {
      const received = await Promise.all(smtp.received.map(async (m) => (await simpleParser(m.raw)).attachments.map((x) => x.filename)));
      expect(received.flat().filter((f) => f === `Invoice-${n}.pdf`)).toHaveLength(1);
    }
  });

  it('an edit after sending marks the invoice; sending again mails the new version and clears the mark', async () => {
    const g = await group(houses.a.id, 'Edited after send');
    const ada = g.invoiceIds[0]!;
    const firstRun = (await send(g.groupId, [ada]).expect(200)).body.data.jobId;
    await finished(firstRun);
    await delivered([ada]);
    // Hiding a lot changes the printed invoice: a new version, edited after sending.
    await post(a, path(g.groupId, 'groupDetailInfo'), {
      invoiceDetails: { invoiceID: ada, invoiceDetailID: g.lineIds[1], suppress: true },
    }).expect(200);
    const [edited] = await byInvoice(g.groupId, [ada]);
    expect(edited).toMatchObject({ editedAfterSend: true, version: 2, invoiceStatus: 'Sent' });

    const again = (await send(g.groupId, [ada]).expect(200)).body.data;
    expect(again).toMatchObject({ recorded: 1, alreadySent: 0, notSent: 0 });
    expect(again.jobId).not.toBe(firstRun);
    const [after] = await byInvoice(g.groupId, [ada]);
    // Sending does not make a new version, and the mark is cleared.
    expect(after).toMatchObject({ editedAfterSend: false, version: 2 });
    await finished(again.jobId);
    await delivered([ada]);
    const rows = await sendRows(ada);
    expect(rows.map((r) => [r.version, r.status])).toEqual([
      [1, 'queued'],
      [2, 'queued'],
    ]);
    expect((rows[1].snapshot as InvoicePreview).totalDueCents).toBe(edited.outStandingBalanceCents);
    const mails = await Promise.all(
      (
        await exec(
          t,
          `select m.subject, m.to_address, m.status from mail_outbox m join invoice_send s on s.mail_id = m.id where s.invoice_id = ?`,
          [ada],
        )
      ).map((m: Row) => m.status),
    );
    expect(mails).toEqual(['sent', 'sent']);
    // Version 2 again: already sent.
    expect((await send(g.groupId, [ada]).expect(200)).body.data).toMatchObject({ recorded: 0, alreadySent: 1 });
  });

  it('with the SMTP server down the mail waits (queued, with its error on the Sent page) and is delivered once when it is back', async () => {
    const g = await group(houses.a.id, 'SMTP down');
    const chloe = g.invoiceIds[2]!;
    await smtp.stop();
    try {
      const run = (await send(g.groupId, [chloe]).expect(200)).body.data.jobId;
      await finished(run);
      const [row] = await sendRows(chloe);
      const failed = await waitFor(
        () => exec(t, `select * from mail_outbox where id = ?`, [row.mail_id]),
        (r: Row[]) => r[0].attempts > 0 && r[0].status === 'queued',
        'a failed attempt',
      );
      expect(failed[0].last_error).toMatch(/ECONNREFUSED|connect/i);
      const conf = (await confirmation(g.groupId, [chloe]).expect(200)).body.data.data.invoiceConfirmations[0];
      expect(conf).toMatchObject({ delivery: 'queued', deliveryReason: failed[0].last_error, invoiceStatus: 'Sent' });
    } finally {
      await smtp.start();
    }
    const mail = t.app.get(MailService);
    // The outbox drains when the server is back (the minute task; here called with its clock moved on).
    await mail.drain(500, new Date(Date.now() + 10 * 60_000));
    await delivered([chloe]);
    await mail.drain(500, new Date(Date.now() + 10 * 60_000));
    const to = (
      await exec(t, `select to_address from mail_outbox m join invoice_send s on s.mail_id = m.id where s.invoice_id = ?`, [chloe])
    )[0].to_address as string;
    const pdfs = (await Promise.all(mailsTo(to).map((m) => simpleParser(m.raw)))).filter((m) =>
      m.attachments.some((x) => x.filename === `Invoice-${g.invoiceNumbers[2]}.pdf`),
    );
    expect(pdfs).toHaveLength(1);
    expect((await confirmation(g.groupId, [chloe]).expect(200)).body.data.data.invoiceConfirmations[0]).toMatchObject({ delivery: 'sent' });
  });

  it('a send row left recorded (a crash before its mail was queued) is mailed by the sweep, once', async () => {
    const g = await group(houses.a.id, 'Crashed run');
    const ada = g.invoiceIds[0]!;
    // What a crash between the send call's commit and its job leaves: a recorded row, no mail, no run.
    const orm = t.app.get(MikroORM);
    const [preview] = await RequestContext.create(orm.em, () => t.app.get(InvoicePreviewService).previews(houses.a.id, g.groupId, [ada]));
    await exec(
      t,
      `insert into invoice_send (house_id, group_id, invoice_id, version, status, snapshot, created_at)
       values (?, ?, ?, ?, 'recorded', ?::jsonb, now() - interval '10 minutes')`,
      [houses.a.id, g.groupId, ada, preview.version, JSON.stringify(preview)],
    );
    const sweep = t.app.get(InvoiceSendJob);
    expect(await sweep.sweep()).toBe(1);
    await waitFor(
      () => sendRows(ada),
      (rows) => rows[0].status === 'queued',
      'the recorded row to be queued',
    );
    await delivered([ada]);
    // Nothing left: the next sweep enqueues nothing.
    expect(await sweep.sweep()).toBe(0);
    const rows = await sendRows(ada);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'queued', mail_id: expect.any(Number), job_id: expect.any(String) });
  });

  it('an invoice that cannot be rendered does not hold back the others: they are queued, it stays recorded and the run fails', async () => {
    const g = await group(houses.a.id, 'Poison row');
    const [ada, , chloe] = g.invoiceIds as number[];
    const orm = t.app.get(MikroORM);
    const [good] = await RequestContext.create(orm.em, () => t.app.get(InvoicePreviewService).previews(houses.a.id, g.groupId, [chloe]));
    const insert = (invoiceId: number, snapshot: unknown) =>
      exec(
        t,
        `insert into invoice_send (house_id, group_id, invoice_id, version, status, snapshot) values (?, ?, ?, 1, 'recorded', ?::jsonb)`,
        [houses.a.id, g.groupId, invoiceId, JSON.stringify(snapshot)],
      );
    // The broken row first: it must not stop the one after it.
    await insert(ada, { invoiceID: ada, invoiceNumber: g.invoiceNumbers[0] });
    await insert(chloe, good);
    const service = t.app.get(InvoiceSendingService);
    const progress: [number, number][] = [];
    await expect(
      RequestContext.create(orm.em, () => service.queueRecordedMails(houses.a.id, g.groupId, async (d, n) => void progress.push([d, n]))),
    ).rejects.toThrow(/1 invoice mail\(s\) not queued; invoice \d+/);
    expect((await sendRows(chloe))[0]).toMatchObject({ status: 'queued', mail_id: expect.any(Number) });
    expect((await sendRows(ada))[0]).toMatchObject({ status: 'recorded', mail_id: null });
    expect(progress).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    await delivered([chloe]);
    // Tidy up: the broken row would otherwise be retried by every sweep of this shared database.
    await exec(t, `delete from invoice_send where invoice_id = ?`, [ada]);
  });

  it('records nothing from a preview of another version than the one locked (the send builds it again)', async () => {
    const g = await group(houses.a.id, 'Stale preview');
    const ada = g.invoiceIds[0]!;
    const orm = t.app.get(MikroORM);
    const service = t.app.get(InvoiceSendingService);
    const [preview] = await RequestContext.create(orm.em, () => t.app.get(InvoicePreviewService).previews(houses.a.id, g.groupId, [ada]));
    // An edit committed between the preview and the lock.
    await post(a, path(g.groupId, 'groupDetailInfo'), {
      invoiceDetails: { invoiceID: ada, invoiceDetailID: g.lineIds[1], suppress: true },
    }).expect(200);
    const record = (service as unknown as { record: (...args: unknown[]) => Promise<unknown> }).record.bind(service);
    const stale = await RequestContext.create(orm.em, () => record(houses.a.id, g.groupId, [ada], new Map([[ada, preview]])));
    expect(stale).toBeNull();
    expect(await sendRows(ada)).toEqual([]);
    expect((await exec(t, `select sent_at from invoice where id = ?`, [ada]))[0].sent_at).toBeNull();
    // Through the call, the preview is built again: the mail is of version 2, without the hidden lot.
    const res = (await send(g.groupId, [ada]).expect(200)).body.data;
    expect(res).toMatchObject({ recorded: 1 });
    const [row] = await sendRows(ada);
    expect(row.version).toBe(2);
    expect((row.snapshot as InvoicePreview).items.map((i) => i.invoiceDetailID)).not.toContain(g.lineIds[1]);
    await finished(res.jobId);
  });

  it('sending an invoice sends its additional charges (Sent {date}), not the hidden ones, and nothing of an invoice not sent', async () => {
    const g = await group(houses.a.id, 'Additional charges');
    const [ada, bob] = g.invoiceIds as number[];
    const charge = async (invoiceId: number, hidden: boolean) =>
      (
        await exec(
          t,
          `insert into invoice_additional_charge (house_id, invoice_id, shipping_cents, hidden) values (?, ?, 1500, ?) returning id`,
          [houses.a.id, invoiceId, hidden],
        )
      )[0].id as number;
    const shown = await charge(ada, false);
    const hidden = await charge(ada, true);
    const bobs = await charge(bob, false);
    const run = (await send(g.groupId, [ada, bob]).expect(200)).body.data.jobId;
    const sentAt = async (id: number) => (await exec(t, `select sent_at from invoice_additional_charge where id = ?`, [id]))[0].sent_at;
    expect(await sentAt(shown)).not.toBeNull();
    expect(await sentAt(hidden)).toBeNull();
    expect(await sentAt(bobs)).toBeNull();
    const [inv] = await byInvoice(g.groupId, [ada]);
    expect(inv.additionalPriceInfo).toMatchObject({ additionalChargeSentDateString: inv.invoiceSentDateString });
    await finished(run);
  });

  describe('refusals, permissions and tenancy', () => {
    it('refuses a body that is not a list of 1 to 5000 invoice ids (400, the one error shape) and changes nothing', async () => {
      const g = await group(houses.a.id, 'Bad bodies');
      for (const call of ['invoiceSend', 'invoiceSendConfirmation']) {
        const empty = await post(a, path(g.groupId, call), []).expect(400);
        expect(empty.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'The request is not valid.',
          errors: { invoiceIDs: SENDING_TEXT.noInvoices },
        });
        for (const body of [{}, { invoiceIDs: [1] }, [0], ['x'], [1.5], [null]]) {
          const res = await post(a, path(g.groupId, call), body);
          expect({ body, status: res.status, res: res.body }).toMatchObject({
            body,
            status: 400,
            res: { statusCode: 400, code: 'VALIDATION_FAILED', errors: { invoiceIDs: expect.any(String) } },
          });
        }
      }
      expect(await exec(t, `select id from invoice_send where group_id = ?`, [g.groupId])).toEqual([]);
    });

    it('needs accessInvoices (403) and a session (401)', async () => {
      const g = await group(houses.a.id, 'Permissions');
      const none = await signIn(t.server, 'house-a', 'none');
      for (const call of ['invoiceSend', 'invoiceSendConfirmation']) {
        const denied = await post(none, path(g.groupId, call), [g.invoiceIds[0]]).expect(403);
        expect(denied.body.message).toBe(PERMISSION_DENIED_TEXT);
        expect((await request(t.server).post(path(g.groupId, call)).send([g.invoiceIds[0]])).status).toBe(401);
      }
      const clerk = await signIn(t.server, 'house-a', 'accessInvoices');
      expect((await send(g.groupId, [g.invoiceIds[0]], clerk).expect(200)).body.data.recorded).toBe(1);
    });

    it("another house's group is 404; ids of other groups and houses are ignored (nothing of theirs sent)", async () => {
      const g = await group(houses.a.id, 'Tenancy A');
      const sibling = await group(houses.a.id, 'Tenancy sibling');
      const theirs = await group(houses.b.id, 'Tenancy B');
      const b = await signIn(t.server, 'house-b', 'owner');
      for (const ref of [houses.b.houseRef, houses.a.houseRef]) {
        const res = await send(g.groupId, [g.invoiceIds[0]], b, ref).expect(404);
        expect(JSON.stringify(res.body)).not.toContain('Lovelace');
        const conf = await post(b, path(g.groupId, 'invoiceSendConfirmation', ref), [g.invoiceIds[0]]).expect(404);
        expect(JSON.stringify(conf.body)).not.toContain('Lovelace');
      }
      expect((await send(987_654, [g.invoiceIds[0]]).expect(404)).body.code).toBe('INVOICE_GROUP_NOT_FOUND');
      // A's group with a sibling group's id and B's id: none of them is sent.
      const res = await send(g.groupId, [sibling.invoiceIds[0], theirs.invoiceIds[0]]).expect(200);
      expect(res.body.data).toMatchObject({ invoiceCount: 0, recorded: 0, alreadySent: 0, notSent: 0 });
      const conf = await confirmation(g.groupId, [sibling.invoiceIds[0], theirs.invoiceIds[0]]).expect(200);
      expect(conf.body.data.data).toEqual({
        invoiceConfirmations: [],
        invoiceConfirmationTotal: {
          invoiceCount: 0,
          itemCount: 0,
          invoiceTotal: 0,
          invoiceTotalCents: 0,
          pendingCharges: 0,
          pendingChargesCents: 0,
        },
      });
      await sleep(200);
      const touched = await exec(t, `select id, sent_at from invoice where id in (?, ?) and sent_at is not null`, [
        sibling.invoiceIds[0],
        theirs.invoiceIds[0],
      ]);
      expect(touched).toEqual([]);
      expect(
        await exec(t, `select id from invoice_send where invoice_id in (?, ?)`, [sibling.invoiceIds[0], theirs.invoiceIds[0]]),
      ).toEqual([]);
    });
  });
});
