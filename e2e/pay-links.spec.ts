import type { APIRequestContext, Browser } from '@playwright/test';
import { localizePath, type Locale } from '../contract/locales';
import { PAY_LINK_POLL_MS } from '../machines/payment/payment.machine';
import { confirmItsMe, expect, receiveBankTransfer, registerCustomer, someClientAddress, stepUpByApi, test } from './fixtures';
import { customerWhoMayWithdraw } from './approvedCustomer';
import { saveScreenshot } from './screenshots';
import { expectNoAxeViolations } from './axe';

/** A new customer signed in in `request`'s cookies, with the bearer headers its API calls need. */
async function customer(request: APIRequestContext, language: Locale = 'en') {
  const registered = await registerCustomer(request, language);
  return { ...registered, headers: { Authorization: `Bearer ${registered.tokens.accessToken}` } };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** A request of `requester` made through the API (the /pay form has its own journey below). */
async function requestPayment(request: APIRequestContext, requester: Customer, body: Record<string, unknown> = {}) {
  await stepUpByApi(request, requester.headers, 'paylink.create', requester.email);
  const answer = await request.post('/api/pay-links', {
    data: { asset: 'EUR', amount: '12.50', description: 'Concert tickets', expiresInHours: null, ...body },
    headers: requester.headers,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { hash: string }).hash;
}

/** A second browser with a customer of its own, holding `eur` euros. */
async function payerBrowser(browser: Browser, baseURL: string | undefined, eur: string, language: Locale = 'en') {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': someClientAddress() } });
  const payer = await customer(context.request, language);
  await receiveBankTransfer(context.request, payer.headers, { currency: 'EUR', amount: eur });
  return { context, payer, page: await context.newPage() };
}

test('a request made on /pay is paid from another currency in a second browser; the requester’s open page says so at once', async ({
  page,
  browser,
  baseURL,
}) => {
  const requester = await customer(page.context().request);
  await page.goto('/pay');
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByLabel('Amount').fill('12.50');
  await page.getByLabel('What it is for').fill('Concert tickets');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await confirmItsMe(page, requester.email);
  await expect(page.getByRole('heading', { name: 'Your payment link' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy the payment link' })).toBeVisible();
  await saveScreenshot(page, { path: 'reports/screenshots/pay-created-en-1280.png', fullPage: true });
  const url = await page.getByRole('link', { name: /\/pay\/[A-Za-z0-9_-]{22}$/ }).getAttribute('href');
  expect(url).toMatch(/\/pay\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole('list', { name: 'Your requests' })).toContainText('Open');

  // The requester watches their own request: it cannot be paid from here.
  await page.goto(url!);
  await expect(page.getByRole('heading', { name: 'Your payment request' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Open');
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  // …and keeps the list open in a second tab, where the request is open and can be cancelled.
  const list = await page.context().newPage();
  await list.goto('/pay');
  const requests = list.getByRole('list', { name: 'Your requests' });
  await expect(requests).toContainText('Open');
  await expect(requests.getByRole('button', { name: 'Cancel request' })).toBeVisible();

  // The payer holds euros only: paying the dollar request goes through a quote.
  const { context, payer, page: payerPage } = await payerBrowser(browser, baseURL, '100.00');
  await payerPage.goto(url!);
  await expect(payerPage.getByRole('heading', { name: 'A Meridian customer asks you to pay' })).toBeVisible();
  const quote = payerPage.getByTestId('payment-quote');
  await expect(quote).toContainText('You pay (fee included)');
  await expect(payerPage.getByTestId('payment-quote-seconds')).toHaveText(/The quote holds for \d+ more seconds?\./);
  await payerPage.getByRole('button', { name: 'Pay' }).click();
  await confirmItsMe(payerPage, payer.email);
  await expect(payerPage.getByTestId('payment-status')).toHaveText('Paid. The money has left your account.');
  await expect(payerPage.getByText('Charged to your account:')).toBeVisible();

  // No reload on the requester's page: the event stream (or its 5-second poll) brought the news.
  await expect(page.getByTestId('payment-status')).toHaveText('This request has already been paid.');
  // The list follows too (one read of the customer's requests every PAY_LINK_POLL_MS, not a stream per
  // link): within two polls it says Paid and no longer offers to cancel.
  await expect(requests).toContainText('Paid', { timeout: 2 * PAY_LINK_POLL_MS });
  await expect(requests.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  await list.close();
  // The payer's balance fell by what the quote said, and a paid link says so to anyone opening it.
  await payerPage.reload();
  await expect(payerPage.getByTestId('payment-status')).toHaveText('This request has already been paid.');
  await context.close();
});

test('a signed-out visitor of a request logs in and comes back to it; cancelled requests say so', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': someClientAddress() } });
  const requester = await customer(api);
  const hash = await requestPayment(api, requester);
  const cancelled = await requestPayment(api, requester, { description: 'Old dinner' });
  expect((await api.post(`/api/pay-links/${cancelled}/cancel`, { data: {}, headers: requester.headers })).status()).toBe(200);
  const visitor = await registerCustomer(api);
  await api.dispose();

  await page.goto(`/pay/${hash}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fpay%2F${hash}$`));
  // Above the sign-in, the link's public preview: who asks (this requester gave no name) and how much.
  const preview = page.getByTestId('pay-link-preview');
  await expect(preview.getByRole('heading', { name: 'A Meridian customer asks you to pay' })).toBeVisible();
  await expect(preview).toContainText('€12.50');
  await page.getByLabel('E-mail').fill(visitor.email);
  await page.getByLabel('Password').fill(visitor.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/${hash}$`));
  await expect(page.getByRole('heading', { name: 'A Meridian customer asks you to pay' })).toBeVisible();
  await expect(page.getByText('Concert tickets')).toBeVisible();

  await page.goto(`/pay/${cancelled}`);
  await expect(page.getByTestId('payment-status')).toHaveText('The requester cancelled this request; it can no longer be paid.');
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);

  // Past its expiry the server answers a link `expired` (tests/server/pay-links.test.ts moves its clock an
  // hour); the browser cannot move the server's clock, so here the real answer is changed to that one.
  await page.route(`**/api/pay-links/${hash}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...(await response.json()), status: 'expired', expiresAt: new Date(Date.now() - 60_000).toISOString() },
    });
  });
  await page.goto(`/pay/${hash}`);
  await expect(page.getByTestId('payment-status')).toHaveText('This request has expired and can no longer be paid.');
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
});

for (const locale of ['en', 'ar'] as const) {
  test(`screenshots and axe: /pay and /pay/{hash} with a quote in ${locale}, 390 and 1280 wide`, async ({ page, browser, baseURL }) => {
    const requester = await customer(page.context().request, locale);
    await requestPayment(page.context().request, requester, { asset: 'USD' });
    const hash = await requestPayment(page.context().request, requester, { asset: 'USD', description: 'Shared taxi' });
    await page.goto(localizePath('/pay', locale));
    await expect(page.getByRole('list')).toContainText('Shared taxi');
    const { context, page: payerPage } = await payerBrowser(browser, baseURL, '100.00', locale);
    await payerPage.goto(localizePath(`/pay/${hash}`, locale));
    await expect(payerPage.getByTestId('payment-quote')).toBeVisible();
    // The account to pay from reads its balance as money in the page's language, not “100.00 EUR”.
    await expect(payerPage.locator('select[name="from"] option:checked')).toContainText(locale === 'en' ? '€100.00' : '١٠٠٫٠٠');
    // A signed-out visitor of the link: the preview above the sign-in.
    const visitorContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': someClientAddress() } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(localizePath(`/pay/${hash}`, locale));
    await expect(visitor.getByTestId('pay-link-preview')).toBeVisible();
    for (const width of [390, 1280]) {
      for (const [name, shown] of [
        ['pay', page],
        ['pay-link', payerPage],
        ['pay-link-signed-out', visitor],
      ] as const) {
        await shown.setViewportSize({ width, height: 900 });
        await saveScreenshot(shown, { path: `reports/screenshots/${name}-${locale}-${width}.png`, fullPage: true });
      }
    }
    await expectNoAxeViolations(page);
    await expectNoAxeViolations(payerPage);
    await expectNoAxeViolations(visitor);
    await context.close();
    await visitorContext.close();
  });
}

test('two customers: A sends to B by e-mail, B sees it with A’s name; B asks A for money and A pays it from her requests', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await playwright.request.newContext({ baseURL });
  // Both carry the name their identity check verified (the same passport's): Lena Vogel.
  const ada = await customerWhoMayWithdraw(page.context().request, admin, 'en', '0.1');
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': someClientAddress() } });
  const ben = await customerWhoMayWithdraw(other.request, admin, 'en', '0.1');
  await admin.dispose();
  const benPage = await other.newPage();

  // A sends from the home page's Send: the review names B masked before anything moves.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Send' }).click();
  await page.getByLabel('E-mail address or phone number').fill(ben.email);
  await page.getByLabel('From account').selectOption({ label: 'ETH' });
  await page.getByLabel('Amount').fill('0.01');
  await page.getByLabel('Note (optional)').fill('Lunch');
  await page.getByRole('button', { name: 'Review' }).click();
  const review = page.getByTestId('send-review');
  await expect(review).toContainText('Lena V.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Money sent' })).toBeVisible();
  await expect(page.getByText('sent to Lena V.')).toBeVisible();
  await saveScreenshot(page, { path: 'reports/screenshots/send-sent-en-1280.png', fullPage: true });
  // B is now A's most recent contact, found by name.
  await page.getByRole('button', { name: 'Send more money' }).click();
  await page.getByLabel('Search by name').fill('Lena');
  await expect(page.getByTestId('send-contact')).toHaveCount(1);
  await expect(page.getByTestId('send-contact')).toContainText('Lena Vogel');

  // B's activities name A.
  await benPage.goto('/activities');
  await expect(benPage.getByText('Lena Vogel').first()).toBeVisible();

  // B asks A for 0.002 ETH; A sees it in her notifications, opens her requests and pays it.
  await benPage.goto('/send/requests');
  await benPage.getByLabel('Ask whom (e-mail address or phone number)').fill(ada.email);
  await benPage.getByLabel('Currency').selectOption('ETH');
  await benPage.getByLabel('Amount').fill('0.002');
  await benPage.getByRole('button', { name: 'Request money' }).click();
  await expect(benPage.getByText('Your request was sent.')).toBeVisible();
  const benRequests = benPage.getByRole('list', { name: 'Your requests' });
  await expect(benRequests).toContainText('You asked Lena Vogel');
  // A reminder right after asking is refused by the server, which the row says.
  await benRequests.getByRole('button', { name: 'Remind' }).click();
  await expect(benRequests.getByRole('alert')).toHaveText('You reminded them less than a day ago. You can remind them once a day.');

  await page.goto('/notifications');
  await page.getByTestId('notification').filter({ hasText: 'Money requested' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/send\/requests$/);
  const adaRequests = page.getByRole('list', { name: 'Your requests' });
  await expect(adaRequests).toContainText('Lena Vogel asks you');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'reports/screenshots/money-requests-en-1280.png', fullPage: true });
  await adaRequests.getByRole('button', { name: 'Pay' }).click();
  await expect(adaRequests.getByRole('status')).toHaveText('Paid.');
  await expect(adaRequests).toContainText('Paid');
  await expect(adaRequests.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  // B's list says paid once it is read again.
  await benPage.reload();
  await expect(benRequests).toContainText('Paid');
  await other.close();
});

