import { execFile } from 'node:child_process';

/**
 * The text of a PDF, read by pdf-parse v2 (`PDFParse`) in a plain Node process: pdf.js loads its
 * worker with a dynamic `import()`, which Jest's module sandbox refuses without
 * --experimental-vm-modules.
 */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', SCRIPT], { cwd: process.cwd(), maxBuffer: 20_000_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`pdf-parse failed: ${err.message} ${stderr}`)) : resolve(stdout),
    );
    child.stdin?.end(pdf);
  });
}

const SCRIPT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    process.stdout.write((await parser.getText()).text);
  } finally {
    await parser.destroy();
  }
});
`;
