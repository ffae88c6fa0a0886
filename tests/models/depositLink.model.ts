import { isPositive } from '../../contract/decimal';
import type { DepositLink } from '../../contract/depositLinks';
import { depositLinkMachine } from '../../machines/depositLink/depositLink.machine';
import { asError } from '../../machines/parts/failure';
import type { FlowModel } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN } from './graph/page';
import { SAMPLE_DEPOSIT_ADDRESS } from './onChainDeposit.model';
import { sessionCookieJar } from './session.model';

const CREATE_CALL = '**/api/deposit-links';

export const SAMPLE_DEPOSIT_LINK: DepositLink = {
  hash: 'Dl4vKq2xW9mT7bR1sY3nP8cE5hJ0gA6fU2iO4kL9zQw',
  asset: 'USDT',
  network: 'base',
  chainId: 31338,
  amount: '25',
  decimals: 6,
  token: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  address: SAMPLE_DEPOSIT_ADDRESS.address,
  createdAt: '2026-11-26T15:00:00.000Z',
  status: 'open',
  received: '0',
  remainder: '25',
};

export const depositLinkModel = {
  inputs: { 'USDT on Base': { asset: 'USDT', network: 'base' } },
  events: {
    AMOUNT_SUBMITTED: { '25 USDT': { amount: '25' }, zero: { amount: '0' } },
    NEW_LINK_REQUESTED: { 'taps New link': {} },
  },
  actors: {
    createDepositLink: { done: { 'the link': SAMPLE_DEPOSIT_LINK }, error: { offline: asError({ code: 'network_error' }) } },
  },
  invariants: {
    // The rules: a link is never made for an amount the asset cannot hold, and a refused amount is said.
    created: (s) => (s.context.created !== null && isPositive(s.context.created.amount)) || 'a link without a positive amount',
    editing: (s) => s.context.created === null || 'the form shows while a link is kept',
    creating: (s) => !s.context.amountInvalid || 'creating a link for a refused amount',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The deposit screen of USDT with Base chosen: the block sits under the address.
    start: ({ asset }, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { answer: '**/api/deposits/address?*', method: 'GET', json: SAMPLE_DEPOSIT_ADDRESS },
      { answer: '**/api/deposits?asset=USDT', method: 'GET', json: { deposits: [] } },
      { open: inLanguage(`/inject/crypto/on-chain/${asset}`, language) },
      { click: { role: 'button', name: 'Base' } },
    ],
    events: {
      AMOUNT_SUBMITTED: ({ amount }, _, language) => {
        const texts = pageTexts(language).depositLinks;
        return [{ fill: { label: texts.amount }, text: amount }, { click: { role: 'button', name: texts.create } }];
      },
      NEW_LINK_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).depositLinks.new } }],
    },
    actors: {
      createDepositLink: {
        done: (link) => [
          { answer: CREATE_CALL, method: 'POST', times: 1, status: 201, json: link },
          // What the link was paid, as the page then follows it.
          { answer: `**/api/deposit-links/${link.hash}`, method: 'GET', json: link },
        ],
        error: (error) => [failedCall(CREATE_CALL, error)],
      },
    },
    states: {
      editing: (s, language) => {
        const texts = pageTexts(language);
        return {
          shows: [
            ...(s.context.amountInvalid ? [{ shownText: texts.depositLinks.amountInvalid }] : []),
            ...(s.context.failure ? [{ role: 'alert' as const, text: texts.errors.network_error }] : []),
          ],
        };
      },
      created: (s, language) => ({
        shows: [
          { shownText: pageTexts(language).depositLinks.status.open },
          { role: 'link', name: inLanguage(`/inject/crypto/on-chain/wallet/${s.context.created!.hash}`, language), exact: false },
        ],
      }),
    },
  },
} satisfies FlowModel<typeof depositLinkMachine>;
