import { formatAmount } from '../../contract/money';
import type { Failure } from '../../machines/parts/failure';
import type { WalletPayee } from '../../contract/walletPayment';
import { SAMPLE_DEPOSIT_LINK } from './depositLink.model';
import type { FlowModel } from './graph/model';
import { inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { SAMPLE_DEPOSIT_ADDRESS } from './onChainDeposit.model';
import { sessionCookieJar } from './session.model';
import { MODEL_CHAINS, TEST_WALLET } from './wallet.model';
import { walletTopUpMachine } from '../../machines/walletTopUp/walletTopUp.machine';

/** USDT on Base's local node, where the sample deposit address is. */
const USDT_ON_BASE = { asset: 'USDT' as const, address: SAMPLE_DEPOSIT_LINK.token!, decimals: 6 };
const payee: WalletPayee = {
  address: SAMPLE_DEPOSIT_ADDRESS.address,
  chainId: SAMPLE_DEPOSIT_LINK.chainId,
  token: USDT_ON_BASE.address,
  decimals: USDT_ON_BASE.decimals,
};
const chains = MODEL_CHAINS.map((chain) => (chain.chainId === payee.chainId ? { ...chain, tokens: [USDT_ON_BASE] } : chain));

const texts = (language: PageLanguage) => pageTexts(language).walletTopUp;

export const walletTopUpModel = {
  inputs: { 'USDT on Base, minimum 1': { payee, minimum: SAMPLE_DEPOSIT_ADDRESS.minimum } },
  events: {
    AMOUNT_CHANGED: { 'types again': {} },
    AMOUNT_SUBMITTED: { '25 USDT': { amount: '25' }, '0.5 USDT (below the minimum)': { amount: '0.5' }, zero: { amount: '0' } },
  },
  actors: {
    sendFromWallet: {
      done: { sent: '0x' + 'cd'.repeat(32) },
      // The actor rejects with the wallet's failure; the wallet block says it.
      error: { 'refused (4001)': { code: 'user_rejected' } satisfies Failure },
    },
  },
  invariants: {
    // The rules: nothing is sent for a refused amount, and only this block's transaction shows as sent.
    sending: (s) => s.context.problem === null || 'sending a refused amount',
    sent: (s) => s.context.transactionHash !== null || 'sent without a transaction',
    editing: (s) => s.context.transactionHash === null || 'a transaction shown while the form is',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The deposit screen of USDT on Base, with the test wallet still connected there from an earlier visit.
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { answer: '**/api/deposits/address?*', method: 'GET', json: SAMPLE_DEPOSIT_ADDRESS },
      { answer: '**/api/deposits?asset=USDT', method: 'GET', json: { deposits: [] } },
      { answer: '**/api/chains', method: 'GET', json: { chains } },
      { wallet: { install: { ...TEST_WALLET, chainId: payee.chainId, authorised: true } } },
      { open: inLanguage('/inject/crypto/on-chain/USDT', language) },
      { click: { role: 'button', name: 'Base' } },
      { click: { role: 'button', name: texts(language).choose } },
    ],
    events: {
      AMOUNT_CHANGED: (_, __, language) => [{ fill: { label: texts(language).amount }, text: '2' }],
      AMOUNT_SUBMITTED: ({ amount }, _, language) => [
        { fill: { label: texts(language).amount }, text: amount },
        { click: { role: 'button', name: texts(language).send } },
      ],
    },
    actors: {
      sendFromWallet: {
        done: (hash) => [
          { wallet: { reject: null } },
          // The wallet sends it through the chain's node, which answers its hash.
          { answer: '**/model-chain/**', method: 'POST', json: { jsonrpc: '2.0', id: 1, result: hash } },
        ],
        error: () => [{ wallet: { reject: 'eth_sendTransaction' } }],
      },
    },
    states: {
      editing: (s, language) => {
        const own = texts(language);
        const problem = {
          invalid: own.amountInvalid,
          belowMinimum: own.belowMinimum.replace('{{minimum}}', formatAmount(s.context.minimum, 'USDT', language)),
        };
        return s.context.problem
          ? { shows: [{ shownText: problem[s.context.problem] }] }
          : { hides: Object.values(problem).map((text) => ({ shownText: text })) };
      },
      sent: (s) => ({ shows: [{ shownText: s.context.transactionHash! }] }),
    },
  },
} satisfies FlowModel<typeof walletTopUpMachine>;
