// `npm test`: builds the admin (browser tests load it), checks formatting and lint, then runs every
// Jest project. Each step runs even when an earlier one failed, so one run shows every problem.
//
// Without arguments Jest runs as two concurrent lanes of one worker each: unit + e2e, and browser.
// A browser file (Chromium, the app, Jest) keeps about one core busy; two of them at once, or beside
// two e2e workers, slowed every file 2-3x on two cores. Measured on this 2-core machine: one Jest
// with two workers 1,506 s, the two lanes 866 s (docs/decisions/e2e-suite-speed.md). With arguments
// (`npm test -- test/http`) it is one Jest with two workers, as before.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false }).status ?? 1;
// The server code under test requires the compiled shared rules package (global setup, spawned CLI).
const build = run('npm', ['run', '--silent', 'build:rules']) || run('npm', ['run', '--silent', 'build:admin']);
if (build !== 0) process.exit(build);
const failed = [];
if (run('npx', ['prettier', '--check', '--log-level', 'warn', '.']) !== 0) failed.push('format (npm run format)');
if (run('npx', ['eslint', '.', '--max-warnings', '0']) !== 0) failed.push('lint (npm run lint)');

const args = process.argv.slice(2);
if (args.length) {
  if (run('npx', ['jest', '--maxWorkers=2', ...args]) !== 0) failed.push('jest');
} else {
  const out = path.resolve('test-output');
  fs.mkdirSync(out, { recursive: true });
  const lanes = [
    { name: 'unit + e2e', projects: ['unit', 'e2e'], live: true },
    { name: 'browser', projects: ['browser'], live: false },
  ];
  const results = await Promise.all(lanes.map((lane) => runLane(lane, out)));
  for (const [i, r] of results.entries()) {
    if (!r.live)
      process.stdout.write(`\n==> Jest lane "${lanes[i].name}" (its output, held until it ended)\n${fs.readFileSync(r.log, 'utf8')}`);
    if (r.status !== 0) failed.push(`jest (${lanes[i].name})`);
  }
  // The plain closing line CI reads, the two lanes added up (test/support/summary-reporter.js).
  const counts = results.map((r) => r.counts ?? { passed: 0, failed: 1, skipped: 0 });
  const sum = (k) => counts.reduce((s, c) => s + c[k], 0);
  process.stdout.write(`\ntests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped\n`);
}
if (failed.length) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}

/** One Jest with one worker over the lane's projects; a held lane writes to test-output/jest-<lane>.log. */
function runLane(lane, out) {
  const slug = lane.projects.join('-');
  const summary = path.join(out, `jest-${slug}.summary.json`);
  const log = path.join(out, `jest-${slug}.log`);
  fs.rmSync(summary, { force: true });
  const fd = lane.live ? null : fs.openSync(log, 'w');
  const child = spawn('npx', ['jest', '--maxWorkers=1', '--selectProjects', ...lane.projects], {
    stdio: lane.live ? 'inherit' : ['ignore', fd, fd],
    env: { ...process.env, AR_TEST_SUMMARY_FILE: summary },
  });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (fd !== null) fs.closeSync(fd);
      const counts = fs.existsSync(summary) ? JSON.parse(fs.readFileSync(summary, 'utf8')) : null;
      resolve({ status: status ?? 1, counts, log, live: lane.live });
    });
  });
}
