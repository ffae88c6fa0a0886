import type { SnapshotFrom } from 'xstate';
import type { FlowModel, PageExpectation } from './graph/model';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, type PageLanguage } from './graph/page';
import { recoveryCancelMachine } from '../../machines/recoveryCancel/recoveryCancel.machine';

const TOKEN = 'A'.repeat(20) + '_-' + 'b'.repeat(21);
const CANCEL = '**/api/auth/phone-recovery/cancel';

/** A finished page: its heading and sentence, the token gone from the address bar. */
function ended(title: 'doneTitle' | 'invalidTitle', sentence: 'done' | 'invalid') {
  return (_: SnapshotFrom<typeof recoveryCancelMachine>, language: PageLanguage): PageExpectation => {
    const texts = pageTexts(language).phoneRecovery.cancel;
    return {
      url: inLanguage('/recovery/cancel', language),
      shows: [
        { role: 'heading', name: texts[title] },
        { role: 'status', text: texts[sentence] },
      ],
      hides: [{ role: 'button', name: texts.confirm }],
    };
  };
}

export const recoveryCancelModel = {
  inputs: {
    'a link from the e-mail or the SMS': { token: TOKEN },
    'a link cut short': { token: 'abc' },
    'no token': { token: null },
  },
  events: { CANCEL_CONFIRMED: { 'cancel the removal': {} } },
  actors: {
    cancelRecovery: {
      done: { cancelled: undefined },
      error: {
        'used already': { code: 'recovery_not_found' },
        'too many tries': { code: 'rate_limited', retryAfterSeconds: 60 },
        offline: { code: 'network_error' },
      },
    },
  },
  invariants: {
    awaitingConfirmation: (s) => (s.context.token?.length ?? 0) === 43 || 'offers to cancel with no usable token',
    cancelling: (s) => s.context.failure === null || 'cancels while showing an old error',
    cancelled: (s) => s.status === 'done' || 'keeps asking after the recovery was cancelled',
    linkInvalid: (s) => s.status === 'done' || 'offers a button for a dead link',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The link as the e-mail and the SMS carry it, signed out: the token in the fragment.
    start: ({ token }, language) => [{ open: `${inLanguage('/recovery/cancel', language)}${token === null ? '' : `#${token}`}` }],
    events: {
      CANCEL_CONFIRMED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).phoneRecovery.cancel.confirm } }],
    },
    actors: {
      cancelRecovery: {
        done: () => [{ answer: CANCEL, method: 'POST', times: 1, json: { ok: true } }],
        error: (error) => [failedCall(CANCEL, error)],
      },
    },
    states: {
      // The token is read once and dropped from the address bar, so it stays out of history and screenshots.
      awaitingConfirmation: (s, language) => {
        const texts = pageTexts(language);
        return {
          url: inLanguage('/recovery/cancel', language),
          shows: [
            { role: 'button', name: texts.phoneRecovery.cancel.confirm },
            ...(s.context.failure ? [{ role: 'alert' as const, text: failureText(language, {}, s.context.failure) }] : []),
          ],
        };
      },
      cancelled: ended('doneTitle', 'done'),
      linkInvalid: ended('invalidTitle', 'invalid'),
    },
  },
} satisfies FlowModel<typeof recoveryCancelMachine>;
