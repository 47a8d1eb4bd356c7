/**
 * The rules of contacting bidders and of bulk notes (spec 000 §2 Contact modal, Bulk contact and
 * Bulk add note; §5 "Note needs non-empty text. Contact needs subject and message. Saves with empty
 * payload are refused."). Pure functions: parsing the bodies and writing the mail's text.
 */
import { DomainError } from '../../../../core/errors/domain-error';
import { NOTE_MAX, NOTES_TEXT } from '../group-detail-edits/notes.rules';
import { idFromInput } from '../../../../core/validation/int4';
import { INPUT_TEXT } from '../core/edit-input';

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;
/** The most invoices one bulk contact or bulk note may name. */
export const MAX_BULK_INVOICES = 1000;

export const CONTACT_TEXT = {
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `Subject must be at most ${SUBJECT_MAX} characters.`,
  messageRequired: 'Please enter a message.',
  messageTooLong: `Message must be at most ${MESSAGE_MAX} characters.`,
  /** The same texts as the single note (notes.rules.ts). */
  noteRequired: NOTES_TEXT.required,
  noteTooLong: NOTES_TEXT.tooLong,
  /** Appending must not make a note longer than a note may be. */
  notesWouldBeTooLong: (numbers: readonly number[]) =>
    `Adding this note would make the internal note of ${numbers.length === 1 ? 'invoice' : 'invoices'} ${numbers.map((n) => `#${n}`).join(', ')} longer than ${NOTE_MAX} characters.`,
  bidderID: "bidderID must be the bidder's id (the invoice's memberID, a positive whole number).",
  invoiceID: 'invoiceID must be the id of an invoice (a positive whole number).',
  houseUserRef: 'houseUserRef must be text.',
  invoiceIDs: `Please select between 1 and ${MAX_BULK_INVOICES} invoices (invoiceIDs: a list of invoice ids).`,
  body: 'The request body must be a JSON object.',
} as const;

export interface ContactInput {
  subject: string;
  message: string;
  /** The invoice's member (memberID). */
  bidderId: number;
  /** The invoice the message is about; null: the bidder's latest invoice. */
  invoiceId: number | null;
  /** The sending user as the client names it (checked against the signed-in user), or null. */
  houseUserRef: string | null;
  /** The invoice's version as the caller saw it (409 when stale), or null: not checked (docs/api.md). */
  version: number | null;
}

export interface BulkContactInput {
  invoiceIds: number[];
  subject: string;
  message: string;
}

export interface BulkNoteInput {
  invoiceIds: number[];
  notes: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const absent = (v: unknown) => v === undefined || v === null || v === '';

const positiveInt = idFromInput;

const length = (s: string) => Array.from(s).length;

/**
 * A subject: one line (control characters, line breaks included, become spaces, so no header can
 * be smuggled in), runs of spaces kept as typed, ends trimmed.
 */
function cleanSubject(raw: unknown): string {
  return typeof raw === 'string' ? raw.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() : '';
}

/** A message or note: line breaks kept, ends trimmed. (NUL characters never get here: core/http/safe-input.ts refuses them.) */
function cleanText(raw: unknown): string {
  return typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n').trim() : '';
}

function subjectAndMessage(body: Record<string, unknown>, errors: Record<string, string>): { subject: string; message: string } {
  const subject = cleanSubject(body.subject);
  const message = cleanText(body.message);
  if (!subject) errors.subject = CONTACT_TEXT.subjectRequired;
  else if (length(subject) > SUBJECT_MAX) errors.subject = CONTACT_TEXT.subjectTooLong;
  if (!message) errors.message = CONTACT_TEXT.messageRequired;
  else if (length(message) > MESSAGE_MAX) errors.message = CONTACT_TEXT.messageTooLong;
  return { subject, message };
}

/** A selection of invoices: 1 to 1000 ids, duplicates dropped, order kept. */
function invoiceIds(raw: unknown, errors: Record<string, string>): number[] {
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_BULK_INVOICES) {
    errors.invoiceIDs = CONTACT_TEXT.invoiceIDs;
    return [];
  }
  const ids = raw.map(positiveInt);
  if (ids.some((i) => i === null)) {
    errors.invoiceIDs = CONTACT_TEXT.invoiceIDs;
    return [];
  }
  return [...new Set(ids as number[])];
}

