import type { Page } from '@playwright/test';
import type { Card } from '../contract/cards';
import { localizePath } from '../contract/locales';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { call, cardCustomer } from './cardCustomer';
import { addVirtualAuthenticator, expect, latestCode, screenReady, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { expectNoAxeViolations } from './axe';

/*
 * The card-account screens against the real server: a fresh customer's card account with collateral, a
 * virtual card and some debt (made through the API and the demo card network), then what the customer
 * sees and does on /card-accounts, /card-accounts/:id, /card-accounts/cards and /card-accounts/collateral.
 */

const TEXTS = { en, ar } as const;

test('freeze a card, then see its number and CVV after the step-up with a passkey, hidden again after 30 seconds', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.clock.install();
  const request = page.context().request;
  const admin = await playwright.request.newContext({ baseURL });
  const { email, cardId, accountId, tokens } = await cardCustomer(request, admin, 'en', { debt: false });
  await admin.dispose();
  const { credentials } = await addVirtualAuthenticator(page);

  // The customer adds a passkey (the step-up for that is the e-mailed code); later step-ups use it.
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await sheet.getByLabel('Confirmation code').fill(await latestCode(request, email, 'step_up'));
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(async () => (await credentials()).length).toBe(1);
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);

  await page.goto('/card-accounts/cards');
  const panel = page.getByTestId('card-panel');
  await expect(panel.getByRole('heading', { name: 'Virtual card' })).toBeVisible();
  await expect(panel.getByTestId('card-status')).toHaveText('Active');
  const number = panel.getByTestId('card-number');
  await expect(number).toHaveText(/^•••• \d{4}$/);
  const last4 = (await number.textContent())!.slice(-4);

  // Frozen: said in words on the card, and the card network refuses it.
  await panel.getByRole('button', { name: 'Freeze card' }).click();
  await expect(panel.getByTestId('card-frozen')).toHaveText('Frozen');
  await expect(panel.getByTestId('card-status')).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Unfreeze card' })).toBeVisible();
  const listed = (await call(request, tokens.accessToken, 'GET', `/card-accounts/${accountId}/cards`)) as unknown as Card[];
  expect(listed.find((c) => c.id === cardId)?.frozen).toBe(true);
  expect(await page.evaluate(() => window.localStorage.getItem('selected_card_account'))).toBe(accountId);
  await panel.getByRole('button', { name: 'Unfreeze card' }).click();
  await expect(panel.getByTestId('card-frozen')).toBeHidden();
  await expect(panel.getByTestId('card-status')).toHaveText('Active');

  // The details: the step-up sheet asks the passkey (the virtual authenticator answers), then the full number and CVV.
  const reveal = page.waitForResponse((r) => r.url().endsWith(`/api/cards/${cardId}/reveal`));
  await panel.getByRole('button', { name: 'Show card details' }).click();
  const answer = await reveal;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-store');
  await expect(number).toHaveText(new RegExp(`^\\d{4} \\d{4} \\d{4} ${last4}`));
  await expect(panel.getByTestId('card-cvv')).toHaveText(/^\d{3}$/);
  await expect(panel.getByText('Hidden again after 30 seconds.')).toBeVisible();

  // 29 seconds on, still shown; at 30, masked again and the CVV gone.
  await page.clock.runFor(29_000);
  await expect(panel.getByTestId('card-cvv')).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(number).toHaveText(`•••• ${last4}`);
  await expect(panel.getByTestId('card-cvv')).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Show card details' })).toBeVisible();
});

