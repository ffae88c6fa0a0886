import type { SnapshotFrom } from 'xstate';
import type { BalancesSummary } from '../../contract/accounts';
import { EVM_CHAINS, type Chain } from '../../contract/chains';
import { compare, isPositive } from '../../contract/decimal';
import type { Withdrawal, WithdrawalAddress, WithdrawalAddresses, WithdrawalQuote } from '../../contract/withdrawals';
import { SAMPLE_SUMMARY } from './balances.model';
import type { FlowModel, PageExpectation } from './graph/model';
import { askedAfterAChange } from './graph/callRules';
import { failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, typedAmount, type PageLanguage } from './graph/page';
import { MAY_WITHDRAW, sendOutCalls, sendOutInvariants, sendOutNotInBrowser, sendOutPage } from './sendOut.model';
import { bookPage } from './destinationBook.model';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';
import { withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import { toFailure } from '../../machines/parts/failure';
import { SESSION_GONE } from '../../machines/parts/poll';

type Snapshot = SnapshotFrom<typeof withdrawalMachine>;

const saved: WithdrawalAddress = {
  id: '5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b',
  network: 'ethereum',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  label: 'Cold wallet',
  createdAt: '2026-03-01T09:00:00.000Z',
  usableAt: '2026-03-01T09:00:00.000Z',
};
const added: WithdrawalAddress = {
  ...saved,
  id: '6b2d3f4a-5c6e-4f7a-9b8c-0d1e2f3a4b5c',
  address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  label: 'Exchange',
};
const quote: WithdrawalQuote = {
  id: '7c3e4a5b-6d7f-4a8b-8c9d-1e2f3a4b5c6d',
  asset: 'ETH',
  network: 'ethereum',
  addressId: saved.id,
  address: saved.address,
  amount: '0.10',
  fee: '0.000042',
  received: '0.099958',
  minimum: '0.002',
  expiresAt: '2026-03-02T09:01:00.000Z',
};
const sent: Withdrawal = {
  id: '8d4f5b6c-7e8a-4b9c-9daf-2f3a4b5c6d7e',
  asset: 'ETH',
  network: 'ethereum',
  address: saved.address,
  amount: '0.10',
  fee: '0.000042',
  received: '0.099958',
  status: 'broadcast',
  txHash: `0x${'ab'.repeat(32)}`,
  explorerUrl: null,
  activityId: '9e5a6c7d-8f9b-4cad-8ebf-3a4b5c6d7e8f',
  createdAt: '2026-03-02T09:00:10.000Z',
};

/** The same address with one letter in the other case: well formed, but its EIP-55 checksum fails. */
const MISTYPED = added.address.replace('B', 'b');
const TOO_SHORT = '0x5290840009852788';

const ADDRESSES = '**/api/withdrawal-addresses';
const ENTRY_URL = `**/api/withdrawal-addresses/${saved.id}`;
const QUOTES = '**/api/withdrawals/quotes';
const WITHDRAWALS = '**/api/withdrawals';
const ONE_WITHDRAWAL = `**/api/withdrawals/${sent.id}`;

/** The balances with 1.2 ETH: what Max enters. */
const WITH_ETHER: BalancesSummary = {
  ...SAMPLE_SUMMARY,
  crypto: {
    ...SAMPLE_SUMMARY.crypto,
    utgl: {
      ...SAMPLE_SUMMARY.crypto.utgl,
      coin_balances: [
        {
          ...SAMPLE_SUMMARY.crypto.utgl.coin_balances[0]!,
          id: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b',
          name: 'Ether',
          balance: '1.2',
          currency: 'ETH',
        },
      ],
    },
  },
};

/** The chains as a server on mainnet answers them: public explorers, so a sent withdrawal links to one. */
const CHAINS: Chain[] = (['ethereum', 'base'] as const).map((network) => ({
  network,
  chainId: EVM_CHAINS[network].chainId,
  name: EVM_CHAINS[network].name,
  nativeCurrency: EVM_CHAINS[network].nativeCurrency,
  rpcUrl: EVM_CHAINS[network].rpcUrl,
  explorerUrl: EVM_CHAINS[network].explorerUrl,
  local: false,
  confirmations: 12,
  tokens: [],
}));

const page = sendOutPage({
  failures: (language) => pageTexts(language).withdraw.failures,
  confirm: (language) => pageTexts(language).withdraw.confirm,
  max: WITH_ETHER.crypto.utgl.coin_balances[0]!.balance,
  quoteTestId: 'withdraw-quote',
});
const { onForm, failureShown } = page;
// The page's book lists the chosen network's addresses, as its address list does.
const book = bookPage({
  entries: (s: Snapshot) => s.context.addresses,
  listed: (s: Snapshot, entry) => s.context.addresses.some((address) => address.id === entry.id && address.network === s.context.network),
  failureShown,
});

/** What can be wrong with a new address: malformed, mistyped, already in the book; or no answer. */
const ADDRESS_FAILURES = ['address_invalid', 'address_checksum_invalid', 'address_exists', 'network_error'];

/** A sent withdrawal: its status in words, its hash, and the explorer's page of it when there is one. */
function progress(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).withdraw;
  const { withdrawal } = s.context;
  return {
    shows: [
      { role: 'status', text: texts.status[withdrawal!.status] },
      ...(withdrawal!.txHash ? [{ testId: 'withdraw-hash' }] : []),
      ...(withdrawal!.explorerUrl ? [{ role: 'link' as const, name: texts.explorer, href: withdrawal!.explorerUrl }] : []),
      ...(s.status === 'done' ? [{ role: 'link' as const, name: texts.backToAccounts }] : []),
    ],
  };
}

