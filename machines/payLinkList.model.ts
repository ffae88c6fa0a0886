import type { PayLink } from '../contract/payLinks';
import { followModel } from './follow.model';
import { inLanguage, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { SAMPLE_PAY_LINK } from './payLink.model';
import { payLinkListMachine } from './payLinkList.machine';
import { sessionCookieJar } from './session.model';

const LIST_CALL = '**/api/pay-links';
const paid: PayLink = { ...SAMPLE_PAY_LINK, status: 'paid', paidAt: '2026-03-02T09:05:00.000Z' };

/** The request as the list shows it: its status, and “Cancel request” only while it is open. */
const row = (links: readonly PayLink[] | null, language: PageLanguage) => {
  const texts = pageTexts(language).payLinks;
  const [link] = links ?? [SAMPLE_PAY_LINK];
  const cancel = { role: 'button' as const, name: texts.list.cancel };
  return {
    shows: [{ shownText: texts.status[link!.status] }, ...(link!.status === 'open' ? [cancel] : [])],
    hides: link!.status === 'open' ? [] : [cancel],
  };
};

export const payLinkListModel = followModel(payLinkListMachine, {
  answers: { 'still open': [SAMPLE_PAY_LINK], 'paid by someone': [paid] },
  browser: {
    // The requester's /pay with one open request; the page's clock stands still once it shows.
    start: (_, language) => [
      { clock: 'install' },
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { answer: LIST_CALL, method: 'GET', json: [SAMPLE_PAY_LINK] },
      { open: inLanguage('/pay', language) },
      // Paused, the page renders only as its clock runs: on until the list shows.
      { clock: 'pause' },
      { runClockUntil: { shownText: pageTexts(language).payLinks.status.open } },
    ],
    url: LIST_CALL,
    states: { following: (s, language) => row(s.context.answer, language) },
  },
});