for (const locale of ['en', 'ar'] as const) {
  test(`the four card-account screens in ${locale}: figures, refusals, axe clean; screenshots at 390 and 1280`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow();
    const texts = TEXTS[locale];
    const admin = await playwright.request.newContext({ baseURL });
    const { accountId } = await cardCustomer(page.context().request, admin, locale);
    await admin.dispose();
    const shoot = async (name: string) => {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        await saveScreenshot(page, { path: `reports/screenshots/${name}-${locale}-${width}.png`, fullPage: true });
      }
      await expectNoAxeViolations(page);
    };

    // /card-accounts: the account, chosen; it opens the credit line.
    await page.goto(localizePath('/card-accounts', locale));
    await screenReady(page);
    await expect(page.getByTestId('card-account-row')).toHaveCount(1);
    await expect(page.getByTestId('card-account-row')).toContainText(texts.cardAccounts.selected);
    await shoot('card-accounts');

    await page.getByTestId('card-account-row').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${accountId}$`));
    await expect(page.getByTestId('card-available')).toBeVisible();
    // Repaying more than is owed is refused in words, and the amount stays.
    const amount = page.getByLabel(texts.cardAccounts.repay.amount);
    await amount.fill('99999');
    await page.getByRole('button', { name: texts.cardAccounts.repay.submit, exact: true }).click();
    await expect(page.getByText(texts.cardAccounts.repay.errors.repayment_exceeds_debt)).toBeVisible();
    await expect(amount).toHaveValue('99999');
    await shoot('card-account-detail');
    // A real repayment: the debt goes down by it.
    const usedBefore = await page.getByTestId('card-used').textContent();
    await amount.fill('10');
    await page.getByRole('button', { name: texts.cardAccounts.repay.submit, exact: true }).click();
    await expect(page.getByTestId('card-used')).not.toHaveText(usedBefore!);
    await expect(amount).toHaveValue('');

    await page.goto(localizePath('/card-accounts/cards', locale));
    await expect(page.getByTestId('card-panel')).toHaveCount(1);
    await expect(page.getByTestId('card-number')).toHaveText(/•••• \d{4}/);
    await shoot('cards');

    // A withdrawal past the credit limit is refused before it is sent, with the loan-to-value it would reach.
    await page.goto(localizePath('/card-accounts/collateral', locale));
    await expect(page.getByRole('meter')).toBeVisible();
    await expect(page.getByTestId('collateral-row')).toHaveCount(1);
    await page.getByRole('button', { name: texts.collateral.move.withdraw, exact: true }).click();
    await page.getByLabel(texts.collateral.move.amount).fill(locale === 'ar' ? '٠٫٠٤' : '0.04');
    const refusal = page.getByTestId('collateral-preview').getByRole('alert');
    await expect(refusal).toContainText(texts.collateral.errors.ltv_too_high.split('{{ltv}}')[0]!);
    await expect(page.getByRole('button', { name: texts.collateral.move.submit.withdraw })).toBeDisabled();
    await shoot('collateral');
  });
}

test('a physical card goes ordered → shipped → active, activated by the customer; a double tap adds one card', async ({
  page,
  playwright,
  baseURL,
}) => {
  const request = page.context().request;
  const admin = await playwright.request.newContext({ baseURL });
  const { tokens } = await cardCustomer(request, admin, 'en', { debt: false });
  await admin.dispose();
  await page.goto('/card-accounts/cards');
  await page.getByRole('button', { name: 'Order a physical card' }).click();
  const physical = page.getByTestId('card-panel').filter({ has: page.getByRole('heading', { name: 'Physical card' }) });
  await expect(physical.getByTestId('card-status')).toHaveText('Ordered');
  await expect(physical.getByRole('button', { name: 'Activate card' })).toBeHidden();

  // The demo card network ships it; the customer activates it once it has arrived.
  const cards = (await call(
    request,
    tokens.accessToken,
    'GET',
    `/card-accounts/${await selectedAccount(page)}/cards`,
  )) as unknown as Card[];
  const ordered = cards.find((c) => c.form === 'physical')!;
  await call(request, tokens.accessToken, 'POST', `/simulate/cards/${ordered.id}/ship`, {});
  await page.reload();
  await expect(physical.getByTestId('card-status')).toHaveText('Shipped');
  await physical.getByRole('button', { name: 'Activate card' }).click();
  await expect(physical.getByTestId('card-status')).toHaveText('Active');
  await expect(physical.getByRole('button', { name: 'Show card details' })).toBeVisible();

  // A double tap on "Add a virtual card" adds one card (two before it).
  const add = page.getByRole('button', { name: 'Add a virtual card' });
  await add.dblclick();
  await expect(page.getByTestId('card-panel')).toHaveCount(3);
  await expect(add).toBeEnabled();
  const after = await call(request, tokens.accessToken, 'GET', `/card-accounts/${await selectedAccount(page)}/cards`);
  expect(after).toHaveLength(3);
});

/** The card account the page keeps as the chosen one. */
function selectedAccount(page: Page): Promise<string> {
  return page.evaluate(() => window.localStorage.getItem('selected_card_account')!);
}
