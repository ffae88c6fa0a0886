import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { CryptoAsset } from '../contract/assets';
import { createPublicClient, decodeFunctionData, erc20Abi, formatUnits, http, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Chains } from '../contract/chains';
import { localizePath } from '../contract/locales';
import { formatAmount } from '../contract/money';
import { pageTexts, typedAmount, withValues, type PageLanguage } from '../tests/models/graph/page';
import { customerWhoMayWithdraw } from './approvedCustomer';
import { expect, latestCode, receiveBankTransfer, stepUpByApi, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { expectNoAxeViolations } from './axe';

/** A fresh address nobody holds a balance at, EIP-55 checksummed, so what arrives is exactly what was sent. */
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/** The same address with one letter's case changed: still well formed, but its checksum no longer matches. */
function mistyped(address: Address): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address[at]!;
  return `${address.slice(0, at)}${letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()}${address.slice(at + 1)}`;
}

/** The step-up sheet asks for the code sent by SMS (the customer has a confirmed phone): it is typed in. */
async function stepUp(page: Page, language: PageLanguage, phone: string, codesBefore: number) {
  const texts = pageTexts(language);
  const sheet = page.getByRole('dialog', { name: texts.stepUp.title });
  await sheet.getByLabel(texts.stepUp.code).fill(await latestCode(page.request, phone, 'step_up', codesBefore));
  await sheet.getByRole('button', { name: texts.stepUp.confirm }).click();
  await expect(sheet).toBeHidden();
}

