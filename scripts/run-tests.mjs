// `npm test`: builds the admin (browser tests load it), then runs every Jest project.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false });
const build = run('npm', ['run', '--silent', 'build:admin']);
if (build.status !== 0) process.exit(build.status ?? 1);
const jest = run('npx', ['jest', '--maxWorkers=2', ...process.argv.slice(2)]);
process.exit(jest.status ?? 1);
