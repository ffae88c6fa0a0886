import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * Saves a screenshot under `reports/screenshots` for people to look at. Nothing reads them back, so
 * `npm test` (CI, where nobody opens them) turns them off with `E2E_SCREENSHOTS=off` and keeps the
 * seconds; `npm run test:e2e` takes them.
 */
export async function saveScreenshot(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await page.screenshot(options);
}
