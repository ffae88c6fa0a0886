import { createTestClient, http } from 'viem';
import { devAccount } from '../server/chains/localNodes';
import type { Chains } from '../contract/chains';
import { expect, screenReady, test } from './fixtures';
import { addTestWallet } from './testWallet';
import { pageTexts, withValues } from '../tests/models/graph/page';
import { pairRuns, saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

/**
 * A customer tops up USDT on Base from the test wallet: the address is shown, the wallet connects and
 * is switched to Base, sends the token transfer, and the deposit shows as pending, then as credited once
 * blocks are mined (`anvil_mine`).
 */
test('a USDT top-up on Base from the wallet shows pending, then credited after the confirmations', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  const { chains } = (await (await page.request.get('/api/chains')).json()) as Chains;
  const ethereum = chains.find((chain) => chain.network === 'ethereum')!;
  const base = chains.find((chain) => chain.network === 'base')!;
  // Development account 2 holds the local USDT; the wallet starts on Ethereum, so Base is switched to.
  await addTestWallet(page, {
    account: devAccount(2),
    chainId: ethereum.chainId,
    chains: { [ethereum.chainId]: ethereum.rpcUrl, [base.chainId]: base.rpcUrl },
  });
  await signIn('en');
  await page.goto('/inject/crypto/on-chain/USDT');
  await screenReady(page);
  await page.getByRole('button', { name: 'Base' }).click();
  const shown = page.getByTestId('deposit-address');
  await expect(shown.getByText('local test network').first()).toBeVisible();
  await expect(shown.getByRole('img', { name: /QR code/ })).toBeVisible();

  await page.getByRole('button', { name: 'Pay from a wallet' }).click();
  await page.getByRole('button', { name: 'Connect Meridian Test Wallet' }).click();
  await page.getByRole('button', { name: 'Switch to Base (local test network)' }).click();
  const amount = page.getByLabel('Amount to send', { exact: true });
  // Nothing is sent for zero: the field says why and keeps what was typed.
  await amount.fill('0');
  await page.getByRole('button', { name: 'Send from the wallet' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter an amount above zero' })).toBeVisible();
  await expect(amount).toHaveValue('0');
  await amount.fill('12.5');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, { path: `reports/screenshots/on-chain-deposit-wallet-en-${width}.png`, fullPage: true });
  }
  expect(await axeViolations(page, { everyRule: true })).toEqual([]);
  await page.getByRole('button', { name: 'Send from the wallet' }).click();
  await expect(page.getByTestId('wallet-top-up-sent')).toContainText('Sent from your wallet', { timeout: 20_000 });

  const pending = page.getByTestId('deposit-pending');
  await expect(pending).toContainText('Deposit on its way', { timeout: 20_000 });
  await expect(pending).toContainText('12.50');
  await expect(pending).toContainText('1 of 2 confirmations');
  await saveScreenshot(page, { path: 'reports/screenshots/on-chain-deposit-pending-en-1280.png', fullPage: true });

  await createTestClient({ mode: 'anvil', transport: http(base.rpcUrl) }).mine({ blocks: 1 });
  await expect(page.getByTestId('deposit-credited')).toContainText('Deposit credited', { timeout: 20_000 });
});

for (const language of ['en', 'ar'] as const) {
  for (const width of [390, 1280].filter((w) => pairRuns(language, w))) {
    test(`the deposit address screen in ${language} at ${width} px`, async ({ page, signIn }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(language);
      const prefix = language === 'en' ? '' : `/${language}`;
      await page.goto(`${prefix}/inject/crypto/on-chain/USDC`);
      await screenReady(page);
      await page.getByTestId('deposit-networks').getByRole('button').first().click();
      await expect(page.getByTestId('deposit-address').getByRole('img')).toBeVisible();
      // The wallet block opened: no extension in this browser, so it offers the wallet's app, paired by a QR
      // code or a deep link (not pressed: the pairing goes through the wallet's relay on the internet).
      await page.getByRole('button', { name: pageTexts(language).walletTopUp.choose }).click();
      const connectApp = withValues(pageTexts(language).wallet.connectWith, { name: 'MetaMask' });
      await expect(page.getByRole('button', { name: connectApp })).toBeVisible();
      await saveScreenshot(page, { path: `reports/screenshots/on-chain-deposit-${language}-${width}.png`, fullPage: true });
      expect(await axeViolations(page, { everyRule: true })).toEqual([]);
    });
  }
}

test('an unsupported asset gets the 404', async ({ page, signIn }) => {
  await signIn('en');
  const response = await page.goto('/inject/crypto/on-chain/DOGE');
  await expect(page.getByText(/not found|404/i).first()).toBeVisible();
  expect(response).not.toBeNull();
});
