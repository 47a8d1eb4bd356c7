/**
 * The internal note of an invoice (the `invoiceNotes` variant of `POST groupDetailInfo`,
 * `{ notes, invoiceID }`): staff only, never shown to the bidder. Spec 000 section 5: "Note needs
 * non-empty text". Decisions: the text is trimmed at both ends (inner line breaks kept); at most
 * 2,000 characters (code points); an empty or blank note is refused, so a note cannot be erased
 * to nothing, only replaced. Pure.
 */
import { EditingError, EditingErrorCode } from '../core/editing.errors';
import { FieldErrors, idField, unknownKeys, versionField, type Rec } from '../core/edit-input';

export const NOTE_MAX = 2000;

export const NOTES_TEXT = {
  required: 'Note is required.',
  tooLong: `Note must be at most ${NOTE_MAX} characters.`,
  twice: 'This invoice is listed twice.',
} as const;

const KEYS = ['invoiceID', 'notes', 'version'] as const;

export interface NoteEntry {
  invoiceId: number;
  notes: string;
  version: number | null;
}

export function parseNoteEntry(body: Rec, e: FieldErrors): NoteEntry | null {
  unknownKeys(body, KEYS, e);
  const invoiceId = idField(body, 'invoiceID', 'Invoice id', e);
  const version = versionField(body, e);
  const notes = noteText(body.notes, e);
  if (invoiceId === null || notes === null) return null;
  return { invoiceId, notes, version };
}

/** The note as stored, or null with its message. */
function noteText(v: unknown, e: FieldErrors): string | null {
  const text = typeof v === 'string' ? v.trim() : '';
  if (!text) {
    e.add('notes', NOTES_TEXT.required);
    return null;
  }
  if (Array.from(text).length > NOTE_MAX) {
    e.add('notes', NOTES_TEXT.tooLong);
    return null;
  }
  return text;
}

/** Nothing to do when the note already reads so. */
export function noteChanges(current: string | null, next: string): boolean {
  return (current ?? '') !== next;
}

export function duplicateInvoice(): EditingError {
  return new EditingError(EditingErrorCode.INVALID, NOTES_TEXT.twice, { invoiceID: NOTES_TEXT.twice });
}