function refuse(errors: Record<string, string>): never {
  throw DomainError.validation(errors, Object.values(errors)[0]);
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) refuse({ body: CONTACT_TEXT.body });
  return body;
}

/** `POST invoiceMessage` `{ subject, message, houseUserRef?, bidderID, invoiceID?, version? }`. */
export function parseContact(raw: unknown): ContactInput {
  const body = objectBody(raw);
  const errors: Record<string, string> = {};
  const { subject, message } = subjectAndMessage(body, errors);
  const bidderId = positiveInt(body.bidderID);
  if (bidderId === null) errors.bidderID = CONTACT_TEXT.bidderID;
  let invoiceId: number | null = null;
  if (!absent(body.invoiceID)) {
    invoiceId = positiveInt(body.invoiceID);
    if (invoiceId === null) errors.invoiceID = CONTACT_TEXT.invoiceID;
  }
  let houseUserRef: string | null = null;
  if (!absent(body.houseUserRef)) {
    if (typeof body.houseUserRef !== 'string') errors.houseUserRef = CONTACT_TEXT.houseUserRef;
    else houseUserRef = body.houseUserRef.trim() || null;
  }
  let version: number | null = null;
  if (body.version !== undefined && body.version !== null) {
    version = positiveInt(body.version);
    if (version === null) errors.version = INPUT_TEXT.version;
  }
  if (Object.keys(errors).length) refuse(errors);
  return { subject, message, bidderId: bidderId!, invoiceId, houseUserRef, version };
}

/** `POST invoiceGroup/{id}/bulkContact` `{ invoiceIDs, subject, message }`. */
export function parseBulkContact(raw: unknown): BulkContactInput {
  const body = objectBody(raw);
  const errors: Record<string, string> = {};
  const ids = invoiceIds(body.invoiceIDs, errors);
  const { subject, message } = subjectAndMessage(body, errors);
  if (Object.keys(errors).length) refuse(errors);
  return { invoiceIds: ids, subject, message };
}

/** `POST invoiceGroup/{id}/bulkNote` `{ invoiceIDs, notes }`. */
export function parseBulkNote(raw: unknown): BulkNoteInput {
  const body = objectBody(raw);
  const errors: Record<string, string> = {};
  const ids = invoiceIds(body.invoiceIDs, errors);
  const notes = cleanText(body.notes);
  if (!notes) errors.notes = CONTACT_TEXT.noteRequired;
  else if (noteTooLong(notes)) errors.notes = CONTACT_TEXT.noteTooLong;
  if (Object.keys(errors).length) refuse(errors);
  return { invoiceIds: ids, notes };
}

/**
 * The bulk note added to an invoice's internal note: appended after a blank line, so no earlier
 * note is lost; an invoice whose note already ends with the same text is left as it is (a repeated
 * click adds nothing). Answers null when nothing changes.
 */
export function appendNote(existing: string | null | undefined, note: string): string | null {
  const current = (existing ?? '').trimEnd();
  if (!current) return note;
  if (current === note || current.endsWith(`\n\n${note}`)) return null;
  return `${current}\n\n${note}`;
}

/** A note longer than a note may be (the single note's limit, in characters). */
export function noteTooLong(text: string): boolean {
  return length(text) > NOTE_MAX;
}

/** The refusal of a bulk note that would make some notes too long (all or nothing). */
export function notesTooLong(invoiceNumbers: readonly number[]): DomainError {
  const text = CONTACT_TEXT.notesWouldBeTooLong([...invoiceNumbers].sort((a, b) => a - b));
  return DomainError.validation({ notes: text }, text);
}

/** The mail's text: the message as typed, then who sends it and which invoices it is about. */
export function contactMailText(message: string, houseName: string, invoiceNumbers: readonly number[]): string {
  const numbers = [...invoiceNumbers].sort((a, b) => a - b).map((n) => `#${n}`);
  const about = numbers.length === 1 ? `Invoice ${numbers[0]}` : `Invoices ${numbers.join(', ')}`;
  return `${message}\n\n--\n${houseName}\n${about}\n`;
}
