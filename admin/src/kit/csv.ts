/**
 * The one CSV writer of the admin: every export builds its rows and hands them here. It lives in
 * @ar/rules so the server's CSV answers (the keyword alerts report) are written by the same code.
 */
export { csvDocument, csvFileName, csvLine, quoteCell, safeCell } from '@ar/rules';
