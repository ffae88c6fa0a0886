import type { APIRequestContext } from '@playwright/test';
import type { RecurringBuys } from '../contract/recurringBuys';
import { confirmItsMe, expect, receiveBankTransfer, registerCustomer, screenReady, test } from './fixtures';

/** A fresh customer with 100 EUR and an empty BTC account. */
async function fundedCustomer(request: APIRequestContext) {
  const customer = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${customer.tokens.accessToken}` };
  for (const currency of ['EUR', 'BTC']) {
    const response = await request.post('/api/accounts-management/open-account', {
      data: { currency },
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await receiveBankTransfer(request, headers, { currency: 'EUR', amount: '100.00' });
  return { ...customer, headers };
}

test('a weekly recurring buy is set up with one step-up, runs once for its day into the activities, and is paused, resumed and cancelled', async ({
  page,
  context,
}) => {
  const customer = await fundedCustomer(context.request);
  await page.goto('/transfer');
  await screenReady(page);
  await page.getByRole('link', { name: /Recurring buys/ }).click();
  await expect(page.getByRole('heading', { name: 'Recurring buys', level: 1 })).toBeVisible();
  await expect(page.getByText('No recurring buys yet.', { exact: false })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'New recurring buy' }).click();
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

  // The run is a normal exchange: it shows in the activities, and the euros left the account.
  await page.goto('/activities');
  await expect(page.getByTestId('activity-row').filter({ hasText: 'Exchange' }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('activity-row').filter({ hasText: '€10.00' }).first()).toBeVisible();

  await page.goto('/recurring-buys');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(plan).toContainText('Paused');
  await expect(plan.getByTestId('recurring-next')).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(plan).toContainText('Active');
  await expect(plan.getByTestId('recurring-next')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel plan' }).click();
  const sheet = page.getByRole('dialog', { name: 'Cancel this recurring buy?' });
  await expect(sheet).toContainText('Every Friday · BTC stops for good.');
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
