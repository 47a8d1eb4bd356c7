/**
 * The upload-items step (spec 001 "Bin step 2 and live/timed step 3", sections 4, 5, 8 and 9):
 * the pre-upload check of what was picked or dropped, the upload's outcome as the step shows it
 * (banner, error panels, review list) and the step's constants. Pure: the admin runs it, the
 * server's answers feed it. Decisions: docs/decisions/upload-items.md.
 */
import { checkCatalogFile, SHEET_TEXT, type SheetError, type SheetWarning } from './lot-sheet';

/** Section 9: the spreadsheet upload gives up after 120 s. */
export const SPREADSHEET_UPLOAD_TIMEOUT_MS = 120_000;

/** Section 9: the review list's page sizes (first = default). */
export const UPLOAD_REVIEW_PAGE_SIZES = [50, 100, 200] as const;

/** The file formats offered (radios) and the upload path each takes for live/timed sessions. */
export const UPLOAD_FORMATS = [
  { id: 'standard', label: 'Standard', path: 'artfact' },
  { id: 'auctionflex', label: 'Auction Flex', path: 'auctionflex' },
] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number]['id'];

export const UPLOAD_ITEMS_TEXT = {
  /** Ours: the spec allows one file without wording the refusal. */
  oneFile: 'Please upload one file only.',
  /** Ours: the drop zone's prompt. */
  dropPrompt: 'Drag and drop your spreadsheet here, or click to choose a file (.csv, .xls, .xlsx)',
  goBackTitle: 'Go Back & Upload Items Again',
  /** Ours: the confirmation the spec asks for without its text. */
  goBackText: 'The uploaded items and the changes made to them will be discarded. Upload a spreadsheet again?',
  deleteTitle: 'Delete Items',
  deleteText: (n: number) => `Delete ${n} item${n === 1 ? '' : 's'} from this upload? ${n === 1 ? 'It is' : 'They are'} not saved.`,
  errorFilter: 'Show only items with errors',
  /** Ours: why Continue is disabled. */
  errorsLeft: (n: number) => `${n} item${n === 1 ? ' has' : 's have'} errors: edit or delete ${n === 1 ? 'it' : 'them'} to continue.`,
  editTitle: 'Edit Item',
  /** Ours: the edit modal's unsaved-changes question. */
  unsaved: 'Discard the changes to this item?',
  /** Ours: under the upload before a file, beside Skip & Continue. */
  skipHint: 'No spreadsheet? Add single items, or skip this step and add items later.',
  summaryGuide: [
    'Upload a spreadsheet with your items.',
    'Review the items, then edit or delete the ones with errors.',
    'Save & Return to Summary.',
  ],
} as const;

/** The picked or dropped files: null when one acceptable file, else the message (section 5). */
export function checkPickedFiles(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > 1) return UPLOAD_ITEMS_TEXT.oneFile;
  return checkCatalogFile(files[0]);
}

/** A large upload is read as a job (202 with its id): its progress as the step shows it. */
export function sheetJobProgress(p: { done: number; total: number; message: string | null }): { percent: number | null; text: string } {
  return { percent: p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : null, text: p.message ?? 'Waiting to start' };
}

/** How an upload ended, as the client saw it: the HTTP status and body, or no answer in time. */
export type UploadAnswer =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'timeout' }
  /** No answer at all (network down): shown as the timeout. */
  | { kind: 'network' };

export interface UploadOutcome {
  banner: { severity: 'success' | 'error'; title: string; text: string | null; retry: boolean };
  /** The error panels (every error object). */
  errors: SheetError[];
  warnings: SheetWarning[];
  /** Lots came back: the review list shows, error rows marked. */
  showList: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Section 4 "Spreadsheet upload": 200 lists the lots; 4xx and above give errors, with the failure
 * banner and Retry; a breaking code (108, 166) shows only the error panels; otherwise the lots show
 * with their rows marked; 504 is the gateway banner; no answer in time is the timeout banner. A
 * refusal without error objects (the pre-upload check on the server) is its message.
 */
export function uploadOutcome(a: UploadAnswer): UploadOutcome {
  const none = { errors: [], warnings: [], showList: false };
  if (a.kind !== 'answer')
    return { ...none, banner: { severity: 'error', title: SHEET_TEXT.timeoutTitle, text: SHEET_TEXT.timeout, retry: true } };
  if (a.status === 504)
    return { ...none, banner: { severity: 'error', title: SHEET_TEXT.gatewayTitle, text: SHEET_TEXT.gateway, retry: true } };
  const body = isObj(a.body) ? a.body : {};
  const errors = Array.isArray(body.errors) ? (body.errors as SheetError[]) : [];
  const warnings = Array.isArray(body.warnings) ? (body.warnings as SheetWarning[]) : [];
  // A queued upload's answer counts its lots (the review list reads them from the staged rows).
  const lotCount = !isObj(body.data)
    ? 0
    : typeof body.data.lotCount === 'number'
      ? body.data.lotCount
      : Array.isArray(body.data.lots)
        ? body.data.lots.length
        : 0;
  if (a.status >= 200 && a.status < 300 && errors.length === 0)
    return { errors, warnings, showList: true, banner: { severity: 'success', title: SHEET_TEXT.success, text: null, retry: false } };
  if (!errors.length) {
    const message = typeof body.message === 'string' ? body.message : null;
    return { ...none, warnings, banner: { severity: 'error', title: SHEET_TEXT.uploadFailed(1), text: message, retry: true } };
  }
  return {
    errors,
    warnings,
    showList: lotCount > 0,
    banner: { severity: 'error', title: SHEET_TEXT.uploadFailed(errors.length), text: null, retry: true },
  };
}
