import { CONTACT_ERROR_TEXT } from '../../src/modules/invoicing/editing/contact/contact.errors';
import { CONTACT_TEXT } from '../../src/modules/invoicing/editing/contact/contact.rules';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { bidder, group, invoiceRow, invoiceState, post, q } from './support';

type Json = Record<string, any>;

/** Contact (invoiceMessage), bulk contact and bulk add note over HTTP: the outbox, the audit trail, every refusal. */
describe('contacting bidders: invoiceMessage, bulkContact, bulkNote', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let customerOnly: SignedIn;
  let A: number;
  let ref: string;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    A = houses.a.id;
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    customerOnly = await signIn(t.server, 'house-a', 'accessCustomer');
  });
  afterAll(() => t?.close());

  const message = (body: unknown, s = owner) => post(s, ref, 'invoiceMessage', body);
  const outbox = () => q(t, `select * from mail_outbox where house_id = ? order by id`, [A]);
  const audits = (invoiceId: number) => q(t, 'select * from invoice_audit where invoice_id = ? order by id', [invoiceId]);
  const templateEmail = async (groupId: number) =>
    (await q(t, 'select t.from_email from invoice_group g join invoice_template t on t.id = g.template_id where g.id = ?', [groupId]))[0]
      .from_email as string;

  describe('POST invoiceMessage', () => {
    it("queues the message to the invoice's email with the template's reply-to, and records it on the invoice", async () => {
      const g = await group(t, A, [bidder('Contact', { email: 'ada@example.com' })], [{ bidder: 0, hammer: 10_000 }]);
      const id = g.invoiceIds[0]!;
      const before = await invoiceRow(t, id);
      const res = await message({
        subject: '  About your invoice ',
        message: ' Please call us.\nThanks ',
        houseUserRef: owner.user.userRef,
        bidderID: g.memberIds[0],
        invoiceID: id,
      }).expect(200);
      const mails = await outbox();
      expect(mails).toHaveLength(1);
      const mail = mails[0];
      expect(res.body).toEqual({
        data: {
          success: true,
          invoiceID: id,
          version: before.version + 1,
          mail: { id: mail.id, to: 'ada@example.com', subject: 'About your invoice', memberID: g.memberIds[0], invoiceIDs: [id] },
        },
      });
      expect(mail).toMatchObject({
        kind: 'invoice.contact',
        to_address: 'ada@example.com',
        subject: 'About your invoice',
        reply_to: await templateEmail(g.groupId),
        status: 'queued',
      });
      expect(mail.text_body).toBe(`Please call us.\nThanks\n\n--\nhouse-a Auctions\nInvoice #${g.invoiceNumbers[0]}\n`);
      const [audit] = await audits(id);
      expect(audit).toMatchObject({ action: 'contact', user_name: 'owner', line_id: null, before: {}, after: {} });
      // A message changes nothing on the invoice: no money, and a sent invoice is not "edited after sending".
      const after = await invoiceRow(t, id);
      expect({ ...after, version: 0, updated_at: null }).toEqual({ ...before, version: 0, updated_at: null });
      expect(after.edited_after_send).toBe(false);
    });

    it("without invoiceID writes to the bidder's latest invoice", async () => {
      const g = await group(t, A, [bidder('Latest', { email: 'latest@example.com' })], [{ bidder: 0, hammer: 10_000 }]);
      const res = await message({ subject: 'Hello', message: 'Hi', bidderID: g.memberIds[0] }).expect(200);
      expect(res.body.data).toMatchObject({ invoiceID: g.invoiceIds[0], mail: { to: 'latest@example.com' } });
    });

    it('refuses a missing subject or message (all fields at once) and sends nothing', async () => {
      const g = await group(t, A, [bidder('Empty')], [{ bidder: 0, hammer: 10_000 }]);
      const id = g.invoiceIds[0]!;
      const mailsBefore = (await outbox()).length;
      const before = await invoiceState(t, [id]);
      const res = await message({ subject: '   ', message: '', bidderID: g.memberIds[0], invoiceID: id }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: CONTACT_TEXT.subjectRequired,
        errors: { subject: CONTACT_TEXT.subjectRequired, message: CONTACT_TEXT.messageRequired },
      });
      expect((await message({ subject: 'S', message: 'M' }).expect(400)).body.errors).toEqual({ bidderID: CONTACT_TEXT.bidderID });
      expect((await message({ subject: 'S', message: 'M', bidderID: g.memberIds[0], cc: 'x' }).expect(400)).body.code).toBe(
        'UNKNOWN_FIELDS',
      );
      expect((await message({ subject: 's'.repeat(201), message: 'M', bidderID: g.memberIds[0] }).expect(400)).body.errors).toEqual({
        subject: CONTACT_TEXT.subjectTooLong,
      });
      expect((await outbox()).length).toBe(mailsBefore);
      expect(await invoiceState(t, [id])).toEqual(before);
    });

    it('accepts the version the caller saw like every invoice write: current passes, stale answers 409 and sends nothing', async () => {
      const g = await group(t, A, [bidder('Versioned', { email: 'v@example.com' })], [{ bidder: 0, hammer: 10_000 }]);
      const id = g.invoiceIds[0]!;
      const base = { subject: 'S', message: 'M', bidderID: g.memberIds[0], invoiceID: id };
      const { version } = await invoiceRow(t, id);
      const ok = await message({ ...base, version }).expect(200);
      expect(ok.body.data.version).toBe(version + 1);
      const mailsBefore = (await outbox()).length;
      const before = await invoiceState(t, [id]);
      expect((await message({ ...base, version }).expect(409)).body.code).toBe('STALE_VERSION');
      expect((await message({ ...base, version: 'x' }).expect(400)).body.errors).toEqual({
        version: 'Version must be a positive whole number.',
      });
      expect((await outbox()).length).toBe(mailsBefore);
      expect(await invoiceState(t, [id])).toEqual(before);
    });

    it('refuses a bidder without an email (409), an unknown bidder or an invoice of another bidder (404), another user as sender (403)', async () => {
      const g = await group(
        t,
        A,
        [bidder('NoEmail', { email: null }), bidder('Someone')],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 10_000 },
        ],
      );
      const ids = g.invoiceIds.map(Number);
      const mailsBefore = (await outbox()).length;
      const before = await invoiceState(t, ids);
      const base = { subject: 'S', message: 'M' };
      expect((await message({ ...base, bidderID: g.memberIds[0], invoiceID: ids[0] }).expect(409)).body).toMatchObject({
        code: 'NO_EMAIL',
        message: CONTACT_ERROR_TEXT.noEmail,
      });
      expect((await message({ ...base, bidderID: 99_999_999 }).expect(404)).body).toMatchObject({
        code: 'BIDDER_NOT_FOUND',
        message: 'Bidder not found.',
      });
      expect((await message({ ...base, bidderID: g.memberIds[1], invoiceID: ids[0] }).expect(404)).body).toMatchObject({
        code: 'INVOICE_NOT_FOUND',
        message: 'Invoice not found.',
      });
      expect((await message({ ...base, bidderID: g.memberIds[1], houseUserRef: 'U-someone-else' }).expect(403)).body).toMatchObject({
        code: 'HOUSE_USER_MISMATCH',
      });
      expect((await message({ ...base, bidderID: g.memberIds[1] }, customerOnly)).status).toBe(403);
      expect((await outbox()).length).toBe(mailsBefore);
      expect(await invoiceState(t, ids)).toEqual(before);
    });
  });

  describe('POST invoiceGroup/{id}/bulkContact', () => {
    it('sends one mail per bidder (naming all their invoices) and records every invoice', async () => {
      const g = await group(
        t,
        A,
        [
          bidder('Bulk1', { email: 'one@example.com' }),
          bidder('Bulk2', { email: 'two@example.com' }),
          bidder('Bulk3', { email: 'three@example.com' }),
        ],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 10_000 },
          { bidder: 2, hammer: 10_000 },
        ],
      );
      const ids = g.invoiceIds.map(Number);
      // The third invoice is the first bidder's too (a second registration in the group's sales).
      await q(t, 'update invoice set member_id = ?, email = ? where id = ?', [g.memberIds[0], 'one@example.com', ids[2]]);
      const mailsBefore = (await outbox()).length;
      const res = await post(owner, ref, `invoiceGroup/${g.groupId}/bulkContact`, {
        invoiceIDs: ids,
        subject: 'Pickup hours',
        message: 'Saturday 9-12.',
      }).expect(200);
      const mails = (await outbox()).slice(mailsBefore);
      expect(mails.map((m) => [m.to_address, m.subject, m.kind])).toEqual([
        ['one@example.com', 'Pickup hours', 'invoice.contact'],
        ['two@example.com', 'Pickup hours', 'invoice.contact'],
      ]);
      expect(mails[0].text_body).toContain(`Invoices #${g.invoiceNumbers[0]}, #${g.invoiceNumbers[2]}`);
      expect(res.body.data).toEqual({
        success: true,
        mails: [
          { id: mails[0].id, to: 'one@example.com', subject: 'Pickup hours', memberID: g.memberIds[0], invoiceIDs: [ids[0], ids[2]] },
          { id: mails[1].id, to: 'two@example.com', subject: 'Pickup hours', memberID: g.memberIds[1], invoiceIDs: [ids[1]] },
        ],
        invoices: ids.map((id) => ({ invoiceID: id, version: 2 })),
      });
      for (const id of ids) expect((await audits(id)).map((a) => a.action)).toEqual(['contact']);
    });

    it('is all or nothing: an invoice without email, or not of the group, refuses the whole selection', async () => {
      const g = await group(
        t,
        A,
        [bidder('Has', { email: 'has@example.com' }), bidder('HasNot', { email: null })],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 10_000 },
        ],
      );
      const other = await group(t, A, [bidder('Elsewhere')], [{ bidder: 0, hammer: 10_000 }]);
      const ids = g.invoiceIds.map(Number);
      const mailsBefore = (await outbox()).length;
      const before = await invoiceState(t, [...ids, other.invoiceIds[0]!]);
      const bulk = (groupId: number | string, body: object) => post(owner, ref, `invoiceGroup/${groupId}/bulkContact`, body);
      const text = { subject: 'S', message: 'M' };
      expect((await bulk(g.groupId, { invoiceIDs: ids, ...text }).expect(409)).body).toMatchObject({
        code: 'NO_EMAIL',
        message: CONTACT_ERROR_TEXT.noEmails([g.invoiceNumbers[1]!]),
        errors: { invoiceIDs: CONTACT_ERROR_TEXT.noEmails([g.invoiceNumbers[1]!]) },
      });
      expect((await bulk(g.groupId, { invoiceIDs: [ids[0], other.invoiceIds[0]], ...text }).expect(404)).body).toMatchObject({
        code: 'INVOICE_NOT_FOUND',
        message: CONTACT_ERROR_TEXT.notInGroup([other.invoiceIds[0]!]),
      });
      expect((await bulk(99_999_999, { invoiceIDs: [ids[0]], ...text }).expect(404)).body.code).toBe('INVOICE_GROUP_NOT_FOUND');
      expect((await bulk('x', { invoiceIDs: [ids[0]], ...text }).expect(404)).body.code).toBe('INVOICE_GROUP_NOT_FOUND');
      expect((await bulk(g.groupId, { invoiceIDs: [], subject: '', message: ' ' }).expect(400)).body.errors).toEqual({
        invoiceIDs: CONTACT_TEXT.invoiceIDs,
        subject: CONTACT_TEXT.subjectRequired,
        message: CONTACT_TEXT.messageRequired,
      });
      expect((await post(customerOnly, ref, `invoiceGroup/${g.groupId}/bulkContact`, { invoiceIDs: [ids[0]], ...text })).status).toBe(403);
      expect((await outbox()).length).toBe(mailsBefore);
      expect(await invoiceState(t, [...ids, other.invoiceIds[0]!])).toEqual(before);
    });
  });

  describe('POST invoiceGroup/{id}/bulkNote', () => {
    it('appends the note to each selected invoice once, audited as a note, never overwriting', async () => {
      const g = await group(
        t,
        A,
        [bidder('Note1'), bidder('Note2')],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 10_000 },
        ],
        { 0: { notes: 'Fragile' } },
      );
      const ids = g.invoiceIds.map(Number);
      const res = await post(owner, ref, `invoiceGroup/${g.groupId}/bulkNote`, { invoiceIDs: ids, notes: '  Paid at the counter ' }).expect(
        200,
      );
      expect(res.body.data).toEqual({
        success: true,
        invoices: [
          { invoiceID: ids[0], version: 2, notes: 'Fragile\n\nPaid at the counter', changed: true },
          { invoiceID: ids[1], version: 2, notes: 'Paid at the counter', changed: true },
        ],
      });
      const [audit] = await audits(ids[0]);
      expect(audit).toMatchObject({
        action: 'note',
        user_name: 'owner',
        before: { notes: 'Fragile' },
        after: { notes: 'Fragile\n\nPaid at the counter' },
      });
      // A repeated click adds nothing.
      const again = (
        await post(owner, ref, `invoiceGroup/${g.groupId}/bulkNote`, { invoiceIDs: ids, notes: 'Paid at the counter' }).expect(200)
      ).body.data;
      expect(again.invoices.map((i: Json) => [i.changed, i.version])).toEqual([
        [false, 2],
        [false, 2],
      ]);
      expect((await audits(ids[0])).length).toBe(1);
      // The group details show the note.
      const details = (await post(owner, ref, `invoiceGroup/${g.groupId}/groupDetailInfoByInvoice`, ids).expect(200)).body.data.invoices;
      expect(details.map((i: Json) => i.notes)).toEqual(['Fragile\n\nPaid at the counter', 'Paid at the counter']);
    });

    it('refuses an empty note, an empty selection, or an invoice of another group, and changes nothing', async () => {
      const g = await group(t, A, [bidder('NoteRefusal')], [{ bidder: 0, hammer: 10_000 }]);
      const other = await group(t, A, [bidder('NoteElsewhere')], [{ bidder: 0, hammer: 10_000 }]);
      const ids = [g.invoiceIds[0]!, other.invoiceIds[0]!];
      const before = await invoiceState(t, ids);
      const note = (body: object) => post(owner, ref, `invoiceGroup/${g.groupId}/bulkNote`, body);
      expect((await note({ invoiceIDs: [ids[0]], notes: '  ' }).expect(400)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { notes: CONTACT_TEXT.noteRequired },
      });
      expect((await note({ invoiceIDs: [], notes: 'x' }).expect(400)).body.errors).toEqual({ invoiceIDs: CONTACT_TEXT.invoiceIDs });
      expect((await note({ invoiceIDs: [ids[0]], notes: 'n'.repeat(2001) }).expect(400)).body.errors).toEqual({
        notes: CONTACT_TEXT.noteTooLong,
      });
      expect((await note({ invoiceIDs: ids, notes: 'x' }).expect(404)).body).toMatchObject({
        code: 'INVOICE_NOT_FOUND',
        message: CONTACT_ERROR_TEXT.notInGroup([ids[1]]),
      });
      // Appending must not grow a note past what a note may hold.
      await q(t, 'update invoice set notes = ? where id = ?', ['n'.repeat(1990), ids[0]]);
      const long = await invoiceState(t, ids);
      expect((await note({ invoiceIDs: [ids[0]], notes: 'A twelve-character note' }).expect(400)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { notes: CONTACT_TEXT.notesWouldBeTooLong([g.invoiceNumbers[0]!]) },
      });
      expect(await invoiceState(t, ids)).toEqual(long);
      await q(t, 'update invoice set notes = null where id = ?', [ids[0]]);
      expect((await post(customerOnly, ref, `invoiceGroup/${g.groupId}/bulkNote`, { invoiceIDs: [ids[0]], notes: 'x' })).status).toBe(403);
      expect(await invoiceState(t, ids)).toEqual(before);
    });
  });
});