async function screenshots(page: Page, name: string) {
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, { path: `reports/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

/** A customer who may withdraw `amount` of `asset`, the page's texts in `language`, and the chains as the server runs them. */
async function setUp(
  { page, playwright, baseURL }: { page: Page; playwright: PlaywrightWorkerArgs['playwright']; baseURL: string | undefined },
  language: PageLanguage,
  amount: string,
  asset?: CryptoAsset,
) {
  test.setTimeout(120_000);
  const texts = pageTexts(language);
  const admin = await playwright.request.newContext({ baseURL });
  const customer = await customerWhoMayWithdraw(page.context().request, admin, language, amount, asset);
  await admin.dispose();
  const { chains } = (await (await page.request.get('/api/chains')).json()) as Chains;
  return { texts, w: texts.withdraw, chains, ...customer };
}

/** Saves `address` to the customer's book through the API (with its step-up), for journeys that do not add one on the page. */
async function savedByApi(page: Page, { headers, phone }: { headers: Record<string, string>; phone: string }, data: object) {
  await stepUpByApi(page.request, headers, 'withdrawal.address', phone);
  const saved = await page.request.post('/api/withdrawal-addresses', { data, headers });
  expect(saved.status(), await saved.text()).toBe(201);
}

/**
 * A bank payout from start to end in `language`: a pasted IBAN saved with a step-up (`codesBefore` step-up
 * codes were sent to the phone already), EUR 10 paid out, returned from /simulate with the bank's reason
 * (the whole amount back, the activity "Returned" with why), then the saved account renamed (`labels`:
 * its first name, then its new one) and removed after a question.
 */
async function payoutJourney(
  page: Page,
  {
    texts,
    w,
    phone,
    headers,
  }: { texts: ReturnType<typeof pageTexts>; w: ReturnType<typeof pageTexts>['withdraw']; phone: string; headers: Record<string, string> },
  language: PageLanguage,
  { labels: [label, renamed], codesBefore }: { labels: [string, string]; codesBefore: number },
) {
  await receiveBankTransfer(page.request, headers, { currency: 'EUR', amount: '50' });

  await page.goto(localizePath('/accounts/fiat/withdraw/EUR', language));
  await page.getByRole('button', { name: w.bank.addBeneficiary }).click();
  await page.getByLabel(w.bank.holderName).fill('Dana Dupont');
  // Pasted as printed, in lower case: taken, and shown in groups of four once left.
  const iban = page.getByLabel(texts.accounts.detail.iban);
  await iban.fill('de89 3704 0044 0532 0130 00');
  await page.getByLabel(w.label).fill(label);
  await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: w.bank.save }).click();
  await stepUp(page, language, phone, codesBefore);

  await page.getByLabel(w.amount, { exact: true }).fill(typedAmount(language, '10'));
  await page.getByRole('button', { name: w.review }).click();
  await expect(page.getByTestId('payout-quote')).toContainText('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: w.bank.confirm }).click();
  await stepUp(page, language, phone, codesBefore + 1);
  await expect(page.getByTestId('payout-status')).toBeVisible({ timeout: 20_000 });
  await screenshots(page, `payout-sent-${language}`);
  const activity = (await page.getByRole('link', { name: w.activity }).getAttribute('href'))!;

  // The recipient's bank sends it back: the whole amount returns, and the activity says it was returned and why.
  const sim = texts.simulate.payoutReturn;
  await page.goto(localizePath('/simulate', language));
  await page.getByLabel(sim.reason).selectOption('BE04');
  await screenshots(page, `simulate-payout-return-${language}`);
  await page.getByRole('button', { name: sim.submit }).click();
  await expect(page.getByText(sim.returned).first()).toBeVisible();
  await expect(page.getByText(sim.none)).toBeVisible();
  await expect(page.getByTestId('balance-EUR')).toContainText(formatAmount('50', 'EUR', language));
  await page.goto(activity);
  const detail = page.getByTestId('activity-detail');
  await expect(detail).toContainText(texts.activities.status.returned);
  await expect(detail).toContainText(w.bank.returnReasons.BE04);
  await expect(detail).not.toContainText(texts.activities.status.failed);
  await screenshots(page, `payout-returned-activity-${language}`);

  // The book: renamed, then removed after a question.
  const book = w.book;
  await page.goto(localizePath('/accounts/fiat/withdraw/EUR', language));
  await page.getByRole('button', { name: withValues(book.renameOne, { label }) }).click();
  await page.getByLabel(withValues(book.newName, { label })).fill(renamed);
  await screenshots(page, `payout-book-rename-${language}`);
  await page.getByRole('button', { name: book.saveName }).click();
  await expect(page.getByTestId('payout-book-entry')).toContainText(renamed);
  await screenshots(page, `payout-book-${language}`);
  await page.getByRole('button', { name: withValues(book.removeOne, { label: renamed }) }).click();
  const question = page.getByRole('dialog', { name: withValues(book.removeTitle, { label: renamed }) });
  await expect(question).toBeVisible();
  await screenshots(page, `payout-book-remove-${language}`);
  await question.getByRole('button', { name: book.confirmRemove, exact: true }).click();
  await expect(page.getByText(w.bank.noBeneficiary)).toBeVisible();
  await expect(page.getByTestId('payout-book-entry')).toHaveCount(0);
}

// Like every journey that sends on the local nodes, these run one at a time (playwright.config.ts,
// project `local-chains`), so no other transaction confirms theirs before the page has shown it sent.
test('an ETH withdrawal: a mistyped address refused, a new one saved with a step-up, the withdrawal sent, then confirmed with its hash', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { texts, w, chains, phone } = await setUp({ page, playwright, baseURL }, 'en', '0.1');
  const ethereum = chains.find((chain) => chain.network === 'ethereum')!;

  await page.goto('/accounts/crypto/withdraw/ETH');
  await expect(page.getByTestId('withdraw-available')).toContainText(formatAmount('0.1', 'ETH', 'en'));
  await expect(page.getByLabel(w.network)).toContainText(withValues(texts.wallet.localChain, { name: 'Ethereum' }));
  await expect(page.getByText(w.noAddress)).toBeVisible();
  await screenshots(page, 'withdraw-form-en');

  // A malformed address, then one with a mistyped letter: refused before any step-up, what was typed kept.
  await page.getByRole('button', { name: w.addAddress }).click();
  const address = page.getByLabel(w.newAddress, { exact: true });
  const save = page.getByRole('button', { name: w.saveAddress });
  await address.fill('0x52908400098527886E0F7030069857D2E4169E');
  await page.getByLabel(w.label, { exact: true }).fill('My wallet');
  await save.click();
  await expect(page.getByText(w.failures.address_invalid)).toBeVisible();
  await expect(address).toHaveValue('0x52908400098527886E0F7030069857D2E4169E');
  const to = freshAddress();
  await address.fill(mistyped(to));
  await save.click();
  await expect(page.getByText(w.failures.address_checksum_invalid)).toBeVisible();
  await expect(address).toHaveValue(mistyped(to));
  await expect(page.getByLabel(w.label, { exact: true })).toHaveValue('My wallet');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await screenshots(page, 'withdraw-new-address-en');

  await address.fill(to);
  await save.click();
  await stepUp(page, 'en', phone, 0);
  await expect(page.getByLabel(w.address)).toContainText('My wallet');

  // More than the balance is refused as it is typed: no quote is asked for and no step-up code is sent.
  const amount = page.getByLabel(w.amount, { exact: true });
  let quotesAsked = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/withdrawals/quotes')) quotesAsked += 1;
  });
  await amount.fill('0.1000001');
  await expect(page.getByText(w.failures.insufficient_funds)).toBeVisible();
  await page.getByRole('button', { name: w.review }).click();
  await expect(page.getByText(w.failures.insufficient_funds)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-quote')).toHaveCount(0);
  expect(quotesAsked).toBe(0);
  await amount.fill('0.05');
  await expect(page.getByText(w.failures.insufficient_funds)).toHaveCount(0);
  await page.getByRole('button', { name: w.review }).click();
  const quote = page.getByTestId('withdraw-quote');
  await expect(quote).toContainText(to);
  await expect(quote).toContainText(formatAmount('0.05', 'ETH', 'en'));
  await screenshots(page, 'withdraw-review-en');
  await page.getByRole('button', { name: w.confirm }).click();
  // The one code of this withdrawal, sent once the server found the balance and the limit allow it.
  await stepUp(page, 'en', phone, 1);
  expect(quotesAsked).toBe(1);

  // Held, sent by the hot wallet (one block: not deep enough yet), then confirmed by the next block.
  const status = page.getByTestId('withdraw-status');
  await expect(status).toHaveText(w.status.broadcast, { timeout: 20_000 });
  const hash = (await page.getByTestId('withdraw-hash').locator('.copyable-text').textContent())!.trim();
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  await screenshots(page, 'withdraw-sent-en');
  const node = createPublicClient({ transport: http(ethereum.rpcUrl) });
  await node.request({ method: 'anvil_mine' as never, params: ['0x1'] as never });
  await expect(status).toHaveText(w.status.confirmed, { timeout: 20_000 });
  await expect(page.getByTestId('withdraw-hash')).toContainText(hash);

  // What arrived on the chain is what the page said would arrive; the balance went down by the amount.
  const transaction = await node.getTransaction({ hash: hash as Address });
  expect(transaction.to?.toLowerCase()).toBe(to.toLowerCase());
  expect(await node.getBalance({ address: to })).toBe(transaction.value);
  await expect(page.getByTestId('withdraw-available')).toContainText(formatAmount('0.05', 'ETH', 'en'));

  // Local nodes have no public explorer: the app's own activity shows the transaction.
  await page.getByRole('link', { name: w.activity }).click();
  await expect(page.getByTestId('activity-detail')).toContainText(hash);

  // The book: an empty name refused at its field, nothing sent; renamed; then removed after a question.
  await page.goto('/accounts/crypto/withdraw/ETH');
  await page.getByRole('button', { name: withValues(w.book.renameOne, { label: 'My wallet' }) }).click();
  const name = page.getByLabel(withValues(w.book.newName, { label: 'My wallet' }));
  await name.fill(' ');
  await page.getByRole('button', { name: w.book.saveName }).click();
  await expect(page.getByText(texts.fieldErrors.label.missing)).toBeVisible();
  await name.fill('Ledger');
  await screenshots(page, 'withdraw-book-rename-en');
  await page.getByRole('button', { name: w.book.saveName }).click();
  await expect(page.getByTestId('withdraw-book-entry')).toContainText('Ledger');
  await expect(page.getByLabel(w.address)).toContainText('Ledger');
  await page.getByRole('button', { name: withValues(w.book.removeOne, { label: 'Ledger' }) }).click();
  const question = page.getByRole('dialog', { name: withValues(w.book.removeTitle, { label: 'Ledger' }) });
  await expect(question).toContainText(w.addressBook.removeLead);
  await screenshots(page, 'withdraw-book-remove-en');
  await question.getByRole('button', { name: w.book.confirmRemove, exact: true }).click();
  await expect(page.getByText(w.noAddress)).toBeVisible();
  await expect(page.getByTestId('withdraw-book-entry')).toHaveCount(0);
});

test('the withdrawal screens right to left: the form, a refused address, the review and the sent withdrawal; a bank payout through to its return, renamed and removed (ar)', async ({
  page,
  playwright,
  baseURL,
}) => {
  const customer = await setUp({ page, playwright, baseURL }, 'ar', '0.1');
  const { w, phone } = customer;
  // A saved address through the API: the journey above adds one on the page.
  const to = freshAddress();
  await savedByApi(page, customer, { network: 'ethereum', address: to, label: 'محفظتي' });

  await page.goto(localizePath('/accounts/crypto/withdraw/ETH', 'ar'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByLabel(w.address)).toContainText('محفظتي');
  const amount = page.getByLabel(w.amount, { exact: true });
  await amount.fill(typedAmount('ar', '0.05'));
  await screenshots(page, 'withdraw-form-ar');

  await page.getByRole('button', { name: w.addAddress }).click();
  await page.getByLabel(w.newAddress, { exact: true }).fill(mistyped(freshAddress()));
  await page.getByRole('button', { name: w.saveAddress }).click();
  await expect(page.getByText(w.failures.address_checksum_invalid)).toBeVisible();
  await screenshots(page, 'withdraw-new-address-ar');
  await page.getByRole('button', { name: w.cancel }).click();

  // The amount typed before is still there.
  await expect(amount).toHaveValue(typedAmount('ar', '0.05'));
  await page.getByRole('button', { name: w.review }).click();
  await expect(page.getByTestId('withdraw-quote')).toContainText(to);
  await screenshots(page, 'withdraw-review-ar');
  await page.getByRole('button', { name: w.confirm }).click();
  await stepUp(page, 'ar', phone, 1);
  await expect(page.getByTestId('withdraw-status')).toHaveText(w.status.broadcast, { timeout: 20_000 });
  await screenshots(page, 'withdraw-sent-ar');

  // The bank payout screen right to left: an IBAN with a wrong check digit refused as it is typed, before any step-up.
  const texts = pageTexts('ar');
  await page.goto(localizePath('/accounts/fiat/withdraw/EUR', 'ar'));
  await expect(page.getByText(w.bank.noBeneficiary)).toBeVisible();
  await page.getByRole('button', { name: w.bank.addBeneficiary }).click();
  await page.getByLabel(w.bank.holderName).fill('دانا دوبون');
  await page.getByLabel(texts.accounts.detail.iban).fill('DE89 3704 0044 0532 0130 01');
  await expect(page.getByText(w.bank.failures.iban_check_digits)).toBeVisible();
  // Inside the EEA the IBAN alone routes a payout: no BIC is asked.
  await expect(page.getByLabel(texts.accounts.detail.bic)).toHaveCount(0);
  await page.getByRole('button', { name: w.bank.save }).click();
  await expect(page.getByText(w.bank.failures.iban_check_digits)).toBeVisible();
  await screenshots(page, 'payout-new-beneficiary-ar');
  await page.getByRole('button', { name: w.cancel }).click();
  await screenshots(page, 'payout-form-ar');

  // Then the payout through to its return, as in English: two step-up codes went to the phone above.
  test.setTimeout(180_000);
  await payoutJourney(page, customer, 'ar', { labels: ['ادخار', 'إيجار'], codesBefore: 2 });
});

test('a bank payout: a pasted IBAN saved with a step-up, paid out, returned from /simulate with the bank’s reason, the refund in activities; the account renamed and removed', async ({
  page,
  playwright,
  baseURL,
}) => {
  const customer = await setUp({ page, playwright, baseURL }, 'en', '0.1');
  await payoutJourney(page, customer, 'en', { labels: ['Savings', 'Rent'], codesBefore: 0 });
});

test('a USDT withdrawal on Base: the fee quoted in USDT, the token contract called, confirmed with its hash', async ({
  page,
  playwright,
  baseURL,
}) => {
  const customer = await setUp({ page, playwright, baseURL }, 'en', '50', 'USDT');
  const { texts, w, chains, phone } = customer;
  const base = chains.find((chain) => chain.network === 'base')!;
  const usdt = base.tokens.find((token) => token.asset === 'USDT')!;
  const to = freshAddress();
  await savedByApi(page, customer, { network: 'base', address: to, label: 'Base wallet' });

  await page.goto('/accounts/crypto/withdraw/USDT');
  await expect(page.getByTestId('withdraw-available')).toContainText(formatAmount('50', 'USDT', 'en'));
  // USDT is on every chain; the addresses listed are the chosen network's.
  await page.getByLabel(w.network).selectOption('base');
  await expect(page.getByLabel(w.address)).toContainText('Base wallet');
  await page.getByLabel(w.amount, { exact: true }).fill('20');
  await page.getByRole('button', { name: w.review }).click();
  const quote = page.getByTestId('withdraw-quote');
  await expect(quote).toContainText(formatAmount('20', 'USDT', 'en'));
  await expect(quote).toContainText(withValues(texts.wallet.localChain, { name: 'Base' }));
  await screenshots(page, 'withdraw-usdt-review-en');
  const reviewed = await quote.textContent();
  await page.getByRole('button', { name: w.confirm }).click();
  await stepUp(page, 'en', phone, 1);

  const status = page.getByTestId('withdraw-status');
  await expect(status).toHaveText(w.status.broadcast, { timeout: 20_000 });
  const hash = (await page.getByTestId('withdraw-hash').locator('.copyable-text').textContent())!.trim();
  const node = createPublicClient({ transport: http(base.rpcUrl) });
  await node.request({ method: 'anvil_mine' as never, params: ['0x1'] as never });
  await expect(status).toHaveText(w.status.confirmed, { timeout: 20_000 });
  await expect(page.getByTestId('withdraw-hash')).toContainText(hash);

  // The hot wallet called the token contract's transfer; the address holds exactly what the review said would arrive.
  const transaction = await node.getTransaction({ hash: hash as Address });
  expect(transaction.to?.toLowerCase()).toBe(usdt.address.toLowerCase());
  const { args } = decodeFunctionData({ abi: erc20Abi, data: transaction.input });
  expect(args[0]).toBe(to);
  expect(await node.readContract({ address: usdt.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(args[1]);
  expect(reviewed).toContain(formatAmount(formatUnits(args[1] as bigint, usdt.decimals), 'USDT', 'en'));
});

test('a BTC withdrawal on the simulated test network: a malformed address refused, a testnet one saved, held, then confirmed by the simulated processor with its txid', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { w, phone, headers } = await setUp({ page, playwright, baseURL }, 'en', '0.01', 'BTC');
  await page.goto('/accounts/crypto/withdraw/BTC');
  await expect(page.getByLabel(w.network)).toContainText(w.bitcoin.testnet);
  await page.getByRole('button', { name: w.addAddress }).click();
  await expect(page.getByText(w.bitcoin.hint.testnet)).toBeVisible();
  // Demo mode has no cooling-off period: nothing says there is one.
  await expect(page.getByText(w.coolingOffPeriod.split('{{period}}')[0]!.trim())).toHaveCount(0);
  const address = page.getByLabel(w.newAddress, { exact: true });
  // One character off: its bech32 checksum no longer matches.
  await address.fill('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy');
  await page.getByRole('button', { name: w.saveAddress }).click();
  await expect(page.getByText(w.bitcoin.address_invalid)).toBeVisible();
  await expect(address).toHaveValue('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy');
  await screenshots(page, 'withdraw-btc-new-address-en');
  await address.fill('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
  await page.getByRole('button', { name: w.saveAddress }).click();
  await stepUp(page, 'en', phone, 0);

  await page.getByLabel(w.amount, { exact: true }).fill('0.004');
  await page.getByRole('button', { name: w.review }).click();
  const quote = page.getByTestId('withdraw-quote');
  // The configured 10 sat/vB × 141 vB.
  await expect(quote).toContainText(formatAmount('0.0000141', 'BTC', 'en'));
  await expect(quote).toContainText(formatAmount('0.0039859', 'BTC', 'en'));
  await screenshots(page, 'withdraw-btc-review-en');
  // The first POST asks for the step-up (nothing is held before it); the one after the step-up holds the amount.
  const held = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/withdrawals') && answer.request().method() === 'POST' && answer.status() === 201,
  );
  await page.getByRole('button', { name: w.confirm }).click();
  await stepUp(page, 'en', phone, 1);
  const { id } = (await (await held).json()) as { id: string };
  const status = page.getByTestId('withdraw-status');
  await expect(status).toHaveText(w.status.pending);

  const settled = await page.request.post(`/api/simulate/withdrawals/${id}`, {
    data: { outcome: 'confirmed' },
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(settled.status(), await settled.text()).toBe(200);
  const { txHash } = (await settled.json()) as { txHash: string };
  await expect(status).toHaveText(w.status.confirmed, { timeout: 10_000 });
  await expect(page.getByTestId('withdraw-hash')).toContainText(txHash);
  // No explorer knows the simulated network: the activity shows the txid.
  await expect(page.getByRole('link', { name: w.explorer })).toHaveCount(0);
  await screenshots(page, 'withdraw-btc-confirmed-en');
  await page.getByRole('link', { name: w.activity }).click();
  await expect(page.getByTestId('activity-detail')).toContainText(txHash);
});
