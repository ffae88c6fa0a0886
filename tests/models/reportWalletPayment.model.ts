import { failureText, inLanguage } from './graph/page';
import { reportWalletPaymentMachine } from '../../machines/reportWalletPayment/reportWalletPayment.machine';
import { CHAINS_CALL, LINK, MODEL_CHAINS, payButton, TEST_WALLET } from './wallet.model';
import { writeModel } from './write.model';

const SENT = `0x${'5e'.repeat(32)}` as const;

export const reportWalletPaymentModel = writeModel(reportWalletPaymentMachine, {
  inputs: { 'the payment sent': { hash: LINK.hash, txHash: SENT } },
  done: { 'counted for the link': { ...LINK, status: 'confirming' } },
  errors: { 'the transaction paid another link': { code: 'deposit_link_payment_taken' }, offline: { code: 'network_error' } },
  browser: {
    // The payer's wallet, already allowed on the site and on the link's chain: the page offers to pay.
    start: (language) => [
      { answer: `**/api/deposit-links/${LINK.hash}`, method: 'GET', json: LINK },
      { answer: CHAINS_CALL, method: 'GET', json: { chains: MODEL_CHAINS } },
      { wallet: { install: { ...TEST_WALLET, chainId: LINK.chainId, authorised: true } } },
      { open: inLanguage(`/inject/crypto/on-chain/wallet/${LINK.hash}`, language) },
    ],
    request: { url: `**/api/deposit-links/${LINK.hash}/payments`, method: 'POST' },
    // The wallet sends it through the chain's node, which answers its hash; the page reports it once.
    submit: ({ txHash }, before, language) =>
      before.context.input === null
        ? [{ answer: '**/model-chain/**', method: 'POST', json: { jsonrpc: '2.0', id: 1, result: txHash } }, { click: payButton(language) }]
        : null,
    states: {
      editing: (_, language) => ({ shows: [payButton(language)] }),
      done: (s) => ({ shows: [{ shownText: s.context.input!.txHash }], hides: [{ role: 'alert' }] }),
      failed: (s, language) => ({
        shows: [{ shownText: s.context.input!.txHash }, { role: 'alert', text: failureText(language, {}, s.context.failure!) }],
      }),
    },
  },
});
