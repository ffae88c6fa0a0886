import { createPublicClient, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { expect, screenReady, test } from './fixtures';
import { addTestWallet, tellTestWallet } from './testWallet';
import { PAGE_LANGUAGES, pageTexts, typedAmount, withValues } from '../tests/models/graph/page';
import type { Chains } from '../contract/chains';
import { localizePath } from '../contract';
import { SAMPLE_DEPOSIT_LINK } from '../tests/models/depositLink.model';
import { saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

// anvil's development account 4: the node signs for it (accounts 0–3 serve other tests).
const PAYER = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 }).address;

for (const language of PAGE_LANGUAGES) {
  test(`a customer asks to be paid from a wallet; a signed-out visitor pays the link, switching and adding the chain, and both see it paid (${language})`, async ({
    page,
    browser,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const texts = pageTexts(language);
    const { chains } = (await (await page.request.get('/api/chains')).json()) as Chains;
    const ethereum = chains.find((chain) => chain.network === 'ethereum')!;
    const base = chains.find((chain) => chain.network === 'base')!;

    // The customer: ETH on Base, the link for 0.01 ETH under the deposit address.
    await signIn(language);
    await page.goto(localizePath('/inject/crypto/on-chain/ETH', language));
    await screenReady(page);
    await page.getByRole('button', { name: 'Base' }).click();
    const amount = page.getByLabel(texts.depositLinks.amount, { exact: true });
    // Nothing is asked for zero: the field says why and keeps what was typed.
    await amount.fill('0');
    await page.getByRole('button', { name: texts.depositLinks.create }).click();
    await expect(page.getByRole('alert').filter({ hasText: texts.money.errors.zero })).toBeVisible();
    await expect(amount).toHaveValue('0');
    await amount.fill('0.01');
    await page.getByRole('button', { name: texts.depositLinks.create }).click();
    const created = page.getByTestId('deposit-link-created');
    await expect(created.getByTestId('deposit-link-status')).toHaveText(texts.depositLinks.status.open);
    const href = (await created.getByRole('link').getAttribute('href'))!;
    expect(new URL(href).pathname).toMatch(new RegExp(`^${localizePath('/inject/crypto/on-chain/wallet/', language)}[A-Za-z0-9_-]{43}$`));
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, { path: `reports/screenshots/deposit-link-${language}-${width}.png`, fullPage: true });
    }

    // The visitor: another browser, signed out; the wallet knows only Ethereum's node, so Base has to be added.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await addTestWallet(visitor, { account: PAYER, chainId: ethereum.chainId, chains: { [ethereum.chainId]: ethereum.rpcUrl } });
    await visitor.goto(new URL(href).pathname);
    await expect(visitor.getByTestId('deposit-link-status').filter({ hasText: texts.depositLinks.status.open })).toBeVisible();
    await visitor.getByRole('button', { name: texts.wallet.connectWith.replace('{{name}}', 'Meridian Test Wallet') }).click();
    // Refused once: the page says so, and the chain stays.
    await tellTestWallet(visitor, { reject: 'wallet_switchEthereumChain' });
    const switchTo = visitor.getByRole('button', {
      name: texts.wallet.switchTo.replace('{{chain}}', texts.wallet.localChain.replace('{{name}}', base.name)),
    });
    await switchTo.click();
    await expect(visitor.getByRole('alert')).toHaveText(texts.wallet.errors.user_rejected);
    await tellTestWallet(visitor, { reject: null });
    await switchTo.click();
    await visitor
      .getByRole('button', { name: withValues(texts.wallet.pay, { amount: typedAmount(language, '0.01'), asset: 'ETH' }) })
      .click();
    const sent = withValues(texts.wallet.confirming, { done: 1, required: base.confirmations }, language);
    await expect(visitor.getByText(sent)).toBeVisible({ timeout: 30_000 });

    // The next block confirms it (the test's nodes mine only when asked); the watcher credits it.
    await createPublicClient({ transport: http(base.rpcUrl) }).request({ method: 'anvil_mine' as never, params: ['0x1'] as never });
    const paid = texts.depositLinks.status.paid;
    await expect(visitor.getByTestId('deposit-link-status').filter({ hasText: paid })).toBeVisible({ timeout: 30_000 });
    // Paid: the wallet block gives way, nothing more to pay.
    await expect(visitor.getByRole('button', { name: /0\.01/ })).toHaveCount(0);
    await expect(created.getByTestId('deposit-link-status')).toHaveText(paid, { timeout: 15_000 });

    expect(await axeViolations(visitor)).toEqual([]);
    for (const width of [390, 1280]) {
      await visitor.setViewportSize({ width, height: 900 });
      await saveScreenshot(visitor, { path: `reports/screenshots/wallet-pay-${language}-${width}.png`, fullPage: true });
    }
    await visitorContext.close();
  });
}

test('the wallet payment page shows no amount until the link is read: a loading state, never a stand-in "0.00"', async ({ page }) => {
  const link = { ...SAMPLE_DEPOSIT_LINK, amount: '0.5', remainder: '0.5' };
  let answer!: () => Promise<void>;
  await page.route(`**/api/deposit-links/${link.hash}`, (route) => {
    answer = () => route.fulfill({ json: link });
  });
  await page.goto(`/inject/crypto/on-chain/wallet/${link.hash}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached();
  await expect(page.getByText(/0[.,]00/)).toHaveCount(0);
  await expect.poll(() => answer !== undefined).toBe(true);
  await answer();
  await expect(page.getByRole('heading', { name: pageTexts('en').wallet.requestTitle })).toBeVisible();
  await expect(page.getByTestId('deposit-link-status')).toHaveText(pageTexts('en').depositLinks.status.open);
});
