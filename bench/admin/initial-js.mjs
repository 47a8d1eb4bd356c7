// The admin's initial JavaScript: the entry chunk and every chunk it imports statically (what the
// browser loads before the first screen), gzip-compressed as served. Run after `npm run build:admin`.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../../admin/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script[^>]+src="\/ar\/(assets\/[^"]+\.js)"/.exec(html)[1];
const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only: `import ... from "./x.js"` / `import "./x.js"` (dynamic import() is lazy).
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    visit(join('assets', m[1].slice(2)));
  }
};
visit(entry);
let total = 0;
for (const f of [...seen].sort()) {
  const gz = gzipSync(readFileSync(join(dist, f))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${f}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  initial JS, gzip (${seen.size} files)`);
