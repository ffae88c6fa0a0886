import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Each build gets an id; builds/latest.json tells running tabs that a newer one is out. */
const buildId = process.env.BUILD_ID ?? `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(3).toString('hex')}`;

function latestBuildManifest(): Plugin {
  return {
    name: 'meridian-latest-build',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify({ id: buildId }) });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), latestBuildManifest()],
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(command === 'build' ? buildId : 'dev'),
  },
  build: { target: 'es2022', sourcemap: true },
  // `npm run dev` runs the API server next to Vite; the browser sees one origin.
  // The API server listens on 127.0.0.1 (HOST), which `localhost` may not resolve to first.
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3000'}` } },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'threads',
    maxWorkers: 2,
  },
}));
