import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { endpointRoutes, machineDescriptionsOut, precompress, preloadManifest, prerender } from './scripts/vite-plugins.ts';

const SERVER_TESTS = ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'];
const FAULT_TESTS = ['tests/faults/**/*.test.ts'];

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

/** The packages every screen runs on (the minimal app of `npm run bench:bundle` is made of them). */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|xstate|@xstate[\\/]react|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|use-sync-external-store)[\\/]/;

/** The app's own modules: everything of the project but the entry module itself. */
const APP_MODULES = /[\\/](src[\\/](?!main\.tsx)|contract[\\/]|machines[\\/]|locales[\\/])/;

export default defineConfig(({ command }) => ({
  plugins: [react(), machineDescriptionsOut(), endpointRoutes(), latestBuildManifest(), preloadManifest(), precompress(), prerender()],
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(command === 'build' ? buildId : 'dev'),
  },
  build: {
    target: 'es2022',
    // Built for error reports, neither served nor named in the scripts (server/static.ts refuses .map).
    sourcemap: 'hidden',
    rolldownOptions: {
      // What inlining common chunks requires: the entry's exports are nobody's API.
      preserveEntrySignatures: false,
      treeshake: {
        // contract/ only declares values (schemas, tables, pure functions): what the app leaves unused of it
        // goes, zod with it. Schemas built by zod calls are pure too.
        moduleSideEffects: (id) => (/[\\/]contract[\\/]/.test(id) ? false : undefined),
        manualPureFunctions: ['z', 'mini'],
      },
      output: {
        codeSplitting: {
          // A lazy screen imported ~25 small shared chunks (0.1–3 KB each), one request apiece: copied into
          // the chunks that use them instead (one module state still, through the runtime's registry), a
          // screen's load makes half the requests and its page load costs about a sixth less processor time
          // (docs/performance.md). Chunks with styles stay files: Vite would emit their CSS once per copy.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/ },
          groups: [
            // The framework in one chunk of its own: its name (hash) survives app releases, so browsers keep it.
            // Only what the entry imports (`$initial`): the parts only some screens use (react-i18next's
            // <Trans>, xstate/graph for /flows, TanStack's mutations) load with those screens.
            { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 1 },
            // The app's part of the start in one chunk too: split by which lazy screens share each module, it
            // was 36 files of 29 bytes to 34 KB, each a request in the start's import waterfall.
            { name: 'app', test: APP_MODULES, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  // `npm run dev` runs the API server next to Vite; the browser sees one origin.
  // The API server listens on 127.0.0.1 (HOST), which `localhost` may not resolve to first.
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3000'}` } },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'node',
    pool: 'threads',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // `npm test` runs these beside typecheck, lint and the build on two cores: the property tests'
        // hundred runs each can take several times their idle time there.
        test: {
          name: 'client',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...SERVER_TESTS, ...FAULT_TESTS],
          testTimeout: 15_000,
          // As the server project: files share a worker's modules (xstate, React, the catalog) instead of
          // importing them afresh each, a quarter less CPU in all; the suite passes in any file order
          // (`--sequence.shuffle.files`), fake timers and stubbed globals are undone by the files that set them.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: SERVER_TESTS,
          // Each file imported the whole server afresh in its own module graph: about three quarters of
          // the suite's time. Files share a worker's modules instead; each file still makes its own
          // database and server, and tests/server/setup.ts runs the per-file hooks.
          isolate: false,
          setupFiles: ['tests/server/setup.ts'],
          // The suite shares two cores with whatever else runs; on a busy machine a PGlite request takes
          // many times longer than idle (building the template, the first time, several seconds more).
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      // The fault tests restart and starve a PostgreSQL cluster of their own, so they run alone, only
      // under `npm run test:faults` (scripts/with-postgres.sh exports PG_DATA), never beside the suites.
      ...(process.env.PG_DATA
        ? [{ extends: true as const, test: { name: 'faults', include: FAULT_TESTS, testTimeout: 120_000, hookTimeout: 90_000 } }]
        : []),
    ],
  },
}));
