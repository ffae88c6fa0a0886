import { expect, latestCode, screenReady, someClientAddress, test } from './fixtures';

/** The seeded customer with a confirmed phone (server/db/seed.ts), as README offers it to reviewers. */
const DEMO_PHONE = { email: 'demo-phone@meridian.test', password: 'MeridianDemo2026', phone: '+447700900123' };

test('the demo customer with a phone signs in with its SMS code and opens the on-chain withdrawal', async ({ page, context }) => {
  const headers = { 'X-Forwarded-For': someClientAddress() };
  const login = await context.request.post('/api/auth/login', {
    data: { email: DEMO_PHONE.email, password: DEMO_PHONE.password },
    headers,
  });
  const challenge = (await login.json()) as { twoFactorRequired: boolean; challengeToken: string };
  expect(challenge.twoFactorRequired).toBe(true);
  const code = await latestCode(context.request, DEMO_PHONE.phone, 'login_two_factor');
  const verified = await context.request.post('/api/auth/2fa/phone/verify', {
    data: { challengeToken: challenge.challengeToken, code },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);

  await page.goto('/accounts/crypto/withdraw/ETH');
  await screenReady(page);
  // Not sent on to the phone settings or the identity check: the guard's three conditions hold.
  await expect(page).toHaveURL(/\/accounts\/crypto\/withdraw\/ETH$/);
});
