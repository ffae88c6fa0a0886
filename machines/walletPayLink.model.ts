import { depositLinkSettled, type DepositLink } from '../contract/depositLinks';
import { SAMPLE_DEPOSIT_LINK } from './depositLink.model';
import { followModel } from './follow.model';
import { inLanguage, pageTexts, type PageLanguage } from './graph/page';
import { walletPayLinkMachine } from './walletPayLink.machine';

const LINK_CALL = `**/api/deposit-links/${SAMPLE_DEPOSIT_LINK.hash}`;

/** The link's status line, as the last read found it (open until one did). */
export const depositLinkShown = (link: DepositLink | null, language: PageLanguage) => ({
  shows: [{ shownText: pageTexts(language).depositLinks.status[(link ?? SAMPLE_DEPOSIT_LINK).status] }],
});

export const DEPOSIT_LINK_ANSWERS: Record<string, DepositLink> = {
  'seen on the chain': { ...SAMPLE_DEPOSIT_LINK, status: 'confirming' },
  'paid in full': { ...SAMPLE_DEPOSIT_LINK, status: 'paid', received: SAMPLE_DEPOSIT_LINK.amount, remainder: '0' },
};

export const walletPayLinkModel = followModel(walletPayLinkMachine, {
  inputs: { 'an open link': { hash: SAMPLE_DEPOSIT_LINK.hash } },
  answers: DEPOSIT_LINK_ANSWERS,
  settled: depositLinkSettled,
  browser: {
    // A signed-out visitor opens the link; the page's clock stands still once it shows.
    start: ({ hash }, language) => [
      { clock: 'install' },
      { answer: LINK_CALL, method: 'GET', json: SAMPLE_DEPOSIT_LINK },
      { open: inLanguage(`/inject/crypto/on-chain/wallet/${hash}`, language) },
      // Paused, the page renders only as its clock runs: on until the link shows.
      { clock: 'pause' },
      { runClockUntil: { shownText: pageTexts(language).depositLinks.status.open } },
    ],
    url: LINK_CALL,
    states: {
      following: (s, language) => depositLinkShown(s.context.answer, language),
      settled: (s, language) => depositLinkShown(s.context.answer, language),
    },
  },
});
