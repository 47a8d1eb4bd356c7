import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { versionPlugin } from './vite-plugin-version.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const api = 'http://localhost:3000';

export default defineConfig({
  base: '/ar/',
  plugins: [react(), versionPlugin(here('../package.json'))],
  // The shared rules package is bundled from its sources. react-admin's default English provider
  // runs on a small stand-in for node-polyglot (src/i18n/litePolyglot.ts: 6 kB less to load first).
  resolve: {
    alias: {
      '@ar/rules': here('../packages/rules/src/index.ts'),
      'ra-i18n-polyglot': here('./src/i18n/litePolyglot.ts'),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vendor code changes far less often than ours: React and the router in their own chunk
        // stay cached across our releases. MUI and react-admin are left to the splitter: a group
        // would pull the parts only lazy screens use (tables, pagination, dialogs) into the
        // initial load; without one they travel with the screens that use them.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/app': { target: api, changeOrigin: true },
    },
  },
});
