import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4391);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  // The real server (`npm start`) on a fresh embedded database for every run. TRUST_PROXY lets the
  // fixtures give each customer they create a client address of its own, as real customers have.
  webServer: {
    command: `rm -rf .data/e2e && node scripts/start.mjs`,
    url: `http://localhost:${port}/route-rules.json`,
    env: { PORT: String(port), DATA_DIR: '.data/e2e', TRUST_PROXY: '1', NODE_ENV: 'test' },
    reuseExistingServer: false,
    timeout: 240_000,
  },
});