/** Demo mode's address book: no cooling-off, testnet Bitcoin. */
const BOOK = { addresses: [], coolingOffSeconds: 0, bitcoinNetwork: 'testnet' } satisfies WithdrawalAddresses;

export const withdrawalModel = {
  inputs: { ether: { asset: 'ETH', balance: WITH_ETHER.crypto.utgl.coin_balances[0]!.balance } },
  events: {
    BALANCE_CHANGED: { 'a deposit came': { balance: '2.5' } },
    NETWORK_CHOSEN: { base: { network: 'base' } },
    ADDRESS_CHOSEN: { 'the saved address': { addressId: saved.id } },
    AMOUNT_CHANGED: {
      '0.1': { amount: '0.1' },
      'the whole balance (Max)': { amount: '1.2' },
      'more than the balance': { amount: '2' },
      nothing: { amount: '' },
    },
    QUOTE_REQUESTED: { review: {} },
    ADD_ADDRESS_STARTED: { 'add an address': {} },
    ADDRESS_SUBMITTED: {
      'a checksummed address': { address: added.address, label: 'Exchange' },
      'one letter in the wrong case': { address: MISTYPED, label: 'Exchange' },
      'too short': { address: TOO_SHORT, label: '' },
    },
    ADD_ADDRESS_CANCELLED: { cancel: {} },
    RENAME_STARTED: { 'rename the saved address': { entryId: saved.id } },
    RENAME_SUBMITTED: { 'a new name': { label: 'Hardware' }, 'no name': { label: '  ' } },
    RENAME_CANCELLED: { 'keep the name': {} },
    REMOVE_REQUESTED: { 'remove the saved address': { entryId: saved.id } },
    REMOVE_CONFIRMED: { remove: {} },
    REMOVE_CANCELLED: { 'keep it': {} },
    CONFIRMED: { confirm: {} },
    EDIT_REQUESTED: { change: {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadAddresses: {
      done: { 'one saved address': { ...BOOK, addresses: [saved] }, 'an empty book': BOOK },
      error: { offline: { code: 'network_error' } },
    },
    checkAddress: {
      done: { 'well formed': undefined },
      error: { 'one letter in the wrong case': { code: 'address_checksum_invalid' }, 'too short': { code: 'address_invalid' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    saveAddress: {
      done: { saved: added },
      error: { 'step-up ran out': { code: 'step_up_required' }, 'already saved': { code: 'address_exists' } },
    },
    labelAddress: {
      done: { renamed: { ...saved, label: 'Hardware' } },
      error: { 'already removed elsewhere': { code: 'address_not_found' } },
    },
    removeAddress: {
      done: { 'the book without it': BOOK },
      error: { offline: { code: 'network_error' } },
    },
    requestQuote: {
      done: { quoted: quote },
      error: {
        'below the minimum': { code: 'amount_too_small', fields: { minimum: '0.002' } },
        'cooling off': { code: 'address_cooling_off' },
      },
    },
    withdraw: {
      done: { held: { ...sent, status: 'pending', txHash: null } },
      error: {
        'step-up ran out': { code: 'step_up_required' },
        'quote over': { code: 'quote_expired' },
        'too little money': { code: 'insufficient_funds' },
      },
    },
    checkWithdrawal: {
      done: {
        'sent, not yet deep enough': sent,
        confirmed: { ...sent, status: 'confirmed', explorerUrl: `https://etherscan.io/tx/${sent.txHash}` },
        failed: { ...sent, status: 'failed' },
      },
      error: { offline: { code: 'network_error' }, 'no session cookie': { code: SESSION_GONE } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.network,
      // Saving the same address again adds nothing new to explore.
      new Set(s.context.addresses.map((address) => address.id)).size,
      s.context.addressId,
      s.context.entryId,
      s.context.labelError,
      // Which amount matters only to the guards: none, within the balance, or more.
      isPositive(s.context.amount) ? s.context.balance !== null && compare(s.context.amount, s.context.balance) > 0 : null,
      s.context.quote !== null,
      s.context.withdrawal?.status ?? null,
      s.context.failure?.code ?? null,
    ]),
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The clock runs until the withdrawal is held; from then on a status check is due only in WITHDRAWAL_POLL steps.
    start: ({ asset }, language) => [
      { clock: 'install' },
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: MAY_WITHDRAW },
      { answer: '**/api/accounts-management/summary-balance', method: 'GET', json: WITH_ETHER },
      { answer: '**/api/chains', method: 'GET', json: { chains: CHAINS } },
      { open: inLanguage(`/accounts/crypto/withdraw/${asset}`, language) },
    ],
    events: {
      ...page.events,
      // Choosing what is chosen already changes nothing on the page: no event.
      NETWORK_CHOSEN: ({ network }, before, language) =>
        onForm(before) && before.context.network !== network
          ? [{ select: { label: pageTexts(language).withdraw.network }, value: network }]
          : null,
      // The address list shows the saved addresses of the chosen network only.
      ADDRESS_CHOSEN: ({ addressId }, before, language) =>
        onForm(before) &&
        before.context.addressId !== addressId &&
        before.context.addresses.some((address) => address.id === addressId && address.network === before.context.network)
          ? [{ select: { label: pageTexts(language).withdraw.address }, value: addressId }]
          : null,
      ADD_ADDRESS_STARTED: (_, before, language) =>
        onForm(before) ? [{ click: { role: 'button', name: pageTexts(language).withdraw.addAddress } }] : null,
      ADDRESS_SUBMITTED: ({ address, label }, before, language) => {
        const texts = pageTexts(language).withdraw;
        return before.matches('addingAddress')
          ? [
              { fill: { label: texts.newAddress }, text: address },
              { fill: { label: texts.label }, text: label },
              { click: { role: 'button', name: texts.saveAddress } },
            ]
          : null;
      },
      ADD_ADDRESS_CANCELLED: (_, before, language) =>
        before.matches('addingAddress') ? [{ click: { role: 'button', name: pageTexts(language).withdraw.cancel } }] : null,
      ...book.events,
    },
    actors: {
      loadAddresses: {
        done: (output) => [{ answer: ADDRESSES, method: 'GET', times: 1, json: output }],
        error: (error) => [failedCall(ADDRESSES, error, 'GET')],
      },
      // The page checks what was typed itself: the outcome is the one the typed address has.
      checkAddress: {
        done: (_, before) => (before.context.draft.address === added.address ? [] : null),
        error: (error, before) =>
          ({ address_checksum_invalid: MISTYPED, address_invalid: TOO_SHORT })[(error as { code: string }).code] ===
          before.context.draft.address
            ? []
            : null,
      },
      stepUp: {
        done: (output, before, language) =>
          stepUpInBrowser(before.matches('steppingUpForAddress') ? 'withdrawal.address' : 'withdrawal', output, language),
      },
      saveAddress: {
        done: (output) => [{ answer: ADDRESSES, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(ADDRESSES, error)],
      },
      labelAddress: {
        done: (output) => [{ answer: ENTRY_URL, method: 'PATCH', times: 1, json: output }],
        error: (error) => [failedCall(ENTRY_URL, error, 'PATCH')],
      },
      removeAddress: {
        done: (output) => [{ answer: ENTRY_URL, method: 'DELETE', times: 1, json: output }],
        error: (error) => [failedCall(ENTRY_URL, error, 'DELETE')],
      },
      requestQuote: {
        done: (output) => [{ answer: QUOTES, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(QUOTES, error)],
      },
      withdraw: {
        done: (output) => [{ clock: 'pause' }, { answer: WITHDRAWALS, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(WITHDRAWALS, error)],
      },
      checkWithdrawal: {
        done: (output) => [{ answer: ONE_WITHDRAWAL, method: 'GET', times: 1, json: output }],
        // A request that never leaves shows nothing on the page: the unit paths replay it.
        error: (error) => (toFailure(error).code === SESSION_GONE ? null : [failedCall(ONE_WITHDRAWAL, error, 'GET')]),
      },
    },
    delays: { WITHDRAWAL_POLL: (ms) => [{ runClock: ms }] },
    states: {
      ...page.states,
      editing: (s, language) => {
        const texts = pageTexts(language).withdraw;
        const chosen = s.context.addresses.some((address) => address.id === s.context.addressId && address.network === s.context.network);
        return {
          shows: [
            { label: texts.network, value: s.context.network! },
            ...(chosen ? [{ label: texts.address, value: s.context.addressId! }] : []),
            { label: texts.amount, value: typedAmount(language, s.context.amount) },
            ...failureShown(s, language),
          ],
        };
      },
      addingAddress: (s, language) => ({
        shows: [{ label: pageTexts(language).withdraw.newAddress, value: s.context.draft.address }, ...failureShown(s, language)],
      }),
      ...book.states,
      following: progress,
      settled: progress,
    },
  },
  calls: {
    ...sendOutCalls('withdraw', { save: 'saveAddress', endedBy: ['EDIT_REQUESTED', 'NETWORK_CHOSEN', 'ADDRESS_CHOSEN', 'AMOUNT_CHANGED'] }),
    // An address is checked when the customer submits it, never again on its own (after a closed step-up, a refusal).
    checkAddress: askedAfterAChange(['checkAddress', 'stepUp', 'saveAddress']),
  },
  invariants: {
    // The business rules: money moves only on a quote to a saved address, once per confirmation.
    '*': (s) => s.context.networks.length > 0 || 'a withdrawal with no network for its coin',
    ...sendOutInvariants((s: Snapshot) => s.context.addressId, { destination: 'an address', submitting: 'withdrawing' }),
    steppingUpForAddress: (s) => s.context.draft.address !== '' || 'stepping up to save no address',
    // The new-address form says only what is wrong with the address (or that it could not be checked).
    addingAddress: (s) =>
      ADDRESS_FAILURES.includes(s.context.failure?.code ?? 'address_invalid') ||
      `the new-address form shows ${s.context.failure?.code}, which is not about the address`,
    following: (s) => s.context.withdrawal !== null || 'following no withdrawal',
    ...book.invariants,
    settled: (s) =>
      (s.status === 'done' && ['confirmed', 'failed'].includes(s.context.withdrawal?.status ?? '')) || 'settled while still open',
  },
  notInBrowser: sendOutNotInBrowser('withdrawal', 'checkWithdrawal'),
} satisfies FlowModel<typeof withdrawalMachine>;
