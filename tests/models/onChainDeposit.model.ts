import type { ChainDeposit, DepositAddress } from '../../contract/deposits';
import { asError, toFailure } from '../../machines/parts/failure';
import { SESSION_GONE } from '../../machines/parts/poll';
import type { FlowModel, PageAction } from './graph/model';
import { countedText, failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';
import { onChainDepositMachine } from '../../machines/onChainDeposit/onChainDeposit.machine';

export const SAMPLE_DEPOSIT_ADDRESS: DepositAddress = {
  asset: 'USDT',
  network: 'base',
  address: '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650',
  chainId: 31338,
  local: true,
  paymentUri: 'ethereum:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35@31338/transfer?address=0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650',
  minimum: '1',
  confirmations: 2,
};

const deposit = (status: ChainDeposit['status'], confirmations: number): ChainDeposit => ({
  network: 'base',
  txHash: `0x${'ab'.repeat(32)}`,
  asset: 'USDT',
  amount: '25.50',
  status,
  confirmations,
  required: 2,
  seenAt: '2026-11-26T15:00:00.000Z',
});

const ADDRESS_CALL = '**/api/deposits/address?*';
const DEPOSITS_CALL = '**/api/deposits?asset=USDT';

/**
 * The customer's deposits as the page's next look finds them. Counted, so two looks settled by one step
 * (the one that drops a deposit, then the one right after it) are answered in turn.
 */
const deposits = (answer: { deposits: ChainDeposit[] }): PageAction[] => [{ answer: DEPOSITS_CALL, method: 'GET', times: 1, json: answer }];
const texts = (language: PageLanguage) => pageTexts(language).onChain.deposit;

export const onChainDepositModel = {
  inputs: { 'USDT top-up': { asset: 'USDT' } },
  events: {
    NETWORK_CHOSEN: { Base: { network: 'base' } },
    NETWORK_CHANGE_REQUESTED: { 'taps Change network': {} },
    RETRY_REQUESTED: { 'taps Try again': {} },
  },
  actors: {
    loadDepositAddress: { done: { 'the address': SAMPLE_DEPOSIT_ADDRESS }, error: { offline: asError({ code: 'network_error' }) } },
    fetchDeposits: {
      done: {
        'nothing yet': { deposits: [] },
        'a deposit pending': { deposits: [deposit('pending', 1)] },
        credited: { deposits: [deposit('credited', 2)] },
        dropped: { deposits: [deposit('dropped', 0)] },
      },
      error: { offline: asError({ code: 'network_error' }), 'no session cookie': asError({ code: SESSION_GONE }) },
    },
  },
  invariants: {
    '*': (s) => s.context.asset === 'USDT' || 'the asset changed',
    loadingAddress: (s) => s.context.network !== null || 'loading an address without a network',
    showingAddress: (s) => s.context.address !== null || 'showing no address',
    depositPending: (s) => (s.context.deposit !== null && s.context.deposit.status === 'pending') || 'pending without a pending deposit',
    credited: (s) => s.context.deposit !== null || 'credited without a deposit',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The page's clock runs until a network is chosen, then stands still: a look at the deposits comes
    // only with an `after DEPOSIT_POLL` step.
    start: ({ asset }, language) => [
      { clock: 'install' },
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { open: inLanguage(`/inject/crypto/on-chain/${asset}`, language) },
    ],
    events: {
      NETWORK_CHOSEN: () => [{ clock: 'pause' }, { click: { role: 'button', name: 'Base' } }],
      NETWORK_CHANGE_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: texts(language).changeNetwork } }],
      RETRY_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: texts(language).retry } }],
    },
    actors: {
      loadDepositAddress: {
        done: (address) => [{ answer: ADDRESS_CALL, method: 'GET', times: 1, json: address }],
        error: (error) => [failedCall(ADDRESS_CALL, error, 'GET')],
      },
      fetchDeposits: {
        done: (answer) => deposits(answer),
        // A request that never leaves shows nothing on the page: the unit paths replay it.
        error: (error) => (toFailure(error).code === SESSION_GONE ? null : [failedCall(DEPOSITS_CALL, error, 'GET')]),
      },
    },
    delays: { DEPOSIT_POLL: (ms) => [{ runClock: ms }] },
    states: {
      showingAddress: (s, language) => ({
        shows: [{ shownText: s.context.address!.address }, ...(s.context.dropped ? [{ shownText: texts(language).dropped }] : [])],
      }),
      depositPending: (s, language) => ({
        shows: [
          {
            shownText: countedText(language, texts(language), 'progress', {
              count: s.context.deposit!.confirmations,
              required: s.context.deposit!.required,
            }),
          },
        ],
      }),
    },
  },
  notInBrowser: {
    transitions: {
      'showingAddress.checking → showingAddress.waiting (error: fetchDeposits if sessionGone)':
        'Without a session cookie the request never leaves, so the page shows nothing; the unit paths replay it.',
      'depositPending.checking → depositPending.waiting (error: fetchDeposits if sessionGone)':
        'Without a session cookie the request never leaves, so the page shows nothing; the unit paths replay it.',
    },
  },
} satisfies FlowModel<typeof onChainDepositMachine>;
