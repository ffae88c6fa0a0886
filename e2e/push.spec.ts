import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { localizePath, type Locale } from '../contract/locales';
import { expect, receiveBankTransfer, registerCustomer, screenReady, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

/**
 * Push, offline: headless Chromium cannot subscribe to a real push service, so `pushManager.subscribe`
 * answers a subscription of a local one (web-push-testing), which decrypts what the server sent it; the
 * payload then reaches the service worker through CDP (`ServiceWorker.deliverPushMessage`).
 */

interface LocalPushService {
  url: string;
  subscribe(applicationServerKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>;
  messages(clientHash: string): Promise<string[]>;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startLocalPushService(): Promise<LocalPushService> {
  const require = createRequire(import.meta.url);
  const Server = require('web-push-testing/src/server.js') as new (
    model: unknown,
    port: number,
  ) => { startServer(): void; _server: { close(): void } };
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };
  const port = await freePort();
  const server = new Server(new PushApiModel(), port);
  server.startServer();
  const url = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await answer.json()) as { data: unknown }).data;
  };
  await expect
    .poll(() =>
      fetch(`${url}/status`, { method: 'POST' }).then(
        (r) => r.status,
        () => 0,
      ),
    )
    .toBe(200);
  return {
    url,
    subscribe: (applicationServerKey) => post('/subscribe', { applicationServerKey, userVisibleOnly: 'true' }) as never,
    messages: async (clientHash) => ((await post('/get-notifications', { clientHash })) as { messages: string[] }).messages,
    stop: () => server._server.close(),
  };
}

/**
 * The browser's push service is the local one: `subscribe` answers its subscription, and the permission
 * prompt is answered "Allow" (the context granted it), as a customer would.
 */
async function usePushService(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript((sub) => {
    let asked = false;
    Object.defineProperty(Notification, 'permission', { get: () => (asked ? 'granted' : 'default') });
    Notification.requestPermission = async () => {
      asked = true;
      return 'granted';
    };
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async () =>
      ({ endpoint: sub.endpoint, expirationTime: null, toJSON: () => ({ ...sub, expirationTime: null }) }) as unknown as PushSubscription;
  }, subscription);
}

test('Web Push end to end: allow, a deposit is pushed encrypted, the service worker shows it, the bell counts it', async ({
  page,
  context,
}) => {
  test.slow();
  const push = await startLocalPushService();
  try {
    const customer = await registerCustomer(context.request, 'en');
    const config = (await (await context.request.get('/api/push/config')).json()) as { mode: string; vapidPublicKey: string };
    expect(config.mode).toBe('webpush');
    const device = await push.subscribe(config.vapidPublicKey);
    await usePushService(page, device);

    await page.goto('/onboarding/push-notifications');
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByRole('heading', { name: 'Notifications are on' })).toBeVisible({ timeout: 15_000 });

    const auth = { Authorization: `Bearer ${customer.tokens.accessToken}` };
    await receiveBankTransfer(context.request, auth, { currency: 'EUR', amount: '25' });

    // The server encrypted it for this device's keys: the local push service could decrypt it.
    await expect.poll(() => push.messages(device.clientHash), { timeout: 15_000 }).toHaveLength(1);
    const [sent] = await push.messages(device.clientHash);
    const payload = JSON.parse(sent!) as { title: string; body: string; url: string; tag: string };
    expect(payload).toMatchObject({ title: 'Deposit received', body: '€25.00 was credited to your account.', url: '/activities' });

    // Delivered to the service worker as the browser's push service would: it shows the notification.
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const origin = new URL(page.url()).origin;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: sent! });
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`)),
      )
      .toEqual(['Deposit received: €25.00 was credited to your account.']);

    // In the app: the bell counts it; the list shows it, and seeing it clears the count.
    await page.getByRole('button', { name: 'Continue' }).click();
    // By role: the rail's bell is hidden at this width, the top bar's is the one shown.
    const bell = page.getByRole('link', { name: 'Notifications, unread: 1' });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    await bell.click();
    await expect(page.getByTestId('notification')).toContainText(['Deposit received€25.00 was credited to your account.']);
    await expect(page.getByRole('link', { name: 'Notifications', exact: true }).first()).toBeVisible();
  } finally {
    push.stop();
  }
});

test('a push SDK that does not load leaves the app working, with push quietly left out', async ({ page, signIn }) => {
  await signIn('en');
  await page.route('**/api/push/config', (route) =>
    route.fulfill({ json: { mode: 'sdk', appId: 'meridian-test', scriptUrl: 'https://push-sdk.invalid/sdks/web/v16/sdk.page.js' } }),
  );
  await page.route('https://push-sdk.invalid/**', (route) => route.abort());
  await page.goto('/onboarding/push-notifications');
  await expect(page).toHaveURL(/\/$/);
  await screenReady(page);
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);
});

const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const locale of ['en', 'ar'] as Locale[]) {
  test(`push page and notifications list in ${locale}: screenshots, no axe violations`, async ({ page, context, signIn }) => {
    const customer = (await signIn(locale)) as Awaited<ReturnType<typeof registerCustomer>>;
    await receiveBankTransfer(
      context.request,
      { Authorization: `Bearer ${customer.tokens.accessToken}` },
      { currency: 'EUR', amount: '12.5' },
    );
    await context.grantPermissions([]);
    await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'default' }));
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const [name, path, ready] of [
        ['onboarding-push', '/onboarding/push-notifications', 'push-explaining'],
        ['notifications', '/notifications', 'notification'],
      ] as const) {
        await page.goto(localizePath(path, locale));
        await screenReady(page);
        await expect(page.getByTestId(ready).first()).toBeVisible();
        const file = `reports/screenshots/${locale}-${viewport.name}-${name}.png`;
        await saveScreenshot(page, { path: file, fullPage: true, attach: true });
        expect(await axeViolations(page)).toEqual([]);
      }
    }
  });
}
