import { test, type Page, type PageScreenshotOptions } from '@playwright/test';

/**
 * Saves a screenshot under `reports/screenshots` for people to look at (`attach`: also in the HTML report).
 * Nothing reads them back, so `npm test` (CI, where nobody opens them) turns them off with
 * `E2E_SCREENSHOTS=off` and keeps the seconds; `npm run test:e2e` takes them.
 */
export async function saveScreenshot(
  page: Page,
  { attach = false, ...options }: PageScreenshotOptions & { path: string; attach?: boolean },
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await page.screenshot(options);
  if (attach) {
    const name = options.path.replace(/^.*\//, '').replace(/\.png$/, '');
    await test.info().attach(name, { path: options.path, contentType: 'image/png' });
  }
}
