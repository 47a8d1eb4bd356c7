import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root, whether running from `src/` (tests) or `dist/src/` (built). */
export const PROJECT_ROOT = (() => {
  let dir = __dirname;
  while (dir !== path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'auction-back-office') return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
})();

export const ADMIN_DIST = path.join(PROJECT_ROOT, 'admin', 'dist');
export const APP_VERSION: string = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).version;
