/**
 * A heavy library, loaded on its first use instead of when the file that needs it is imported.
 * exceljs, archiver, pdfkit and nodemailer together cost about a second at every process start
 * (each CLI command, each test file), though most starts never use them. Types still come from a
 * type-only import at the call site: `lazyModule<typeof import('exceljs')>('exceljs')`.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return () => (loaded ??= require(name) as T);
}
