import type { HouseSettings } from '../shared/editingRules';
import type { EditableDetail, EditableInvoice } from '../shared/editingTypes';

/** The dialog open on the editor (one at a time). */
export type EditorDialog =
  | { kind: 'charges'; ids: number[]; index: number; bulk: boolean }
  | { kind: 'note'; invoiceId: number }
  | { kind: 'contact'; invoiceId: number }
  | { kind: 'paid'; invoiceId: number; lineId?: number }
  | { kind: 'shipped'; invoiceId: number; lineId: number }
  | { kind: 'undoPaid'; invoiceId: number; lineId?: number }
  | { kind: 'undoShipped'; invoiceId: number; lineId: number }
  | { kind: 'floor'; invoiceId: number }
  | { kind: 'print'; invoiceIds: number[] };

/** What the invoice blocks call; one stable object for the whole page, so a block re-renders only when its invoice does. */
export interface EditorApi {
  open(dialog: EditorDialog): void;
  select(invoiceId: number, checked: boolean): void;
  /** Runs a change without a dialog (hide/show, delivery mode); a refusal shows on the block. */
  run(invoice: EditableInvoice, change: (ref: { invoiceID: number; version: number }) => Promise<unknown>): Promise<void>;
  fileDispute(invoice: EditableInvoice, line: EditableDetail): void;
  /** Reloads one invoice (after a change made outside the editor's writes, e.g. a refund in the payments panel). */
  refresh(invoiceId: number): void;
}

export interface EditorSettings {
  groupId: number;
  houseRef: string;
  /** true: the per-lot-cost editor (first invoice's applyCostPerLot false); false: the invoice-level editor. */
  perLot: boolean;
  symbol: string;
  house: HouseSettings;
  superUser: boolean;
  /** A payment user (invoices and settlement access): sees the payments panel. */
  paymentUser: boolean;
  sessionTitles: ReadonlyMap<number, string>;
}
