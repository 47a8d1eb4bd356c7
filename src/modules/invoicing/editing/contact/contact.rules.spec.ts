import { NOTE_MAX } from '../group-detail-edits/notes.rules';
import {
  appendNote,
  CONTACT_TEXT,
  contactMailText,
  MAX_BULK_INVOICES,
  MESSAGE_MAX,
  noteTooLong,
  notesTooLong,
  parseBulkContact,
  parseBulkNote,
  parseContact,
  SUBJECT_MAX,
} from './contact.rules';
import { refusal } from '../../../../../test/support/refusal';

describe('contact a bidder (invoiceMessage)', () => {
  it('reads subject, message, bidder, invoice and house user, trimmed', () => {
    expect(
      parseContact({
        subject: '  Your invoice ',
        message: '\n Hello,\r\nplease pay.  ',
        bidderID: 7,
        invoiceID: '12',
        houseUserRef: ' U1 ',
      }),
    ).toEqual({
      subject: 'Your invoice',
      message: 'Hello,\nplease pay.',
      bidderId: 7,
      invoiceId: 12,
      houseUserRef: 'U1',
      version: null,
    });
    expect(parseContact({ subject: 'S', message: 'M', bidderID: '7' })).toEqual({
      subject: 'S',
      message: 'M',
      bidderId: 7,
      invoiceId: null,
      houseUserRef: null,
      version: null,
    });
  });

  it('reads the version the caller saw, like every invoice write (docs/api.md)', () => {
    expect(parseContact({ subject: 'S', message: 'M', bidderID: 7, version: 3 }).version).toBe(3);
    expect(parseContact({ subject: 'S', message: 'M', bidderID: 7, version: '4' }).version).toBe(4);
    for (const bad of [0, -1, 1.5, 'x', true]) {
      expect(refusal(() => parseContact({ subject: 'S', message: 'M', bidderID: 7, version: bad })).fieldErrors).toEqual({
        version: 'Version must be a positive whole number.',
      });
    }
  });

  it('needs a subject and a message (blank after trimming is empty)', () => {
    const e = refusal(() => parseContact({ subject: '   ', message: '\n\t', bidderID: 7 }));
    expect(e).toMatchObject({ kind: 'validation', code: 'VALIDATION_FAILED', message: CONTACT_TEXT.subjectRequired });
    expect(e.fieldErrors).toEqual({ subject: CONTACT_TEXT.subjectRequired, message: CONTACT_TEXT.messageRequired });
    expect(refusal(() => parseContact({ bidderID: 7 })).fieldErrors).toEqual({
      subject: CONTACT_TEXT.subjectRequired,
      message: CONTACT_TEXT.messageRequired,
    });
    expect(refusal(() => parseContact({ subject: 5, message: ['x'], bidderID: 7 })).fieldErrors).toEqual({
      subject: CONTACT_TEXT.subjectRequired,
      message: CONTACT_TEXT.messageRequired,
    });
  });

  it('limits subject and message length (in characters)', () => {
    expect(parseContact({ subject: 'é'.repeat(SUBJECT_MAX), message: '😀'.repeat(MESSAGE_MAX), bidderID: 1 }).subject).toHaveLength(
      SUBJECT_MAX,
    );
    expect(
      refusal(() => parseContact({ subject: 's'.repeat(SUBJECT_MAX + 1), message: 'm'.repeat(MESSAGE_MAX + 1), bidderID: 1 })).fieldErrors,
    ).toEqual({
      subject: CONTACT_TEXT.subjectTooLong,
      message: CONTACT_TEXT.messageTooLong,
    });
  });

  it('needs the bidder (memberID); invoiceID and houseUserRef are optional but checked', () => {
    expect(refusal(() => parseContact({ subject: 's', message: 'm' })).fieldErrors).toEqual({ bidderID: CONTACT_TEXT.bidderID });
    expect(refusal(() => parseContact({ subject: 's', message: 'm', bidderID: 0, invoiceID: -1, houseUserRef: 3 })).fieldErrors).toEqual({
      bidderID: CONTACT_TEXT.bidderID,
      invoiceID: CONTACT_TEXT.invoiceID,
      houseUserRef: CONTACT_TEXT.houseUserRef,
    });
  });

  it('refuses a body that is not an object', () => {
    for (const b of [null, [], 'x']) expect(refusal(() => parseContact(b)).fieldErrors).toEqual({ body: CONTACT_TEXT.body });
  });

  it('keeps the subject on one line and normalises the line breaks of the message', () => {
    expect(parseContact({ subject: 'Hello\r\nBcc: evil@example.com', message: 'ab\r\nc\rd', bidderID: 1 })).toMatchObject({
      subject: 'Hello  Bcc: evil@example.com',
      message: 'ab\nc\nd',
    });
  });
});

