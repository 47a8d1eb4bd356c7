import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Runs a folder's case files (`*.e2e.ts`) in one Jest file, each inside a describe of its own name,
 * so the folder pays for loading the application's modules once instead of once per file (about
 * 3 to 6 s of CPU each: Jest gives every test file a fresh module registry). `E2E_CASES=name`
 * runs only the case files whose name contains `name` (comma-separated for several).
 */
export function runCaseFiles(dir: string): void {
  const only = (process.env.E2E_CASES ?? '').split(',').filter(Boolean);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
  if (!files.length) throw new Error(`No case files (*.e2e.ts) in ${dir}`);
  for (const file of files.filter((f) => !only.length || only.some((o) => f.includes(o)))) {
    describe(file, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(dir, file));
    });
  }
}

/**
 * Global setup's check that no case file is silently left out: every folder under `test/` that
 * holds `*.e2e.ts` files has a Jest file (`*.e2e-spec.ts`) that calls `runCaseFiles`.
 */
export function assertCaseFilesRun(testDir: string): void {
  const orphans: string[] = [];
  const walk = (dir: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    for (const e of entries) if (e.isDirectory()) walk(path.join(dir, e.name));
    const names = entries.filter((e) => e.isFile()).map((e) => e.name);
    if (!names.some((n) => n.endsWith('.e2e.ts'))) return;
    const runs = names.some(
      (n) => n.endsWith('.e2e-spec.ts') && fs.readFileSync(path.join(dir, n), 'utf8').includes('runCaseFiles(__dirname)'),
    );
    if (!runs) orphans.push(path.relative(testDir, dir) || '.');
  };
  walk(testDir);
  if (orphans.length)
    throw new Error(
      `Case files (*.e2e.ts) that no Jest file runs, in: ${orphans.join(', ')}. Add <folder>.e2e-spec.ts calling runCaseFiles(__dirname).`,
    );
}
