import type { Page } from '@playwright/test';
import { localizePath } from '../contract/locales';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { expect, screenReady, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

const MESSAGES = { en, ar } as const;
/** Same origin as the app, so the CSP's 'self' admits it: the server's CSP for a configured origin is tests/server/support.test.ts's. */
const FAKE_WIDGET = '/e2e-fake-chat-widget.js';

/** A stand-in for the vendor's script: it shows a chat window saying which site and language it opened with. */
const FAKE_WIDGET_SOURCE = `
const tag = document.currentScript;
window.meridianChatWidget = {
  open({ siteId, language }) {
    const box = document.createElement('aside');
    box.setAttribute('aria-label', 'Fake chat');
    box.dataset.testid = 'fake-chat';
    box.textContent = 'chat ' + siteId + ' ' + language + ' ' + tag.dataset.siteId + ' ' + tag.dataset.language;
    document.body.append(box);
  },
};`;

/** The server answers as when CHAT_WIDGET_URL / CHAT_SITE_ID name the widget; counts script requests. */
async function configureChat(page: Page, script: 'works' | 'fails') {
  const requests: string[] = [];
  await page.route('**/api/support/chat-widget', (route) =>
    route.fulfill({ json: { chat: { scriptUrl: new URL(FAKE_WIDGET, page.url() || 'http://localhost').href, siteId: 'site-42' } } }),
  );
  await page.route(`**${FAKE_WIDGET}`, (route) => {
    requests.push(route.request().url());
    return script === 'works' ? route.fulfill({ contentType: 'text/javascript', body: FAKE_WIDGET_SOURCE }) : route.abort('failed');
  });
  return requests;
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveScreenshot(page, { path: `reports/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

for (const locale of ['en', 'ar'] as const) {
  const m = MESSAGES[locale];
  const at = (path: string) => localizePath(path, locale);

  test(`chat: the widget loads only when opened, in the customer's language (${locale})`, async ({ page, signIn }) => {
    await signIn(locale);
    await page.goto(at('/welcome'));
    const requests = await configureChat(page, 'works');
    await page.goto(at('/help'));
    await screenReady(page);
    const chat = page.getByTestId('help-chat');
    const open = chat.getByRole('button', { name: m.chat.open });
    await expect(open).toBeEnabled();
    expect(requests).toEqual([]);
    await shoot(page, `help-chat-${locale}`);
    expect(await axeViolations(page)).toEqual([]);
    await open.click();
    await expect(page.getByTestId('fake-chat')).toHaveText(`chat site-42 ${locale} site-42 ${locale}`);
    expect(requests).toHaveLength(1);
    await expect(chat.getByRole('link', { name: 'support@meridian.test' })).toHaveCount(0);
  });

  test(`chat: a widget that does not load leaves e-mail contact and a retry (${locale})`, async ({ page, signIn }) => {
    await signIn(locale);
    await page.goto(at('/welcome'));
    await configureChat(page, 'fails');
    await page.goto(at('/help'));
    const chat = page.getByTestId('help-chat');
    await chat.getByRole('button', { name: m.chat.open }).click();
    await expect(chat.getByRole('alert')).toHaveText(m.chat.failed);
    await expect(chat.getByRole('link', { name: 'support@meridian.test' })).toHaveAttribute('href', 'mailto:support@meridian.test');
    await expect(chat.getByRole('button', { name: m.chat.open })).toHaveCount(0);
    await shoot(page, `help-chat-failed-${locale}`);
    // Back online, "Try again" loads it.
    await page.unroute(`**${FAKE_WIDGET}`);
    await configureChat(page, 'works');
    await chat.getByRole('button', { name: m.chat.retry }).click();
    await expect(page.getByTestId('fake-chat')).toHaveText(`chat site-42 ${locale} site-42 ${locale}`);
    await expect(chat.getByRole('alert')).toHaveCount(0);
  });
}

test('chat: without a configured widget the help page offers e-mail only', async ({ page, signIn }) => {
  await signIn('en');
  await page.goto('/help');
  const chat = page.getByTestId('help-chat');
  await expect(chat.getByRole('link', { name: 'support@meridian.test' })).toBeVisible();
  await expect(chat.getByRole('button', { name: en.chat.open })).toHaveCount(0);
});
