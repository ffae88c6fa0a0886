import { SAMPLE_DEPOSIT_LINK } from './depositLink.model';
import { depositLinkSettled } from '../contract/depositLinks';
import { depositLinkPaidMachine } from './depositLinkPaid.machine';
import { followModel } from './follow.model';
import { inLanguage, pageTexts, SIGNED_IN } from './graph/page';
import { SAMPLE_DEPOSIT_ADDRESS } from './onChainDeposit.model';
import { sessionCookieJar } from './session.model';
import { DEPOSIT_LINK_ANSWERS, depositLinkShown } from './walletPayLink.model';

const LINK_CALL = `**/api/deposit-links/${SAMPLE_DEPOSIT_LINK.hash}`;

export const depositLinkPaidModel = followModel(depositLinkPaidMachine, {
  inputs: { 'the link just made': { hash: SAMPLE_DEPOSIT_LINK.hash } },
  answers: DEPOSIT_LINK_ANSWERS,
  settled: depositLinkSettled,
  browser: {
    // The customer makes a link for 25 USDT under the Base address; the clock stands still from then on.
    start: (_, language) => {
      const texts = pageTexts(language).depositLinks;
      return [
        { clock: 'install' },
        sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
        { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
        { answer: '**/api/deposits/address?*', method: 'GET', json: SAMPLE_DEPOSIT_ADDRESS },
        { answer: '**/api/deposits?asset=USDT', method: 'GET', json: { deposits: [] } },
        { answer: '**/api/deposit-links', method: 'POST', status: 201, json: SAMPLE_DEPOSIT_LINK },
        { answer: LINK_CALL, method: 'GET', json: SAMPLE_DEPOSIT_LINK },
        { open: inLanguage('/inject/crypto/on-chain/USDT', language) },
        { clock: 'pause' },
        { click: { role: 'button', name: 'Base' } },
        { fill: { label: texts.amount }, text: SAMPLE_DEPOSIT_LINK.amount },
        { click: { role: 'button', name: texts.create } },
        // Paused, the page renders only as its clock runs: on until the link shows.
        { runClockUntil: { shownText: texts.status.open } },
      ];
    },
    url: LINK_CALL,
    states: {
      following: (s, language) => depositLinkShown(s.context.answer, language),
      settled: (s, language) => depositLinkShown(s.context.answer, language),
    },
  },
});
