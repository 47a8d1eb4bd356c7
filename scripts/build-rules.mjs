// Compiles the shared rules package (packages/rules) to the CommonJS the server runs. Run after
// `npm install` (postinstall) and by build:server; skipped when the sources are not there yet (the
// Docker build installs from the manifests alone, then builds).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (!existsSync('packages/rules/src/index.ts')) {
  console.log('build-rules: packages/rules/src not present yet, skipped');
  process.exit(0);
}
const r = spawnSync('npx', ['tsc', '-p', 'packages/rules/tsconfig.build.json'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
