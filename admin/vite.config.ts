import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { versionPlugin } from './vite-plugin-version.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const api = 'http://localhost:3000';

export default defineConfig({
  base: '/ar/',
  plugins: [react(), versionPlugin(here('../package.json'))],
  // The shared rules package is bundled from its sources.
  resolve: { alias: { '@ar/rules': here('../packages/rules/src/index.ts') } },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vendor code changes far less often than ours: separate chunks stay cached
        // across our releases. The total size is the same.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
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
