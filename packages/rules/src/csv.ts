/**
 * The one CSV writer (admin exports through admin/src/kit/csv.ts, and the server's CSV answers):
 * every export builds its rows and hands them here. RFC 4180 quoting, CRLF line ends, a UTF-8
 * byte-order mark so spreadsheet programs read accented names right.
 *
 * Formula injection (OWASP "CSV Injection"): a cell a spreadsheet would run as a formula gets a
 * single quote in front. Spreadsheets skip leading spaces (and non-breaking spaces) and read the
 * full-width ＝ ＋ － ＠ as their ASCII forms, so those count too. A cell that is exactly a decimal
 * number ('-12.50', an amount we write ourselves) is a number, not a formula, and is left as it is.
 */

const NUMBER = /^-?\d+(\.\d+)?$/;
/** = + - @ tab CR (and their full-width forms), after any spaces or non-breaking spaces. */
const FORMULA_START = /^[ \u00a0\u3000]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/** The cell made safe to open in a spreadsheet (see above). */
export function safeCell(value: string): string {
  if (NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Quoted when it holds the delimiter, a comma or semicolon (list separators of other locales), a quote or a line break; quotes doubled. */
export function quoteCell(value: string, delimiter = ','): string {
  const needs = value.includes(delimiter) || /[",;\r\n]/.test(value);
  return needs ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(cells: readonly string[], delimiter = ','): string {
  return cells.map((c) => quoteCell(safeCell(c), delimiter)).join(delimiter);
}

/** The whole file: BOM, the header and the rows, CRLF after each line. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[], delimiter = ','): string {
  return `\uFEFF${[header, ...rows].map((r) => csvLine(r, delimiter)).join('\r\n')}\r\n`;
}

/** A title as a file name: characters no file system takes become '_'; never empty. */
export function csvFileName(title: string, fallback = 'export'): string {
  const base = title
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return `${base.slice(0, 120) || fallback}.csv`;
}
