import AxeBuilder from '@axe-core/playwright';
import { createPublicClient, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { expect, test } from './fixtures';
import { addTestWallet, tellTestWallet } from './testWallet';
import { PAGE_LANGUAGES, pageTexts } from '../machines/graph/page';
import type { Chains } from '../contract/chains';
import { localizePath } from '../contract';

// anvil's development account 4: the node signs for it (accounts 0–3 serve other tests).
const PAYER = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 }).address;
const HASH = 'w'.repeat(43);

for (const language of PAGE_LANGUAGES) {
  test(`a visitor pays a deposit link from a wallet while signed out, switching and adding the chain (${language})`, async ({
    page,
    request,
  }) => {
    const texts = pageTexts(language).wallet;
    const { chains } = (await (await request.get('/api/chains')).json()) as Chains;
    const ethereum = chains.find((chain) => chain.network === 'ethereum')!;
    const base = chains.find((chain) => chain.network === 'base')!;
    // A fresh address per run on Base's node, so its balance tells what this payment brought.
    const receiver = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 100 + Math.floor(Math.random() * 1_000_000),
    }).address;
    // The link as the server answers it; the customer's side of links is covered by tests/server/deposit-links.test.ts.
    await page.route(`**/api/deposit-links/${HASH}`, (route) =>
      route.fulfill({
        json: {
          hash: HASH,
          asset: 'ETH',
          network: 'base',
          chainId: base.chainId,
          amount: '0.01',
          decimals: 18,
          token: null,
          address: receiver,
          createdAt: new Date().toISOString(),
        },
      }),
    );
    // The wallet knows only Ethereum's node: Base has to be added.
    await addTestWallet(page, { account: PAYER, chainId: ethereum.chainId, chains: { [ethereum.chainId]: ethereum.rpcUrl } });
    await page.goto(localizePath(`/inject/crypto/on-chain/wallet/${HASH}`, language));

    await page.getByRole('button', { name: texts.connectWith.replace('{{name}}', 'Meridian Test Wallet') }).click();
    // Refused once: the page says so, and nothing is connected.
    await tellTestWallet(page, { reject: 'wallet_switchEthereumChain' });
    const switchTo = page.getByRole('button', {
      name: texts.switchTo.replace('{{chain}}', texts.localChain.replace('{{name}}', base.name)),
    });
    await switchTo.click();
    await expect(page.getByRole('alert')).toHaveText(texts.errors.user_rejected, { timeout: 10_000 });
    await tellTestWallet(page, { reject: null });
    await switchTo.click();
    const pay = page.getByRole('button', { name: texts.pay.replace('{{amount}}', '0.01').replace('{{asset}}', 'ETH') });
    await pay.click();
    const sent = texts.confirming.replace('{{done}}', '1').replace('{{required}}', String(base.confirmations));
    await expect(page.getByText(sent)).toBeVisible({ timeout: 30_000 });
    // The next block confirms it (the test's nodes mine only when asked).
    const client = createPublicClient({ transport: http(base.rpcUrl) });
    await client.request({ method: 'anvil_mine' as never, params: ['0x1'] as never });
    await expect(page.getByText(texts.confirmed)).toBeVisible({ timeout: 15_000 });
    expect(await client.getBalance({ address: receiver })).toBe(10n ** 16n);

    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(violations).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `reports/screenshots/wallet-pay-${language}-${width}.png`, fullPage: true });
    }
  });
}