test('/send refuses an amount over what the sending limit leaves as it is typed, before any look-up or step-up', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await playwright.request.newContext({ baseURL });
  // 0.25 ETH ($600 to $1,000, within level 1's daily top-up limit) stays on level 1, whose daily sending limit ($500) is less than 0.22 ETH.
  await customerWhoMayWithdraw(page.context().request, admin, 'en', '0.25');
  await admin.dispose();
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/send/lookup') || request.url().includes('/api/step-up')) lookups.push(request.url());
  });
  await page.goto('/send');
  const limit = page.getByTestId('limit-left');
  await expect(limit.getByRole('heading', { name: 'Your sending limit' })).toBeVisible();
  await page.getByLabel('E-mail address or phone number').fill('someone@example.com');
  await page.getByLabel('From account').selectOption({ label: 'ETH' });
  await expect(page.getByText(/^You can send up to \d+(?:\.\d{1,6})?\sETH today: what your daily sending limit leaves\.$/)).toBeVisible();
  await page.getByLabel('Amount').fill('0.22');
  const alert = page.getByRole('alert').filter({ hasText: 'That is more than your daily sending limit leaves' });
  await expect(alert).toHaveText(/^That is more than your daily sending limit leaves: you can send up to [\d.]+\sETH today\.$/);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('send-review')).toHaveCount(0);
  // Within the limit the message goes at once.
  await page.getByLabel('Amount').fill('0.01');
  await expect(alert).toHaveCount(0);
  expect(lookups).toEqual([]);
});
