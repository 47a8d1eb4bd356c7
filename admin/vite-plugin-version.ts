import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

// One version for the whole product: the root package.json. The build date is
// fixed once per build so the bundle and dist/version.json always agree.
export function versionPlugin(rootPackageJson: string): Plugin {
  const { version } = JSON.parse(readFileSync(resolve(rootPackageJson), 'utf8')) as { version: string };
  const buildDate = new Date().toISOString();
  const body = JSON.stringify({ version, buildDate }, null, 2) + '\n';
  return {
    name: 'ar-version',
    config: () => ({
      define: {
        __APP_VERSION__: JSON.stringify(version),
        __BUILD_DATE__: JSON.stringify(buildDate),
      },
    }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body });
    },
    // The dev server answers the same file so the version check works there too.
    configureServer(server) {
      server.middlewares.use('/ar/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      });
    },
  };
}
