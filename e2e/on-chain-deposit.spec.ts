import AxeBuilder from '@axe-core/playwright';
import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem';
import { devAccount } from '../server/chains/localNodes';
import type { Chains } from '../contract/chains';
import { expect, screenReady, test } from './fixtures';

/**
 * A customer tops up USDT on Base: the address is shown, a transfer to it from a development account
 * on the local node shows as pending, then as credited once blocks are mined (`anvil_mine`).
 */
test('a USDT transfer on Base shows pending, then credited after the confirmations', async ({ page, signIn }) => {
  await signIn('en');
  await page.goto('/inject/crypto/on-chain/USDT');
  await screenReady(page);
  await page.getByRole('button', { name: 'Base' }).click();
  const shown = page.getByTestId('deposit-address');
  await expect(shown).toBeVisible();
  await expect(shown.getByText('local test network')).toBeVisible();
  await expect(shown.getByRole('img', { name: /QR code/ })).toBeVisible();
  const address = (await shown.locator('.copyable-text').textContent())!.trim() as Address;
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(await new AxeBuilder({ page }).analyze().then((result) => result.violations)).toEqual([]);

  const { chains } = (await (await page.request.get('/api/chains')).json()) as Chains;
  const base = chains.find((chain) => chain.network === 'base')!;
  const usdt = base.tokens.find((token) => token.asset === 'USDT')!;
  const transport = http(base.rpcUrl);
  const hash = await createWalletClient({ transport, account: devAccount(2) }).writeContract({
    chain: null,
    address: usdt.address as Address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [address, parseUnits('12.5', usdt.decimals)],
  });
  await createPublicClient({ transport }).waitForTransactionReceipt({ hash, pollingInterval: 100 });

  await expect(page.getByTestId('deposit-pending')).toContainText('Deposit on its way', { timeout: 20_000 });
  await expect(page.getByTestId('deposit-pending')).toContainText('1 of 2 confirmations');
  await page.screenshot({ path: 'reports/screenshots/on-chain-deposit-pending-en-1280.png', fullPage: true });

  await createTestClient({ mode: 'anvil', transport }).mine({ blocks: 1 });
  await expect(page.getByTestId('deposit-credited')).toContainText('Deposit credited', { timeout: 20_000 });
});

for (const language of ['en', 'ar'] as const) {
  for (const width of [390, 1280]) {
    test(`the deposit address screen in ${language} at ${width} px`, async ({ page, signIn }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(language);
      const prefix = language === 'en' ? '' : `/${language}`;
      await page.goto(`${prefix}/inject/crypto/on-chain/USDC`);
      await screenReady(page);
      await page.getByTestId('deposit-networks').getByRole('button').first().click();
      await expect(page.getByTestId('deposit-address').getByRole('img')).toBeVisible();
      await page.screenshot({ path: `reports/screenshots/on-chain-deposit-${language}-${width}.png`, fullPage: true });
      expect(await new AxeBuilder({ page }).analyze().then((result) => result.violations)).toEqual([]);
    });
  }
}

test('an unsupported asset gets the 404', async ({ page, signIn }) => {
  await signIn('en');
  const response = await page.goto('/inject/crypto/on-chain/DOGE');
  await expect(page.getByText(/not found|404/i).first()).toBeVisible();
  expect(response).not.toBeNull();
});
