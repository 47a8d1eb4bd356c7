// `npm run cli -- <command> [options]`: builds the server (incremental tsc) when dist/ is missing or
// older than the sources, then runs `node dist/cli/main.js <args>` and passes its exit code through.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'cli', 'main.js');
const buildInfo = path.join(root, 'dist', '.tsbuildinfo-build');
const lockDir = path.join(root, 'dist', '.build.lock');
const SOURCES = ['src', 'cli', 'migrations', 'bench'];
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];

function newestSourceMtime() {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else if (/\.(ts|json)$/.test(p) && st.mtimeMs > newest) {
      newest = st.mtimeMs;
    }
  };
  for (const s of [...SOURCES, ...CONFIGS]) visit(path.join(root, s));
  return newest;
}

function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

const isStale = () => !fs.existsSync(entry) || newestSourceMtime() > mtime(buildInfo);

/** One build at a time (parallel CLI runs, tests): a lock folder, taken over when older than 5 minutes. */
async function withBuildLock(fn) {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() - mtime(lockDir) > 5 * 60_000) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (waited === 0) process.stderr.write('· waiting for another build of the server to finish...\n');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

function build() {
  if (!isStale()) return 0; // built meanwhile by whoever held the lock
  process.stderr.write('· building the server (tsc -p tsconfig.build.json)...\n');
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!fs.existsSync(tsc)) {
    process.stderr.write('error: TypeScript is not installed: run `npm install` first.\n');
    return 1;
  }
  // Outputs deleted but the incremental state kept: drop the state, or tsc may think all is emitted.
  if (!fs.existsSync(entry)) fs.rmSync(buildInfo, { force: true });
  const res = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) {
    // tsc still emits on type errors (noEmitOnError is off): run that, loudly, rather than block every command.
    if (res.status !== 2 || !fs.existsSync(entry)) {
      process.stderr.write('error: the server did not build (see above); the command was not run.\n');
      return res.status ?? 1;
    }
    process.stderr.write('warning: the server has type errors (see above); running the emitted JavaScript anyway.\n');
    return 0;
  }
  // tsc leaves its state untouched when nothing changed: mark the build current for the next run.
  const now = new Date();
  if (fs.existsSync(buildInfo)) fs.utimesSync(buildInfo, now, now);
  else fs.writeFileSync(buildInfo, '');
  return 0;
}

if (isStale()) {
  const code = await withBuildLock(build);
  if (code !== 0) process.exit(code);
}

const child = spawn(process.execPath, ['--enable-source-maps', entry, ...process.argv.slice(2)], { cwd: process.cwd(), stdio: 'inherit' });
// Ctrl-C reaches the child through the terminal's process group; SIGTERM from a supervisor is forwarded.
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
process.on('SIGINT', () => undefined);
child.on('exit', (code, signal) => {
  process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1));
});
