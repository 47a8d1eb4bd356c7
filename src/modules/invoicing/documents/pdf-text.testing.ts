/**
 * Test helper: a PDF's text per page, read back with pdf-parse. pdf-parse (pdfjs) loads its worker
 * with a dynamic `import()`, which Jest's module sandbox refuses ("A dynamic import callback was
 * invoked without --experimental-vm-modules"), so the parse runs in a plain `node` child process.
 */
import { spawn } from 'node:child_process';

const SCRIPT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: Buffer.concat(chunks) });
  try {
    const r = await parser.getText();
    process.stdout.write(JSON.stringify({ total: r.total, pages: r.pages.map((p) => p.text) }));
  } finally {
    await parser.destroy();
  }
});
`;

export interface PdfText {
  /** Number of pages. */
  total: number;
  /** Each page's text, in page order. */
  pages: string[];
}

export function readPdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SCRIPT], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`pdf-parse exited ${code}: ${Buffer.concat(err).toString()}`));
      try {
        resolve(JSON.parse(Buffer.concat(out).toString()) as PdfText);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
    child.stdin.end(pdf);
  });
}
