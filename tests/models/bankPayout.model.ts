import type { SnapshotFrom } from 'xstate';
import { compare, isPositive } from '../../contract/decimal';
import type { Beneficiaries, Beneficiary, Payout, PayoutQuote } from '../../contract/payouts';
import { needsBic } from '../../contract/bankAccount';
import { SAMPLE_SUMMARY } from './balances.model';
import { bankPayoutMachine } from '../../machines/bankPayout/bankPayout.machine';
import { connectBankPayout } from '../../machines/bankPayout/bankPayout.view';
import { toFailure } from '../../machines/parts/failure';
import type { FlowModel, PageExpectation } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, typedAmount, type PageLanguage } from './graph/page';
import { SESSION_GONE } from '../../machines/parts/poll';
import { MAY_WITHDRAW, sendOutCalls, sendOutInvariants, sendOutNotInBrowser, sendOutPage } from './sendOut.model';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';
import { bookPage } from './destinationBook.model';

type Snapshot = SnapshotFrom<typeof bankPayoutMachine>;

const saved: Beneficiary = {
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  holderName: 'Dana Dupont',
  iban: 'DE89370400440532013000',
  bic: null,
  label: 'Savings',
  createdAt: '2026-03-01T09:00:00.000Z',
  usableAt: '2026-03-01T09:00:00.000Z',
};
const added: Beneficiary = {
  ...saved,
  id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  holderName: 'Sam Smith',
  iban: 'GB29NWBK60161331926819',
  bic: 'NWBKGB2L',
  label: 'London',
};
const quote: PayoutQuote = {
  id: '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f7a',
  currency: 'EUR',
  beneficiaryId: saved.id,
  holderName: saved.holderName,
  iban: saved.iban,
  amount: '100.00',
  fee: '0.50',
  received: '99.50',
  minimum: '2.00',
  arrivesBy: '2026-03-03T09:00:00.000Z',
  expiresAt: '2026-03-02T09:01:00.000Z',
};
const held: Payout = {
  id: '4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7a8b',
  currency: 'EUR',
  holderName: saved.holderName,
  iban: saved.iban,
  bic: null,
  amount: '100.00',
  fee: '0.50',
  received: '99.50',
  status: 'pending',
  arrivesBy: quote.arrivesBy,
  returnReason: null,
  activityId: '5f6a7b8c-9d0e-4f1a-8b3c-4d5e6f7a8b9c',
  createdAt: '2026-03-02T09:00:10.000Z',
  settledAt: null,
};

const RENAMED: Beneficiary = { ...saved, label: 'Rent' };
const ENTRY_URL = `**/api/beneficiaries/${saved.id}`;

/**
 * The IBAN field's value: as typed while the field has the focus, grouped in fours and upper case once it is
 * left (the screen's `printedIban`), so either form of the same characters.
 */
const asTypedOrPrinted = (iban: string) =>
  new RegExp(`^${[...iban.replace(/\s/g, '')].map((character) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(' ?')}$`, 'i');

/** The same IBAN with its last digit changed: its check digits fail. */
const MISTYPED = 'DE89370400440532013001';

const BOOK_URL = '**/api/beneficiaries';
const QUOTES = '**/api/payouts/quotes';
const PAYOUTS = '**/api/payouts';
const ONE_PAYOUT = `**/api/payouts/${held.id}`;

/** The euro account's balance in the sample summary: what Max enters. */
const BALANCE = SAMPLE_SUMMARY.fiat.accounts_limit_balances[0]!.balance;

const page = sendOutPage({
  failures: (language) => pageTexts(language).withdraw.bank.failures,
  confirm: (language) => pageTexts(language).withdraw.bank.confirm,
  max: BALANCE,
  quoteTestId: 'payout-quote',
});
const { onForm, failureShown } = page;

