import type { Locale } from '../../../contract/locales';
import { LOCALE_TAGS } from '../../../contract/locales';

/** The help topics in order, each with its questions (keys under `help.q` in the locales; ids in links). */
export const HELP_TOPICS = {
  account: ['signUp', 'verifyEmail', 'language', 'name'],
  security: ['passkey', 'twoFactor', 'lostPhone', 'signOutDevice'],
  money: ['topUp', 'depositTime', 'hideBalance', 'statement'],
  cards: ['cardCredit', 'cardInterest', 'cardDue', 'cardLiquidation'],
  withdrawals: ['withdrawHow', 'withdrawNeeds', 'withdrawAddress', 'withdrawFailed'],
  payLinks: ['payLinkHow', 'payLinkExpiry', 'payLinkPay'],
  limits: ['levels', 'levelUp', 'limitReached', 'fees'],
  identity: ['whyKyc', 'kycDocuments', 'kycTime', 'kycRejected'],
  invite: ['inviteHow', 'inviteReward', 'inviteSelf', 'inviteTrack'],
} as const;

export type HelpTopic = keyof typeof HELP_TOPICS;
export type HelpQuestion = (typeof HELP_TOPICS)[HelpTopic][number];

/** The fragment that opens a question: `/help#q-lostPhone`. */
export const questionAnchor = (question: HelpQuestion) => `q-${question}`;

/**
 * Text as search compares it: lower case for the locale, accents and other combining marks dropped (so
 * “resume” finds “résumé”, and Thai tone marks typed or not match the same), widths unified (NFKD).
 */
export function searchable(text: string, locale: Locale): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase(LOCALE_TAGS[locale]);
}

/**
 * Whether `text` matches the query: every word of it appears somewhere, as a substring — languages
 * written without spaces (Thai, Chinese) are one word matched anywhere. An empty query matches all.
 */
export function matchesQuery(text: string, query: string, locale: Locale): boolean {
  const haystack = searchable(text, locale);
  return searchable(query, locale)
    .split(/\s+/u)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
