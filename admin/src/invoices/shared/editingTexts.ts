/**
 * The texts of the editing screens (Edit Invoices, Create New Invoices, the group details' Contact
 * and Note actions). The spec gives no wording for these; the required-field texts are the
 * server's (src/modules/invoicing/editing/contact.rules.ts), so the form and the call say the same.
 */
export const EDIT_TEXT = {
  noteRequired: 'Please enter a note.',
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please enter a message.',
  messageSent: 'Your message has been sent.',
  messagesSent: (n: number) => `Your message has been sent to ${n} bidders.`,
  noteSaved: 'The note has been saved.',
  notesSaved: (n: number) => `The note has been added to ${n} invoices.`,
  methodRequired: 'Please select a payment method.',
  paidDateRequired: 'Please enter the date paid.',
  shippedDateRequired: (word: string) => `Please enter the date ${word.toLowerCase()}.`,
  dateAfterToday: 'The date cannot be after today.',
  saveFailed: 'Your changes were not saved. Please try again.',
  discardText: 'The amounts you entered for this invoice have not been saved.',
  amountRequired: 'Please enter an amount of 0 or more.',
} as const;

/** Limits of the note and message fields (the server's: it refuses longer). */
export const NOTE_MAX = 2000;
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;
