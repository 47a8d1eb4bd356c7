import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureAdminBuilt } from '../support/browser';

/**
 * Issue 9's bundle rules, checked on every run: the admin's initial JavaScript (what the browser
 * loads before the first screen, gzip as served; `bench/admin/initial-js.mjs` measures it) stays
 * within 300 KB, and every screen family is its own chunk (a route file never imports a page
 * statically: one eager import pulled 46 KB of list and form code into the shell).
 */
const ROOT = path.resolve(__dirname, '../..');
const BUDGET_KB = 300;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(p);
    return /^routes\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('admin bundle', () => {
  it(`keeps the initial JavaScript within ${BUDGET_KB} KB gzip`, () => {
    ensureAdminBuilt();
    const out = execFileSync('node', [path.join(ROOT, 'bench/admin/initial-js.mjs')], { encoding: 'utf8' });
    const kb = Number(/([\d.]+) KB {2}initial JS/.exec(out)?.[1]);
    expect(kb).toBeGreaterThan(50);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
  });

  it('loads every screen lazily: route files import no page statically', () => {
    const files = routeFiles(path.join(ROOT, 'admin/src'));
    expect(files.length).toBeGreaterThan(5);
    const eager = files.flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/^import\s[^;]*from\s+'(\.[^']*Page)';/gm)].map((m) => `${path.relative(ROOT, f)}: ${m[1]}`),
    );
    expect(eager).toEqual([]);
  });
});
