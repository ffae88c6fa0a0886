import type { APIRequestContext } from '@playwright/test';
import type { RecurringBuys } from '../contract/recurringBuys';
import { confirmItsMe, expect, receiveBankTransfer, registerCustomer, screenReady, test } from './fixtures';

/** A fresh customer with 100 EUR and empty BTC and ETH accounts (BTC comes first in a list of them); `ether` is the ETH account's id. */
async function fundedCustomer(request: APIRequestContext) {
  const customer = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${customer.tokens.accessToken}` };
  const opened: Record<string, string> = {};
  for (const currency of ['EUR', 'BTC', 'ETH']) {
    const response = await request.post('/api/accounts-management/open-account', {
      data: { currency },
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(200);
    opened[currency] = ((await response.json()) as { id: string }).id;
  }
  await receiveBankTransfer(request, headers, { currency: 'EUR', amount: '100.00' });
  return { ...customer, headers, ether: opened.ETH! };
}

test('a weekly recurring buy is set up with one step-up, runs once for its day into the activities, and is paused, resumed and cancelled', async ({
  page,
  context,
}) => {
  const customer = await fundedCustomer(context.request);
  // From the ETH account: the new plan buys ETH, which only the link chose (BTC comes first otherwise).
  await page.goto(`/accounts/${customer.ether}`);
  await screenReady(page);
  await page.getByRole('link', { name: 'Buy regularly' }).click();
  await expect(page).toHaveURL(/\/recurring-buys\?asset=ETH$/);
  await expect(page.getByRole('heading', { name: 'Recurring buys', level: 1 })).toBeVisible();
  await expect(page.getByText('No recurring buys yet.', { exact: false })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'New recurring buy' }).click();
  await expect(page.getByLabel('Buy', { exact: true }).locator('option:checked')).toHaveText('ETH');
  await page.getByLabel('Amount each time').fill('10');
  await page.getByLabel('On', { exact: true }).selectOption({ label: 'Friday' });
  const firstRun = page.getByTestId('recurring-first-run');
  await expect(firstRun).toContainText(/First buy: Fri, /);
  const firstDay = (await firstRun.textContent())!.match(/First buy: (.+?) ·/)![1]!;

  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/recurring-buys'))
      creates.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'Set up recurring buy' }).click();
  // The server allows the plan and asks for the step-up once; the same request goes again after it.
  await confirmItsMe(page, customer.email);
  const plan = page.getByTestId('recurring-plan');
  await expect(plan).toHaveCount(1, { timeout: 15_000 });
  await expect(plan).toContainText('Every Friday');
  await expect(plan).toContainText('Active');
  await expect(plan.getByTestId('recurring-next')).toHaveText(`Next buy: ${firstDay}`);
  expect(creates).toHaveLength(2);
  expect(creates[1]).toBe(creates[0]);

  // Its day comes: demo mode runs it now, as the job does on the day.
  const { plans } = (await (await context.request.get('/api/recurring-buys', { headers: customer.headers })).json()) as RecurringBuys;
  expect(plans).toHaveLength(1);
  const run = await context.request.post(`/api/simulate/recurring-buys/${plans[0]!.id}/run`, { data: {}, headers: customer.headers });
  expect(run.status(), await run.text()).toBe(200);
  await page.reload();
  await expect(plan.getByTestId('recurring-run')).toHaveCount(1, { timeout: 15_000 });
  await expect(plan.getByTestId('recurring-run')).toHaveText(`${firstDay} Bought`);
  await expect(plan.getByTestId('recurring-next')).not.toHaveText(`Next buy: ${firstDay}`);

  // The run is an exchange marked as the plan's: it shows in the activities with the euros that left the
  // account, and its detail leads back to the plans.
  await page.goto('/activities');
  const ran = page.getByTestId('activity-row').filter({ hasText: 'Recurring buy · ETH' });
  await expect(ran).toHaveCount(1, { timeout: 15_000 });
  await expect(ran).toContainText('€10.00');
  await ran.click();
  await page.getByTestId('activity-recurring-buy').click();
  await expect(page).toHaveURL(/\/recurring-buys$/);
  await expect(plan).toHaveCount(1);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(plan).toContainText('Paused');
  await expect(plan.getByTestId('recurring-next')).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(plan).toContainText('Active');
  await expect(plan.getByTestId('recurring-next')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel plan' }).click();
  const sheet = page.getByRole('dialog', { name: 'Cancel this recurring buy?' });
  await expect(sheet).toContainText('Every Friday · ETH stops for good.');
  await sheet.getByRole('button', { name: 'Keep it' }).click();
  await expect(sheet).toBeHidden();
  await expect(plan).toContainText('Active');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await sheet.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(plan).toContainText('Cancelled');
  await expect(plan.getByRole('button')).toHaveCount(0);
  // The run stays listed on the cancelled plan.
  await expect(plan.getByTestId('recurring-run')).toHaveText(`${firstDay} Bought`);
});
