// `npm test`: builds the admin (browser tests load it), checks formatting and lint, then runs every
// Jest project. Each step runs even when an earlier one failed, so one run shows every problem.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false }).status ?? 1;
// The server code under test requires the compiled shared rules package (global setup, spawned CLI).
const build = run('npm', ['run', '--silent', 'build:rules']) || run('npm', ['run', '--silent', 'build:admin']);
if (build !== 0) process.exit(build);
const failed = [];
if (run('npx', ['prettier', '--check', '--log-level', 'warn', '.']) !== 0) failed.push('format (npm run format)');
if (run('npx', ['eslint', '.', '--max-warnings', '0']) !== 0) failed.push('lint (npm run lint)');
if (run('npx', ['jest', '--maxWorkers=2', ...process.argv.slice(2)]) !== 0) failed.push('jest');
if (failed.length) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
