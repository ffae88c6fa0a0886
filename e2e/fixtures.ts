import { randomInt, randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Locale } from '../src/api/contract/locales';

export { expect };

export const TEST_PASSWORD = 'Meridian-e2e-2026';
export const DEMO = { email: 'demo@meridian.test', password: 'MeridianDemo2026' };

/** A client address of its own per created customer, so per-address rate limits see many customers. */
export const someClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Registers a new customer through the API; the request context keeps its session cookies. */
export async function registerCustomer(request: APIRequestContext, language: Locale = 'en') {
  const email = `e2e-${randomUUID()}@meridian.test`;
  const response = await request.post('/api/auth/register', {
    data: { email, password: TEST_PASSWORD, country: 'DE', acceptTerms: true, language },
    headers: { 'X-Forwarded-For': someClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password: TEST_PASSWORD, tokens: (await response.json()) as { accessToken: string; refreshToken: string } };
}

export const test = base.extend<{ signIn: (language?: Locale) => Promise<{ email: string }> }>({
  /** A real, new customer signed in in this browser context (its saved language as given). */
  signIn: async ({ context }, use) => {
    await use((language) => registerCustomer(context.request, language));
  },
});

/** Waits until the screen's heading is there, i.e. the guard decided and the screen rendered. */
export async function screenReady(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
