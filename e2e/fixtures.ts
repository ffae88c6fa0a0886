import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const test = base.extend<{ signIn: () => Promise<void> }>({
  /** Session cookies as the server will set them; the guard only looks at their presence. */
  signIn: async ({ context, baseURL }, use) => {
    await use(async () => {
      const url = baseURL!;
      await context.addCookies([
        { name: 'auth_token', value: 'e2e-access', url, sameSite: 'Lax' },
        { name: 'refresh_token', value: 'e2e-refresh', url, sameSite: 'Lax' },
      ]);
    });
  },
});

/** Waits until the screen's heading is there, i.e. the guard decided and the screen rendered. */
export async function screenReady(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
