import request from 'supertest';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { MailService } from '../../src/core/mail/mail.service';
import { FILE_STORAGE, FileStorage } from '../../src/core/storage/file-storage';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * `/api/mail-outbox` (the admin's dev outbox): super users read their house's mail, its bodies and
 * its attachments (super users are staff of their own house: another house's mail is not found);
 * nobody else reads any. No SMTP here: the mail stays queued in the outbox.
 */
describe('GET /api/mail-outbox (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let sup: SignedIn;
  let owner: SignedIn;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 200, 255]), Buffer.from('\n%%EOF\n')]);
  let withFile = 0;
  let otherHouse = 0;
  let plain = 0;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    const mail = t.app.get(MailService);
    await t.app.get<FileStorage>(FILE_STORAGE).put('invoices/test/outbox-1.pdf', pdf, 'application/pdf');
    plain = await mail.queue({
      houseId: houses.a.id,
      kind: 'invoice.contact',
      to: 'ada@example.com',
      subject: 'A note',
      text: 'Plain text',
    });
    withFile = await mail.queue({
      houseId: houses.a.id,
      kind: 'invoice.send',
      to: 'ada@example.com',
      bcc: 'audit@example.com',
      replyTo: 'desk@house-a.example',
      subject: 'Your invoice 1001',
      text: 'Invoice 1001 text',
      html: '<p>Invoice <b>1001</b></p>',
      attachments: [{ filename: 'Invoice-1001.pdf', contentType: 'application/pdf', storageKey: 'invoices/test/outbox-1.pdf' }],
    });
    otherHouse = await mail.queue({
      houseId: houses.b.id,
      kind: 'invoice.send',
      to: 'bob@example.com',
      subject: 'House B invoice',
      text: 'B',
    });
    sup = await signIn(t.server, 'house-a', 'super');
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('lists the house’s mail newest first, with the total in Content-Range, filtered by kind and status', async () => {
    const all = await sup.agent.get('/api/mail-outbox').expect(200);
    expect(all.body.map((m: { id: number }) => m.id)).toEqual([withFile, plain]);
    expect(all.headers['content-range']).toBe('mail-outbox 0-1/2');
    expect(JSON.stringify(all.body)).not.toContain('House B');
    expect(all.body[0]).toMatchObject({
      id: withFile,
      houseId: houses.a.id,
      kind: 'invoice.send',
      status: 'queued',
      toAddress: 'ada@example.com',
      bcc: 'audit@example.com',
      replyTo: 'desk@house-a.example',
      subject: 'Your invoice 1001',
      attempts: 0,
      lastError: null,
      sentAt: null,
      attachmentCount: 1,
    });
    expect(all.body[0]).not.toHaveProperty('htmlBody');

    const kind = await sup.agent
      .get('/api/mail-outbox')
      .query({ filter: JSON.stringify({ kind: 'invoice.contact' }), range: '[0,0]' })
      .expect(200);
    expect(kind.body.map((m: { id: number }) => m.id)).toEqual([plain]);
    expect(kind.headers['content-range']).toBe('mail-outbox 0-0/1');
    const page2 = await sup.agent.get('/api/mail-outbox').query({ range: '[1,1]' }).expect(200);
    expect(page2.body.map((m: { id: number }) => m.id)).toEqual([plain]);
    expect(page2.headers['content-range']).toBe('mail-outbox 1-1/2');
    const oldest = await sup.agent.get('/api/mail-outbox').query({ sort: '["id","ASC"]', filter: '{"status":"queued"}' }).expect(200);
    expect(oldest.body.map((m: { id: number }) => m.id)).toEqual([plain, withFile]);
    const none = await sup.agent.get('/api/mail-outbox').query({ filter: '{"status":"sent"}' }).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('mail-outbox */0');
  });

  it('refuses unknown filters, statuses and sorts (400)', async () => {
    for (const query of [
      { filter: '{"houseId":1}' },
      { filter: '{"status":"lost"}' },
      { filter: '{"kind":5}' },
      { sort: '["subject","ASC"]' },
    ]) {
      const res = await sup.agent.get('/api/mail-outbox').query(query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'BAD_QUERY' });
    }
  });

  it('answers one message with its text and HTML bodies and its attachments, and each attachment’s bytes inline', async () => {
    const one = await sup.agent.get(`/api/mail-outbox/${withFile}`).expect(200);
    expect(one.body).toMatchObject({
      id: withFile,
      subject: 'Your invoice 1001',
      textBody: 'Invoice 1001 text',
      htmlBody: '<p>Invoice <b>1001</b></p>',
      messageId: expect.stringMatching(/^<.+@.+>$/),
      attachments: [{ index: 0, filename: 'Invoice-1001.pdf', contentType: 'application/pdf' }],
    });
    const file = await sup.agent
      .get(`/api/mail-outbox/${withFile}/attachments/0`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="Invoice-1001.pdf"');
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);

    for (const url of [
      `/api/mail-outbox/${withFile}/attachments/1`,
      `/api/mail-outbox/${withFile}/attachments/01`,
      `/api/mail-outbox/${withFile}/attachments/x`,
      `/api/mail-outbox/${plain}/attachments/0`,
      `/api/mail-outbox/${otherHouse}`,
      `/api/mail-outbox/${otherHouse}/attachments/0`,
      '/api/mail-outbox/987654',
      '/api/mail-outbox/abc',
    ]) {
      expect({ url, status: (await sup.agent.get(url)).status }).toEqual({ url, status: 404 });
    }
  });

  it('is for super users only: 403 for the owner with every flag, 401 signed out', async () => {
    for (const url of ['/api/mail-outbox', `/api/mail-outbox/${withFile}`, `/api/mail-outbox/${withFile}/attachments/0`]) {
      const denied = await owner.agent.get(url);
      expect({ url, status: denied.status, message: denied.body.message }).toEqual({ url, status: 403, message: PERMISSION_DENIED_TEXT });
      expect({ url, status: (await request(t.server).get(url)).status }).toEqual({ url, status: 401 });
    }
  });
});