describe('bulk contact and bulk note', () => {
  it('reads the selection (duplicates dropped, order kept) with subject and message', () => {
    expect(parseBulkContact({ invoiceIDs: [3, '1', 3, 2], subject: ' S ', message: ' M ' })).toEqual({
      invoiceIds: [3, 1, 2],
      subject: 'S',
      message: 'M',
    });
  });

  it('refuses an empty, oversized or malformed selection, and empty texts, all at once', () => {
    for (const ids of [[], undefined, 'x', [1, 0], [1, 'a'], Array.from({ length: MAX_BULK_INVOICES + 1 }, (_, i) => i + 1)]) {
      expect(refusal(() => parseBulkContact({ invoiceIDs: ids, subject: 's', message: 'm' })).fieldErrors).toEqual({
        invoiceIDs: CONTACT_TEXT.invoiceIDs,
      });
    }
    expect(refusal(() => parseBulkContact({ invoiceIDs: [], subject: '', message: '' })).fieldErrors).toEqual({
      invoiceIDs: CONTACT_TEXT.invoiceIDs,
      subject: CONTACT_TEXT.subjectRequired,
      message: CONTACT_TEXT.messageRequired,
    });
  });

  it('a bulk note needs non-empty text of at most 2000 characters', () => {
    expect(parseBulkNote({ invoiceIDs: [1], notes: '  Call before shipping  ' })).toEqual({
      invoiceIds: [1],
      notes: 'Call before shipping',
    });
    expect(refusal(() => parseBulkNote({ invoiceIDs: [1], notes: ' \n ' })).fieldErrors).toEqual({ notes: CONTACT_TEXT.noteRequired });
    expect(refusal(() => parseBulkNote({ invoiceIDs: [1] })).fieldErrors).toEqual({ notes: CONTACT_TEXT.noteRequired });
    expect(refusal(() => parseBulkNote({ invoiceIDs: [1], notes: 'n'.repeat(NOTE_MAX + 1) })).fieldErrors).toEqual({
      notes: CONTACT_TEXT.noteTooLong,
    });
  });

  it('appends a bulk note after the existing one, once', () => {
    expect(appendNote(null, 'Paid by check')).toBe('Paid by check');
    expect(appendNote('  ', 'Paid by check')).toBe('Paid by check');
    expect(appendNote('Fragile', 'Paid by check')).toBe('Fragile\n\nPaid by check');
    expect(appendNote('Fragile\n\nPaid by check', 'Paid by check')).toBeNull();
    expect(appendNote('Paid by check', 'Paid by check')).toBeNull();
    expect(appendNote('Not Paid by check', 'Paid by check')).toBe('Not Paid by check\n\nPaid by check');
  });

  it("uses the single note's texts and limit, and refuses a bulk note that would make a note too long", () => {
    expect(CONTACT_TEXT.noteRequired).toBe('Note is required.');
    expect(NOTE_MAX).toBe(2000);
    expect(noteTooLong('😀'.repeat(NOTE_MAX))).toBe(false);
    expect(noteTooLong('n'.repeat(NOTE_MAX + 1))).toBe(true);
    const e = notesTooLong([15, 12]);
    expect(e).toMatchObject({
      kind: 'validation',
      code: 'VALIDATION_FAILED',
      message: 'Adding this note would make the internal note of invoices #12, #15 longer than 2000 characters.',
    });
    expect(e.fieldErrors).toEqual({ notes: e.message });
    expect(notesTooLong([3]).message).toBe('Adding this note would make the internal note of invoice #3 longer than 2000 characters.');
  });

  it('writes the message, the house and the invoices it is about', () => {
    expect(contactMailText('Please pay.', 'Demo Auctions', [12])).toBe('Please pay.\n\n--\nDemo Auctions\nInvoice #12\n');
    expect(contactMailText('Hi', 'Demo Auctions', [15, 12])).toBe('Hi\n\n--\nDemo Auctions\nInvoices #12, #15\n');
  });
});
