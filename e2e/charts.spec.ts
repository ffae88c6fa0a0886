import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { call, cardCustomer } from './cardCustomer';
import { expect, screenReady, test } from './fixtures';

/*
 * The charts a customer reads off their accounts (issue 26 §3): a crypto account's price chart with their
 * exchanges of it marked, and a card account's spending by month and by merchant category.
 */

test.describe.configure({ timeout: 120_000 });

/** A fresh customer with BTC, EUR and a card account (cardCustomer), signed in in this page. */
async function customer(page: Page, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, debt: boolean) {
  const admin = await playwright.request.newContext({ baseURL });
  const who = await cardCustomer(page.context().request, admin, 'en', { debt });
  await admin.dispose();
  return who;
}

/** Exchanges `amount` EUR into BTC as the exchange screen does: a quote, then the transfer. */
async function buyBitcoin(request: APIRequestContext, token: string, from: string, to: string, amount: string) {
  const quote = await call(request, token, 'POST', '/transfers/quotes', { fromAccountId: from, toAccountId: to, amount, side: 'in' }, 201);
  return call(request, token, 'POST', '/transfers', { quoteId: quote.id }, 201);
}

test('a crypto account draws its price with the customer’s exchange marked, in the chart and its table', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { tokens, btcAccountId, eurAccountId } = await customer(page, playwright, baseURL!, false);
  await buyBitcoin(page.request, tokens.accessToken, eurAccountId, btcAccountId, '20');
  await page.goto(`/accounts/${btcAccountId}`);
  await screenReady(page);
  const chart = page.locator('section', { has: page.getByRole('heading', { name: 'BTC price' }) });
  await expect(chart.getByTestId('chart-plot').locator('canvas')).toBeVisible();
  await expect(chart.getByText('The dot marks your exchange in this period.')).toBeVisible();
  // The table alternative, on request, lists the exchange beside the price it was made at.
  const table = chart.getByTestId('chart-table');
  await expect(table).toHaveCount(0);
  const showTable = chart.getByRole('button', { name: 'Show the figures as a table' });
  await expect(showTable).toHaveAttribute('aria-expanded', 'false');
  await showTable.click();
  await expect(chart.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
  await expect(table.getByRole('columnheader', { name: 'Your exchanges' })).toBeVisible();
  await expect(table.getByRole('cell', { name: /^Bought [\d.]+ BTC for €20\.00$/ })).toBeAttached();
  // The keyboard reaches the exchange's point too: its date, the price and what was done there.
  // Back from the latest point: the exchange was made minutes ago, a price or two before now.
  const back = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.length - 1 - rows.findIndex((row) => row.textContent?.includes('Bought')));
  await chart.getByTestId('chart-plot').focus();
  await page.keyboard.press('End');
  for (let step = 0; step < back; step++) await page.keyboard.press('ArrowLeft');
  await expect(chart.getByTestId('chart-point')).toHaveText(/: \$[\d,]+\.\d\d · Bought [\d.]+\sBTC for €20\.00$/);
  // Another range is read on a press; the day's chart still holds today's exchange.
  await chart.getByRole('button', { name: 'Day' }).click();
  await expect(chart.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('cell', { name: /^Bought / })).toBeAttached();

  // While balances are hidden the line and its table are not drawn: an exchange's place tells figures too.
  await page.getByRole('button', { name: 'Hide balances' }).click();
  await expect(chart.getByText('The chart is hidden while balances are hidden.')).toBeVisible();
  await expect(chart.getByTestId('chart-table')).toHaveCount(0);
  await expect(chart.getByText('The dot marks your exchange in this period.')).toHaveCount(0);
});

test('a card account shows what its cards paid this month and in which merchant category, after a card payment', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { tokens, accountId, cardId } = await customer(page, playwright, baseURL!, false);
  await call(page.request, tokens.accessToken, 'POST', '/simulate/card-authorizations', {
    cardId,
    amount: '42.50',
    merchant: 'Marché Bio',
    channel: 'chip',
    category: 'groceries',
  });
  await page.goto(`/card-accounts/${accountId}`);
  await screenReady(page);
  const spending = page.locator('section', { has: page.getByRole('heading', { name: 'Card spending' }) });
  const month = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  await expect(spending.getByRole('heading', { name: 'By month' })).toBeVisible();
  await expect(spending.getByTestId('spending-months').getByRole('row', { name: new RegExp(`${month}.*€42\\.50`) })).toBeVisible();
  await expect(spending.getByRole('heading', { name: 'By merchant category' })).toBeVisible();
  await expect(spending.getByTestId('spending-categories').getByRole('row', { name: /Groceries.*€42\.50/ })).toBeVisible();
});
