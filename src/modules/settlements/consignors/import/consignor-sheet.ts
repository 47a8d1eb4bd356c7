import { isEmail } from 'class-validator';
import { normalizeHeader } from '../../../lots/spreadsheets/sheet-columns';
import type { Sheet } from '../../../lots/spreadsheets/sheet-reader';
import { PAYOUT_METHODS, type PayoutMethod } from '../consignor.entity';

/**
 * A consignor spreadsheet (`import-consignors`) mapped to consignor fields, row by row. Headers
 * compare as the lot sheets' do (`normalizeHeader`: case, spaces and punctuation ignored).
 * Pure: matching against the house's consignors is ConsignorImportService's.
 * Decisions: docs/decisions/settlements.md "Consignor import".
 */
export type ConsignorColumn =
  | 'name'
  | 'company'
  | 'street1'
  | 'street2'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'countryCode'
  | 'email'
  | 'phone'
  | 'taxId'
  | 'payoutMethod';

export const CONSIGNOR_HEADERS: Record<ConsignorColumn, readonly string[]> = {
  name: ['Name', 'consignor', 'consignorname', 'fullname', 'contact', 'contactname'],
  company: ['Company', 'companyname', 'business', 'organization', 'organisation'],
  street1: ['Address', 'address1', 'street', 'street1', 'addressline1'],
  street2: ['Address 2', 'street2', 'addressline2'],
  city: ['City', 'town'],
  state: ['State', 'province', 'region', 'county'],
  postalCode: ['Postal Code', 'zip', 'zipcode', 'postcode'],
  countryCode: ['Country', 'countrycode'],
  email: ['Email', 'emailaddress', 'e-mail'],
  phone: ['Phone', 'phonenumber', 'telephone', 'tel', 'mobile'],
  taxId: ['Tax ID', 'taxnumber', 'vat', 'vatnumber', 'ein', 'ssn', 'tin'],
  payoutMethod: ['Payout Method', 'payout', 'paymentmethod', 'paymethod', 'payby'],
};

/** Column widths of the consignor table (consignor.entity.ts). */
const MAX_LENGTH: Record<ConsignorColumn, number> = {
  name: 120,
  company: 120,
  street1: 100,
  street2: 100,
  city: 60,
  state: 60,
  postalCode: 32,
  countryCode: 2,
  email: 120,
  phone: 40,
  taxId: 40,
  payoutMethod: 16,
};

const LABEL: Record<ConsignorColumn, string> = {
  name: 'Name',
  company: 'Company',
  street1: 'Address',
  street2: 'Address 2',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  countryCode: 'Country',
  email: 'Email',
  phone: 'Phone',
  taxId: 'Tax ID',
  payoutMethod: 'Payout method',
};

/** Spellings of the payout methods ("Bank transfer", "cheque", "wire" ...), normalised like headers. */
const PAYOUT_ALIASES: Record<string, PayoutMethod> = {
  check: 'check',
  cheque: 'check',
  banktransfer: 'bank_transfer',
  bank: 'bank_transfer',
  transfer: 'bank_transfer',
  wire: 'bank_transfer',
  wiretransfer: 'bank_transfer',
  ach: 'bank_transfer',
  cash: 'cash',
  other: 'other',
};

export const CONSIGNOR_SHEET_TEXT = {
  noName: 'The file has no Name column.',
  nameMissing: 'Name is required.',
  email: 'Email is not a valid address.',
  country: 'Country must be a two-letter code (e.g. US, GB).',
  payout: `Payout method must be one of ${PAYOUT_METHODS.join(', ')}.`,
  tooLong: (label: string, max: number) => `${label} is longer than ${max} characters.`,
  duplicate: (row: number) => `The same consignor as row ${row}.`,
  ambiguous: (name: string) => `Several consignors are named "${name}": give the email to choose one.`,
} as const;

/** One data row: the cells of the columns the file has (others absent, so an update leaves them). */
export type ConsignorFields = Partial<Record<ConsignorColumn, string | null>> & { name: string };

export interface ConsignorRow {
  row: number;
  fields: ConsignorFields;
}

export interface RowError {
  row: number;
  message: string;
}

export interface MappedConsignors {
  rows: ConsignorRow[];
  errors: RowError[];
  /** Which header each column was read from (the CLI prints it). */
  columns: Partial<Record<ConsignorColumn, string>>;
}

export function mapConsignorSheet(sheet: Sheet): MappedConsignors {
  const lookup = new Map<string, ConsignorColumn>();
  for (const [col, names] of Object.entries(CONSIGNOR_HEADERS) as [ConsignorColumn, readonly string[]][])
    for (const n of names) if (!lookup.has(normalizeHeader(n))) lookup.set(normalizeHeader(n), col);
  const index: Partial<Record<ConsignorColumn, number>> = {};
  const columns: Partial<Record<ConsignorColumn, string>> = {};
  sheet.header.forEach((h, i) => {
    const col = lookup.get(normalizeHeader(h));
    if (col && index[col] === undefined) {
      index[col] = i;
      columns[col] = h;
    }
  });
  if (index.name === undefined) return { rows: [], errors: [{ row: 1, message: CONSIGNOR_SHEET_TEXT.noName }], columns };

  const rows: ConsignorRow[] = [];
  const errors: RowError[] = [];
  for (const r of sheet.rows) {
    const fields: Partial<Record<ConsignorColumn, string | null>> = {};
    const problems: string[] = [];
    for (const [col, i] of Object.entries(index) as [ConsignorColumn, number][]) {
      const text = (r.cells[i] ?? '').trim();
      const value = cellValue(col, text);
      if (typeof value === 'object' && value !== null) problems.push(value.error);
      else fields[col] = value;
    }
    if (!fields.name) problems.unshift(CONSIGNOR_SHEET_TEXT.nameMissing);
    if (problems.length) errors.push(...problems.map((message) => ({ row: r.row, message })));
    else rows.push({ row: r.row, fields: fields as ConsignorFields });
  }
  return { rows, errors, columns };
}

/** A cell's stored value (null: blank), or why it is refused. */
function cellValue(col: ConsignorColumn, text: string): string | null | { error: string } {
  if (text === '') return null;
  if (col === 'payoutMethod') return PAYOUT_ALIASES[normalizeHeader(text)] ?? { error: CONSIGNOR_SHEET_TEXT.payout };
  if (col === 'countryCode') return /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : { error: CONSIGNOR_SHEET_TEXT.country };
  if (text.length > MAX_LENGTH[col]) return { error: CONSIGNOR_SHEET_TEXT.tooLong(LABEL[col], MAX_LENGTH[col]) };
  if (col === 'email' && !isEmail(text)) return { error: CONSIGNOR_SHEET_TEXT.email };
  return text;
}

/** How a consignor is found again: the email first (any case), else the name (any case, spaces squeezed). */
export const emailKey = (email: string | null | undefined): string | null => (email ? email.trim().toLowerCase() : null);
export const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();
