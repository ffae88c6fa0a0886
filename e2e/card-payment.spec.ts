import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { localizePath } from '../contract/locales';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { call, cardCustomer } from './cardCustomer';
import { expect, keepLanguage, screenReady, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

/*
 * /simulate's demo card network: a merchant charges one of a fresh customer's cards (issue 11). Approved,
 * the payment is in the card account's activity; declined, the reason is said and nothing typed is lost.
 */

const TEXTS = { en, ar } as const;

test.describe.configure({ timeout: 120_000 });

/** A fresh customer with a card account, collateral and a virtual card, signed in in this page. */
async function customerWithCard(page: Page, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, language: 'en' | 'ar') {
  const admin = await playwright.request.newContext({ baseURL });
  const customer = await cardCustomer(page.context().request, admin, language, { debt: false });
  await admin.dispose();
  return customer;
}

function cardPayment(page: Page, language: 'en' | 'ar') {
  return page.locator('section', { has: page.getByRole('heading', { name: TEXTS[language].cardPayment.title }) });
}

test('a card payment at a merchant is approved once for a double tap and shows in the card account’s activity; a frozen card is declined', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { cardId, tokens } = await customerWithCard(page, playwright, baseURL!, 'en');
  await page.goto('/simulate');
  await screenReady(page);
  const form = cardPayment(page, 'en');
  await expect(form.getByLabel('Card', { exact: true })).toContainText(/Virtual card •••• \d{4}/);
  await expect(form.getByText('Charged in EUR, the currency of your card account')).toBeVisible();

  // Nothing filled in: said next to the fields, nothing sent.
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(form.getByText('Enter the merchant’s name')).toBeVisible();
  await expect(form.getByText('Enter an amount')).toBeVisible();

  await form.getByLabel('Merchant').fill('Café Lumière');
  await form.getByLabel('Amount').fill('12.34');
  await form.getByLabel('How the card is used').selectOption('contactless');
  await form.getByRole('button', { name: 'Pay' }).dblclick();
  const approved = form.getByTestId('card-payment-approved');
  await expect(approved).toContainText('Approved: Café Lumière was paid.');
  await expect(approved).toContainText('€12.34');

  // One payment for the double tap.
  const payments = async () => {
    const cards = (await call(page.request, tokens.accessToken, 'GET', '/activities?type=card_payment')) as unknown as {
      items: { counterparty: string; amount: string }[];
    };
    return cards.items;
  };
  await expect.poll(async () => (await payments()).length).toBe(1);
  expect((await payments())[0]).toMatchObject({ counterparty: 'Café Lumière', amount: '-12.34' });

  await approved.getByRole('link', { name: 'Card account activity' }).click();
  await expect(page).toHaveURL(/\/card-accounts\/activities$/);
  await expect(page.getByText('Café Lumière').first()).toBeVisible();

  // Frozen: declined with the reason, and the form keeps what was typed.
  await call(page.request, tokens.accessToken, 'POST', `/cards/${cardId}/freeze`, {});
  await page.goto('/simulate');
  await form.getByLabel('Merchant').fill('Night Owl Books');
  await form.getByLabel('Amount').fill('5');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Declined:' })).toContainText(
    'The card is frozen. Unfreeze it under Cards to pay with it.',
  );
  await expect(form.getByLabel('Merchant')).toHaveValue('Night Owl Books');
  await expect(form.getByLabel('Amount')).toHaveValue('5');
  expect(await payments()).toHaveLength(1);
});

for (const language of ['en', 'ar'] as const) {
  test(`the card payment form in ${language}: approved and declined, screenshots at 390 and 1280, axe clean`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    const texts = TEXTS[language].cardPayment;
    await customerWithCard(page, playwright, baseURL!, language);
    await keepLanguage(page, language);
    await page.goto(localizePath('/simulate', language));
    await screenReady(page);
    const form = cardPayment(page, language);
    await form.getByLabel(texts.merchant).fill('Café Lumière');
    // More than the card's daily limit: declined in words.
    await form.getByLabel(TEXTS[language].simulate.amount).fill('9999999');
    await form.getByRole('button', { name: texts.submit }).click();
    await expect(form.getByRole('alert').filter({ hasText: texts.declinedTitle })).toContainText(texts.declined.card_limit_exceeded);
    await form.getByLabel(TEXTS[language].simulate.amount).fill('20');
    await form.getByRole('button', { name: texts.submit }).click();
    await expect(form.getByTestId('card-payment-approved')).toContainText(texts.approved.replace('{{merchant}}', 'Café Lumière'));
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const file = `reports/screenshots/${language}-${width}-simulate-card-payment.png`;
      await saveScreenshot(page, { path: file, fullPage: true, attach: true });
    }
    expect(await axeViolations(page)).toEqual([]);
  });
}
