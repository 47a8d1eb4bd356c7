import { FieldErrors } from '../core/edit-input';
import { NOTE_MAX, NOTES_TEXT, noteChanges, parseNoteEntry } from './notes.rules';

const parse = (body: Record<string, unknown>) => {
  const e = new FieldErrors();
  return { entry: parseNoteEntry(body, e), errors: e.errors };
};

describe('internal note (spec 000 section 5: "Note needs non-empty text")', () => {
  it('keeps the text, trimmed at both ends, inner line breaks included', () => {
    expect(parse({ invoiceID: 7, notes: '  Collect Tuesday\nafter 2pm  ', version: 2 })).toEqual({
      entry: { invoiceId: 7, notes: 'Collect Tuesday\nafter 2pm', version: 2 },
      errors: {},
    });
  });

  it.each([[''], ['   \n '], [null], [undefined], [42]])('refuses %j: Note is required.', (notes) => {
    expect(parse({ invoiceID: 7, notes }).errors).toEqual({ notes: NOTES_TEXT.required });
  });

  it(`takes up to ${NOTE_MAX} characters (counted as characters, not bytes)`, () => {
    expect(parse({ invoiceID: 7, notes: 'é'.repeat(NOTE_MAX) }).entry?.notes).toHaveLength(NOTE_MAX);
    expect(parse({ invoiceID: 7, notes: '😀'.repeat(NOTE_MAX) }).errors).toEqual({});
    expect(parse({ invoiceID: 7, notes: 'x'.repeat(NOTE_MAX + 1) }).errors).toEqual({ notes: NOTES_TEXT.tooLong });
  });

  it('refuses a missing invoice id and unknown fields', () => {
    expect(parse({ notes: 'x' }).errors).toEqual({ invoiceID: 'Invoice id must be a positive whole number.' });
    expect(parse({ invoiceID: 7, notes: 'x', subject: 'y' }).errors).toEqual({ subject: 'Unknown field.' });
  });

  it('the same note again is no change', () => {
    expect(noteChanges('a', 'a')).toBe(false);
    expect(noteChanges(null, 'a')).toBe(true);
    expect(noteChanges('a', 'b')).toBe(true);
  });
});
