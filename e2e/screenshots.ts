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

/**
 * Whether a photographed screen's test runs in this language at this width. Taking screenshots
 * (`npm run test:e2e`), all four pairs of en/ar × 390/1280 run, for people to look at. Without them
 * (`npm test`, CI) each language and each width is checked once — Arabic at phone width, where
 * right-to-left and the narrow layout meet, English at desktop width — which halves those tests' minutes.
 */
export function pairRuns(locale: string, width: number): boolean {
  return process.env.E2E_SCREENSHOTS !== 'off' || (locale === 'ar') === width < 600;
}

/**
 * Whether a photographed behaviour that the language does not change runs in this language: in both while
 * screenshots are taken, for people to look at; without them (CI) only in `runsIn`, a spec's such tests
 * taking turns between en and ar so that each language is still driven through the screens.
 */
export function languageRuns(locale: string, runsIn: string): boolean {
  return process.env.E2E_SCREENSHOTS !== 'off' || locale === runsIn;
}