/** What the new-account form may say: what is wrong with the account, or that it could not be saved. */
const BENEFICIARY_FAILURES = [
  'holder_name_required',
  'iban_country',
  'iban_length',
  'iban_format',
  'iban_check_digits',
  'iban_invalid',
  'iban_not_sepa',
  'bic_invalid',
  'bic_required',
  'beneficiary_exists',
  'network_error',
];

/** The payout as it goes: its status in words and, once returned, the bank's reason. */
function progress(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).withdraw;
  const { payout } = s.context;
  return {
    shows: [
      { role: 'status', text: texts.bank.status[payout!.status] },
      ...(payout!.returnReason ? [{ shownText: texts.bank.returnReasons[payout!.returnReason] }] : []),
      ...(s.status === 'done' ? [{ role: 'link' as const, name: texts.backToAccounts }] : []),
    ],
  };
}

const book = bookPage({
  entries: (s: Snapshot) => s.context.beneficiaries,
  listed: () => true,
  failureShown,
});

/** Demo mode's book: no cooling-off. */
const BOOK = { beneficiaries: [], coolingOffSeconds: 0 } satisfies Beneficiaries;

export const bankPayoutModel = {
  inputs: { euro: { currency: 'EUR', balance: BALANCE } },
  events: {
    BALANCE_CHANGED: { 'money came': { balance: '3000' } },
    BENEFICIARY_CHOSEN: { 'the saved account': { beneficiaryId: saved.id } },
    AMOUNT_CHANGED: {
      '100': { amount: '100' },
      'the whole balance (Max)': { amount: BALANCE },
      'more than the balance': { amount: '5000' },
      nothing: { amount: '' },
    },
    QUOTE_REQUESTED: { review: {} },
    ADD_BENEFICIARY_STARTED: { 'add a bank account': {} },
    BENEFICIARY_SUBMITTED: {
      'a British account with its BIC': { holderName: added.holderName, iban: added.iban, bic: 'nwbkgb2l', label: added.label },
      'a British account without its BIC': { holderName: added.holderName, iban: added.iban, bic: '', label: added.label },
      'a mistyped IBAN': { holderName: added.holderName, iban: MISTYPED, bic: '', label: '' },
      'no holder': { holderName: ' ', iban: saved.iban, bic: '', label: '' },
    },
    ADD_BENEFICIARY_CANCELLED: { cancel: {} },
    IBAN_TYPED: {
      'a German IBAN pasted in lower case with spaces': { iban: 'de89 3704 0044 0532 0130 00' },
      'an unknown country': { iban: 'XX89370400440532013000' },
      'a mistyped digit': { iban: MISTYPED },
    },
    RENAME_STARTED: { 'rename the saved account': { entryId: saved.id } },
    RENAME_SUBMITTED: { 'a new name': { label: RENAMED.label }, 'no name': { label: '  ' } },
    RENAME_CANCELLED: { 'keep the name': {} },
    REMOVE_REQUESTED: { 'remove the saved account': { entryId: saved.id } },
    REMOVE_CONFIRMED: { remove: {} },
    REMOVE_CANCELLED: { 'keep it': {} },
    CONFIRMED: { confirm: {} },
    EDIT_REQUESTED: { change: {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadBeneficiaries: {
      done: { 'one saved account': { ...BOOK, beneficiaries: [saved] }, 'an empty book': BOOK },
      error: { offline: { code: 'network_error' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    saveBeneficiary: {
      done: { saved: added },
      error: { 'step-up ran out': { code: 'step_up_required' }, 'already saved': { code: 'beneficiary_exists' } },
    },
    labelBeneficiary: {
      done: { renamed: RENAMED },
      error: { 'already removed elsewhere': { code: 'beneficiary_not_found' } },
    },
    removeBeneficiary: {
      done: { 'the book without it': BOOK },
      error: { offline: { code: 'network_error' } },
    },
    requestPayoutQuote: {
      done: { quoted: quote },
      error: {
        'below the minimum': { code: 'amount_too_small', fields: { minimum: '2.00' } },
        'cooling off': { code: 'beneficiary_cooling_off', fields: { usableAt: '2026-03-03T09:00:00.000Z' } },
      },
    },
    payOut: {
      done: { held },
      error: {
        'step-up ran out': { code: 'step_up_required' },
        'quote over': { code: 'quote_expired' },
        'too little money': { code: 'insufficient_funds' },
      },
    },
    checkPayout: {
      done: {
        'in transit': { ...held, status: 'sent' },
        settled: { ...held, status: 'settled', settledAt: quote.arrivesBy },
        'returned, account closed': { ...held, status: 'returned', returnReason: 'AC04', settledAt: '2026-03-02T10:00:00.000Z' },
      },
      error: { offline: { code: 'network_error' }, 'no session cookie': { code: SESSION_GONE } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      // Saving the same account again adds nothing new to explore.
      new Set(s.context.beneficiaries.map((beneficiary) => beneficiary.id)).size,
      s.context.entryId,
      connectBankPayout(s, () => {}).ibanProblem,
      s.context.beneficiaryId,
      // Which amount matters only to the guards: none, within the balance, or more.
      isPositive(s.context.amount) ? s.context.balance !== null && compare(s.context.amount, s.context.balance) > 0 : null,
      s.context.quote !== null,
      s.context.payout?.status ?? null,
      s.context.failure?.code ?? null,
    ]),
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The clock runs until the payout is held; from then on a status check is due only in PAYOUT_POLL steps.
    start: ({ currency }, language) => [
      { clock: 'install' },
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: MAY_WITHDRAW },
      { answer: '**/api/accounts-management/summary-balance', method: 'GET', json: SAMPLE_SUMMARY },
      { open: inLanguage(`/accounts/fiat/withdraw/${currency}`, language) },
    ],
    events: {
      ...page.events,
      // Choosing what is chosen already changes nothing on the page: no event.
      BENEFICIARY_CHOSEN: ({ beneficiaryId }, before, language) =>
        onForm(before) &&
        before.context.beneficiaryId !== beneficiaryId &&
        before.context.beneficiaries.some((beneficiary) => beneficiary.id === beneficiaryId)
          ? [{ select: { label: pageTexts(language).withdraw.bank.beneficiary }, value: beneficiaryId }]
          : null,
      ADD_BENEFICIARY_STARTED: (_, before, language) =>
        onForm(before) ? [{ click: { role: 'button', name: pageTexts(language).withdraw.bank.addBeneficiary } }] : null,
      BENEFICIARY_SUBMITTED: ({ holderName, iban, bic, label }, before, language) => {
        const texts = pageTexts(language);
        return before.matches('addingBeneficiary')
          ? [
              { fill: { label: texts.withdraw.bank.holderName }, text: holderName },
              { fill: { label: texts.accounts.detail.iban }, text: iban },
              // The BIC field is there only where the IBAN's country needs one, or a BIC was typed before.
              ...(needsBic(iban) || before.context.draft.bic !== '' ? [{ fill: { label: texts.accounts.detail.bic }, text: bic }] : []),
              { fill: { label: texts.withdraw.label }, text: label },
              { click: { role: 'button', name: texts.withdraw.bank.save } },
            ]
          : null;
      },
      IBAN_TYPED: ({ iban }, before, language) =>
        before.matches('addingBeneficiary') ? [{ fill: { label: pageTexts(language).accounts.detail.iban }, text: iban }] : null,
      ...book.events,
      ADD_BENEFICIARY_CANCELLED: (_, before, language) =>
        before.matches('addingBeneficiary') ? [{ click: { role: 'button', name: pageTexts(language).withdraw.cancel } }] : null,
    },
    actors: {
      loadBeneficiaries: {
        done: (output) => [{ answer: BOOK_URL, method: 'GET', times: 1, json: output }],
        error: (error) => [failedCall(BOOK_URL, error, 'GET')],
      },
      stepUp: {
        done: (output, before, language) =>
          stepUpInBrowser(before.matches('steppingUpForBeneficiary') ? 'withdrawal.address' : 'withdrawal', output, language),
      },
      labelBeneficiary: {
        done: (output) => [{ answer: ENTRY_URL, method: 'PATCH', times: 1, json: output }],
        error: (error) => [failedCall(ENTRY_URL, error, 'PATCH')],
      },
      removeBeneficiary: {
        done: (output) => [{ answer: ENTRY_URL, method: 'DELETE', times: 1, json: output }],
        error: (error) => [failedCall(ENTRY_URL, error, 'DELETE')],
      },
      saveBeneficiary: {
        done: (output) => [{ answer: BOOK_URL, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(BOOK_URL, error)],
      },
      requestPayoutQuote: {
        done: (output) => [{ answer: QUOTES, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(QUOTES, error)],
      },
      payOut: {
        done: (output) => [{ clock: 'pause' }, { answer: PAYOUTS, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(PAYOUTS, error)],
      },
      checkPayout: {
        done: (output) => [{ answer: ONE_PAYOUT, method: 'GET', times: 1, json: output }],
        // A request that never leaves shows nothing on the page: the unit paths replay it.
        error: (error) => (toFailure(error).code === SESSION_GONE ? null : [failedCall(ONE_PAYOUT, error, 'GET')]),
      },
    },
    delays: { PAYOUT_POLL: (ms) => [{ runClock: ms }] },
    states: {
      ...page.states,
      editing: (s, language) => ({
        shows: [
          ...(s.context.beneficiaryId ? [{ label: pageTexts(language).withdraw.bank.beneficiary, value: s.context.beneficiaryId }] : []),
          { label: pageTexts(language).withdraw.amount, value: typedAmount(language, s.context.amount) },
          ...failureShown(s, language),
        ],
      }),
      addingBeneficiary: (s, language) => {
        const problem = connectBankPayout(s, () => {}).ibanProblem;
        return {
          shows: [
            { label: pageTexts(language).accounts.detail.iban, value: asTypedOrPrinted(s.context.draft.iban) },
            // What is wrong with the IBAN as typed is said before anything is sent.
            ...(problem ? [{ shownText: pageTexts(language).withdraw.bank.failures[problem] }] : failureShown(s, language)),
          ],
          // The BIC is asked only where the IBAN's country needs it.
          ...(connectBankPayout(s, () => {}).bicNeeded || s.context.draft.bic !== ''
            ? {}
            : { hides: [{ label: pageTexts(language).accounts.detail.bic }] }),
        };
      },
      ...book.states,
      following: progress,
      settled: progress,
    },
  },
  calls: sendOutCalls('payOut', { save: 'saveBeneficiary', endedBy: ['EDIT_REQUESTED', 'BENEFICIARY_CHOSEN', 'AMOUNT_CHANGED'] }),
  invariants: {
    // The business rules: money moves only on a quote to a saved, well-formed account, once per confirmation.
    ...sendOutInvariants((s: Snapshot) => s.context.beneficiaryId, { destination: 'a beneficiary', submitting: 'payingOut' }),
    steppingUpForBeneficiary: (s) =>
      (s.context.draft.holderName !== '' && s.context.draft.iban !== '') || 'stepping up to save no bank account',
    // The new-account form says only what is wrong with the account (or that it could not be saved).
    addingBeneficiary: (s) =>
      BENEFICIARY_FAILURES.includes(s.context.failure?.code ?? 'iban_invalid') ||
      `the new-account form shows ${s.context.failure?.code}, which is not about the account`,
    following: (s) => s.context.payout !== null || 'following no payout',
    ...book.invariants,
    // A returned payout always says why.
    settled: (s) =>
      (s.status === 'done' &&
        (s.context.payout?.status === 'settled' || (s.context.payout?.status === 'returned' && s.context.payout.returnReason !== null))) ||
      'settled while still open, or returned without the reason',
  },
  notInBrowser: sendOutNotInBrowser('bankPayout', 'checkPayout'),
} satisfies FlowModel<typeof bankPayoutMachine>;
