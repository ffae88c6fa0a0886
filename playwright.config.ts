import { defineConfig, devices } from '@playwright/test';
import { FULL_BROWSER_TAG, type ClientAddressOption, type HeadlessShellOption } from './e2e/fixtures';
import { TEST_CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH } from './scripts/chromium';
import { localIssuer, localOidcEnv } from './scripts/oidc-local.mjs';

const port = Number(process.env.E2E_PORT ?? 4391);
/** The Google and Apple stand-ins: on 127.0.0.1, another site than the app's localhost. */
const oidcPorts = { googlePort: port + 1000, applePort: port + 1001 };

/** Journeys that send transactions on the local chain nodes (the model paths' chains are stand-ins). */
const LOCAL_CHAIN_SPECS = /(wallet|on-chain-deposit|withdrawal)\.spec\.ts/;
/** Journeys of the service worker itself: the offline shell, the installability, push. */
const SERVICE_WORKER_SPECS = /(installable-app|push)\.spec\.ts/;
/**
 * Journeys that meet the push page's question ("Not now"): in the headless shell, with the page's
 * notification permission read as not yet asked (`notificationsNotYetAsked`, e2e/fixtures.ts).
 */
const PUSH_QUESTION_SPECS = /(journey|profile|register)\.spec\.ts/;
/**
 * Tests in the full browser, tagged `FULL_BROWSER_TAG`: the takeover of the prerendered /welcome and /login
 * with no console error (the shell ends their passkey autofill request at once, which the app logs).
 * Everything else runs in the headless shell.
 */
const FULL_BROWSER = new RegExp(FULL_BROWSER_TAG);
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: TEST_CHROMIUM_ARGS },
  // A request the worker answers (from its cache, or its own fetch) bypasses route interception, which the
  // model paths and many journeys answer with: everywhere but the worker's own project, there is none.
  serviceWorkers: 'block' as const,
};

export default defineConfig<ClientAddressOption & HeadlessShellOption>({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // CI runs on a shared 2-core machine about twice as slow as a developer's; journeys that take
  // 15 s here took 30 s there.
  timeout: 60_000,
  // The same reason for assertions: a screen that shows in 2 s here took over 5 s on a loaded CI run.
  expect: { timeout: 15_000 },
  // One retry: a test that fails and then passes is reported "flaky" in the list and the HTML report, and
  // its cause is still a defect to find (docs/testing.md keeps the list), but one rare race in ~450 tests
  // no longer turns the whole run red. A test that fails twice fails the run.
  retries: 1,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // Merges what the model tests took in the browser and fails a full run below 100 % (docs/testing.md).
  globalTeardown: './e2e/model-coverage.ts',
  use: {
    // As a customer who asked for less motion: the spinners and skeletons stop instead of repainting every
    // frame while a test waits, about 7 % of a test's time on the busy 2 cores (docs/testing.md, "CI time, 30 November").
    reducedMotion: 'reduce',
    baseURL: `http://localhost:${port}`,
    // DOM snapshots of every action on a failed test's retry (which is what fails a run, or shows a flaky
    // one): recording them on every first attempt cost each test about a tenth of its time on the busy 2
    // cores (docs/testing.md, "CI time, 30 November"). No screencast; the failure's own screenshot is taken below.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // The local nodes mine a block for every transaction, so a transaction of one of these journeys adds a
      // confirmation to another's: a journey waiting to see "1 of 2 confirmations" could see its deposit
      // credited at once. One worker runs them one after another, while the other runs the rest; listed
      // first so that they start with the run instead of leaving one worker idle at its end.
      name: 'local-chains',
      testMatch: LOCAL_CHAIN_SPECS,
      workers: 1,
      use: { ...chromium, clientAddressOnApiOnly: true },
    },
    {
      name: 'chromium',
      testIgnore: [/kyc-camera\.spec\.ts/, LOCAL_CHAIN_SPECS, SERVICE_WORKER_SPECS, PUSH_QUESTION_SPECS],
      grepInvert: FULL_BROWSER,
      use: chromium,
    },
    {
      name: 'push-question',
      testMatch: PUSH_QUESTION_SPECS,
      use: { ...chromium, notificationsNotYetAsked: true },
    },
    {
      name: 'full-browser',
      grep: FULL_BROWSER,
      use: { ...chromium, launchOptions: { executablePath: CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS } },
    },
    {
      name: 'service-worker',
      testMatch: SERVICE_WORKER_SPECS,
      // The full browser: the headless shell never shows a service worker's notification (push.spec).
      use: { ...chromium, launchOptions: { executablePath: CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS }, serviceWorkers: 'allow' },
    },
    {
      // Chromium's fake camera (a test pattern) with its permission prompt answered yes.
      name: 'camera',
      testMatch: /kyc-camera\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        serviceWorkers: 'block',
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...TEST_CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
        },
      },
    },
  ],
  // The real server (`npm start`) on a fresh database for every run: PostgreSQL under `npm run test:e2e`,
  // the embedded one otherwise. TRUST_PROXY lets the fixtures give each customer they create a client
  // address of its own, as real customers have.
  webServer: [
    {
      command: 'npx tsx scripts/oidc-providers.ts',
      url: `${localIssuer(oidcPorts.applePort)}/.well-known/openid-configuration`,
      env: {
        APP_ORIGIN: `http://localhost:${port}`,
        OIDC_GOOGLE_PORT: String(oidcPorts.googlePort),
        OIDC_APPLE_PORT: String(oidcPorts.applePort),
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `rm -rf .data/e2e && node scripts/start.mjs`,
      url: `http://localhost:${port}/route-rules.json`,
      // The local chain nodes on free ports (the app learns them from /api/chains), mining only when a
      // transaction arrives or a test calls anvil_mine, so a test decides when a deposit confirms.
      env: {
        PORT: String(port),
        DATA_DIR: '.data/e2e',
        TRUST_PROXY: '1',
        // `npm run test:e2e` runs on a throwaway PostgreSQL cluster (scripts/with-postgres.sh), the engine
        // production runs on and about 5 % faster than the embedded one; it gets the demo accounts as a
        // fresh embedded database does.
        SEED_DEMO: '1',
        LOCAL_CHAIN_PORT: '0',
        LOCAL_CHAIN_BLOCK_SECONDS: '0',
        ...localOidcEnv(oidcPorts),
      },
      reuseExistingServer: false,
      timeout: 240_000,
    },
  ],
});
