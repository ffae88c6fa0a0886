import type { Page } from '@playwright/test';
import { cspHash, sonnerStylesheet } from '../server/http/security-headers';
import { expect, screenReady, test } from './fixtures';

/**
 * Issue 10, item 20: the Content-Security-Policy allows no inline style element but the toast
 * library's own (by hash), and the pages that show toasts and Mermaid diagrams report no violation.
 */

/** Every CSP violation the page reports, from the console and from the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|csp-violation/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `csp-violation ${event.effectiveDirective} ${event.blockedURI} ${event.sample} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  return violations;
}

test.describe('Content-Security-Policy', () => {
  test('/welcome and /login: style elements only from our origin and the toast library’s hash', async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/welcome');
    const policy = (await response!.headerValue('content-security-policy')) ?? '';
    const styleElements = /style-src-elem ([^;]*)/.exec(policy)?.[1];
    // The hash of the stylesheet in the installed sonner: an upgrade that changes it changes the policy.
    expect(styleElements).toBe(`'self' ${cspHash('')} ${cspHash(sonnerStylesheet())}`);
    expect(/style-src ([^;]*)/.exec(policy)?.[1]).toBe("'self'");
    await screenReady(page);
    await page.goto('/login');
    await screenReady(page);
    // An injected style element does not apply, and says so.
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { display: none }';
      document.head.append(style);
    });
    await expect(page.locator('body')).toBeVisible();
    await expect.poll(() => violations.filter((violation) => violation.startsWith('csp-violation style-src-elem'))).toHaveLength(1);
  });

  test('/login with a toast: the toast library’s stylesheet applies and nothing is refused', async ({ page, signIn }) => {
    await signIn();
    const violations = await watchViolations(page);
    // The first language save fails (a toast says so, and stays); the second meets an expired session
    // that cannot be renewed, and the app opens the login page — the toast still on screen.
    let saves = 0;
    await page.route('**/api/user-settings', (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      saves += 1;
      return saves === 1
        ? route.fulfill({ status: 503, body: 'down' })
        : route.fulfill({ status: 401, json: { error: { code: 'unauthorized', message: 'Session expired' } } });
    });
    await page.route('**/api/auth/refresh', (route) =>
      route.fulfill({ status: 401, json: { error: { code: 'refresh_token_invalid', message: 'Session over' } } }),
    );
    await page.goto('/profile/language');
    await screenReady(page);
    await page.getByRole('button', { name: 'Deutsch' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Ihre Sprachwahl konnte nicht in Ihrem Profil gespeichert werden.');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await screenReady(page);
    await expect(toast.first()).toBeVisible();
    // Styled by sonner's own sheet: a fixed toaster, and a toast with its padding.
    await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
    await expect(toast.first()).toHaveCSS('padding-top', '16px');
    expect(violations).toEqual([]);
  });

  test('prerendered /profile/security in ar, ru and th: no inline script to refuse', async ({ page, signIn }) => {
    await signIn('ar');
    const violations = await watchViolations(page);
    // The three locales whose screen passed React's progressive chunk size (src/prerender.tsx).
    for (const path of ['/ar/profile/security', '/ru/profile/security', '/th/profile/security']) {
      const response = await page.goto(path);
      expect(await response!.text()).toContain('data-prerendered="customer"');
      await expect(page.getByTestId('sessions-section').getByTestId('session').first()).toBeVisible();
    }
    expect(violations).toEqual([]);
  });

  test('/flows: Mermaid diagrams draw with our stylesheet and nothing is refused', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/flows?machine=login');
    await screenReady(page);
    const svg = page.getByTestId('flow-diagram').locator('svg');
    await expect(svg.locator('g.node').first()).toBeVisible();
    // No <style> of Mermaid's own: the rules come from flows.css.
    await expect(page.locator('svg style')).toHaveCount(0);
    const surface = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--surface)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    // A state the explorer does not highlight: as flows.css paints it.
    await expect(svg.locator('g.node:not([class*="flow-node--"]) rect').first()).toHaveCSS('fill', surface);
    await expect(svg).toHaveCSS('font-family', /Liberation Sans/);
    expect(violations).toEqual([]);
  });
});
