import type { SnapshotFrom } from 'xstate';
import type { BalancesSummary } from '../../contract/accounts';
import { compare, isPositive, subtract } from '../../contract/decimal';
import { formatAmount } from '../../contract/money';
import type { SendReceipt } from '../../contract/sendMoney';
import { SAMPLE_SUMMARY } from './balances.model';
import type { FlowModel, PageAction, PageMark } from './graph/model';
import { allOf, grantedStepUpFirst, retriesKeepTheIntent, stepUpOnlyWhenAsked, wasUnanswered } from './graph/callRules';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, typedAmount, type PageLanguage } from './graph/page';
import { recipientAddress } from '../../machines/parts/recipientAddress';
import type { OperationLimits } from '../../contract/users';
import { sendAllowance, sendMoneyMachine, type SendingAccount, type SendLimit } from '../../machines/sendMoney/sendMoney.machine';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof sendMoneyMachine>;

const EUROS: SendingAccount = { id: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', asset: 'EUR', balance: '2450.75', rate: '1' };
const EMPTY_DOLLARS: SendingAccount = { id: '4a2c3d5e-6f7a-4b8c-9dae-1f2a3b4c5d6e', asset: 'USD', balance: '0', rate: '1' };

/** What the page opens with: $1,000 of the sending limit left today, $5,000 this month. */
const LIMIT: SendLimit = { day: '1000.00', month: '5000.00' };
const usage = (limit: string, left: string) => ({ limit, used: subtract(limit, left), left });
const PERIODS = { daily: usage('500.00', '500.00'), monthly: usage('2000.00', '2000.00') };
/** GET /users-deposit-levels/limits as the page reads it: `payment` is what sending counts against. */
export const SEND_LIMITS: OperationLimits = {
  top_up: PERIODS,
  transfer: PERIODS,
  payment: { daily: usage('2500.00', LIMIT.day), monthly: usage('10000.00', LIMIT.month) },
  withdrawal: PERIODS,
  receive: PERIODS,
};

export const SAMPLE_SEND: SendReceipt = {
  id: '5b3d4e6f-7a8b-4c9d-8eaf-2a3b4c5d6e7f',
  status: 'sent',
  to: 'dana@example.com',
  recipientName: 'Dana D.',
  fromAccountId: EUROS.id,
  asset: 'EUR',
  amount: '25',
  held: '0',
  note: 'Dinner',
  transactionId: '6c4e5f7a-8b9c-4dae-9fba-3b4c5d6e7f8a',
  createdAt: '2026-03-02T09:00:00.000Z',
  expiresAt: null,
};

const [EURO_ACCOUNT] = SAMPLE_SUMMARY.fiat.accounts_limit_balances;
/** The balances the page chooses from: the two accounts of the fixtures. */
const WITH_TWO_ACCOUNTS: BalancesSummary = {
  ...SAMPLE_SUMMARY,
  fiat: {
    accounts_limit_balances: [
      { ...EURO_ACCOUNT!, id: EUROS.id },
      { ...EURO_ACCOUNT!, id: EMPTY_DOLLARS.id, name: 'Dollar account', currency: 'USD', balance: '0', usdtValue: '0', usdValue: '0' },
    ],
  },
};

/** A customer who may look others up: verified e-mail, approved identity check (the route's rules). */
export const MAY_PAY_CUSTOMERS = { ...SIGNED_IN.user, kycStatus: 'approved' as const };

/**
 * What /send and /send/requests read besides the flow's calls: who the customer is, the balances, and
 * (on /send) the recent contacts, none yet.
 */
export function payCustomersPage(path: string, summary: BalancesSummary, language: PageLanguage): PageAction[] {
  return [
    sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
    { answer: '**/api/users/me', method: 'GET', json: MAY_PAY_CUSTOMERS },
    { answer: '**/api/accounts-management/summary-balance', method: 'GET', json: summary },
    { answer: '**/api/send/contacts*', method: 'GET', json: [] },
    { answer: '**/api/users-deposit-levels/limits', method: 'GET', json: SEND_LIMITS },
    { open: inLanguage(path, language) },
  ];
}

const LOOKUP = '**/api/send/lookup';
const SEND = '**/api/send';

const onForm = (s: Snapshot) => s.matches('editing');
/** The refusal's words, with the amount the limit leaves written as the page writes it. */
const failureShown = (s: Snapshot, language: PageLanguage): PageMark[] => {
  const { failure, account } = s.context;
  if (!failure) return [];
  const text = failureText(language, pageTexts(language).sendMoney.failures, failure);
  const left = failure.fields?.left;
  return [{ shownText: left && account ? text.replace('{{amount}}', formatAmount(left, account.asset, language)) : text }];
};

const stepUpAsked = (error: unknown) => (error as { code?: string }).code === 'step_up_required';
const withinBalance = (s: Snapshot) =>
  s.context.account !== null && isPositive(s.context.amount) && compare(s.context.amount, s.context.account.balance) <= 0;
/** Within what the sending limit leaves, converted at the account's rate (true while the limit is unknown). */
const withinLimit = (s: Snapshot) => {
  const allowance = sendAllowance(s.context.limit, s.context.account);
  return allowance === null || compare(s.context.amount || '0', allowance.left) <= 0;
};
const covered = (s: Snapshot) => withinBalance(s) && withinLimit(s);

/** Which recipient the guards see: none, one that reads as an address, or one that does not. */
const recipientKind = (s: Snapshot) =>
  s.context.to.trim() === '' ? null : recipientAddress(s.context.to, s.context.country) === null ? 'invalid' : 'address';

export const sendMoneyModel = {
  inputs: { 'a customer in Germany': { country: 'DE', limit: LIMIT } },
  events: {
    LIMIT_CHANGED: { 'little left this month': { limit: { day: LIMIT.day, month: '20.00' } } },
    RECIPIENT_CHANGED: {
      'an e-mail address': { to: 'Dana@Example.com' },
      'a phone number in the country’s form': { to: '0151 12345678' },
      neither: { to: 'dana' },
    },
    ACCOUNT_CHOSEN: { 'the euro account': { account: EUROS }, 'an empty dollar account': { account: EMPTY_DOLLARS } },
    AMOUNT_CHANGED: {
      '25': { amount: '25' },
      'more than the balance': { amount: '5000' },
      'more than the day’s limit leaves': { amount: '2000' },
      'more decimals than euros have': { amount: '1.005' },
      nothing: { amount: '' },
    },
    NOTE_CHANGED: { 'what it is for': { note: 'Dinner' } },
    REVIEW_REQUESTED: { review: {} },
    CONFIRMED: { confirm: {} },
    EDIT_REQUESTED: { change: {} },
    NEW_REQUESTED: { 'send again': {} },
  },
  actors: {
    lookupRecipient: {
      done: { 'a customer': { customer: true, name: 'Dana D.' }, 'nobody yet': { customer: false, name: null } },
      error: {
        'look-ups used up': { code: 'rate_limited' },
        'the customer’s own address': { code: 'send_to_self' },
        offline: { code: 'network_error' },
      },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    sendMoney: {
      done: {
        sent: SAMPLE_SEND,
        'partly held over the receiver’s limit': { ...SAMPLE_SEND, status: 'held', held: '10' },
        'waiting for the invitee': {
          ...SAMPLE_SEND,
          status: 'invited',
          recipientName: null,
          held: '25',
          expiresAt: '2026-03-16T09:00:00.000Z',
        },
      },
      error: {
        'above the threshold': { code: 'step_up_required' },
        'over the limit': { code: 'limit_exceeded' },
        offline: { code: 'network_error' },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      recipientKind(s),
      s.context.account?.id ?? null,
      s.context.limit?.month ?? null,
      // The amount as typed: each fixture meets the guards differently with each account and limit.
      s.context.amount,
      s.context.recipient?.customer ?? null,
      s.context.receipt?.status ?? null,
      s.context.failure?.code ?? null,
    ]),
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => payCustomersPage('/send', WITH_TWO_ACCOUNTS, language),
    events: {
      // The page's limit is the one answered at the start; a later one would need another answer.
      LIMIT_CHANGED: () => null,
      // Typing what the field holds already changes nothing on the page: no event.
      RECIPIENT_CHANGED: ({ to }, before, language) =>
        onForm(before) && before.context.to !== to ? [{ fill: { label: pageTexts(language).sendMoney.to }, text: to }] : null,
      ACCOUNT_CHOSEN: ({ account }, before, language) =>
        onForm(before) && before.context.account?.id !== account.id
          ? [{ select: { label: pageTexts(language).sendMoney.account }, value: account.id }]
          : null,
      AMOUNT_CHANGED: ({ amount }, before, language) =>
        onForm(before) && before.context.amount !== amount
          ? [{ fill: { label: pageTexts(language).sendMoney.amount }, text: typedAmount(language, amount) }]
          : null,
      NOTE_CHANGED: ({ note }, before, language) =>
        onForm(before) && before.context.note !== note ? [{ fill: { label: pageTexts(language).sendMoney.note }, text: note }] : null,
      REVIEW_REQUESTED: (_, before, language) =>
        onForm(before) ? [{ click: { role: 'button', name: pageTexts(language).sendMoney.review } }] : null,
      CONFIRMED: (_, before, language) =>
        before.matches('reviewing') ? [{ click: { role: 'button', name: pageTexts(language).sendMoney.confirm.send } }] : null,
      EDIT_REQUESTED: (_, before, language) =>
        before.matches('reviewing') ? [{ click: { role: 'button', name: pageTexts(language).sendMoney.confirm.change } }] : null,
      NEW_REQUESTED: (_, before, language) =>
        before.matches('sent') ? [{ click: { role: 'button', name: pageTexts(language).sendMoney.sent.again } }] : null,
    },
    actors: {
      lookupRecipient: {
        done: (output) => [{ answer: LOOKUP, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(LOOKUP, error)],
      },
      stepUp: { done: (output, _, language) => stepUpInBrowser('send', output, language) },
      sendMoney: {
        done: (output) => [{ answer: SEND, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(SEND, error)],
      },
    },
    states: {
      editing: (s, language) => {
        const texts = pageTexts(language).sendMoney;
        return {
          shows: [
            { label: texts.to, value: s.context.to },
            ...(s.context.account ? [{ label: texts.account, value: s.context.account.id }] : []),
            { label: texts.amount, value: typedAmount(language, s.context.amount) },
            ...failureShown(s, language),
          ],
        };
      },
      reviewing: (s, language) => ({
        shows: [
          { testId: 'send-review' },
          ...(s.context.recipient?.name ? [{ shownText: s.context.recipient.name }] : []),
          ...failureShown(s, language),
        ],
      }),
      sent: (s, language) => ({
        shows: [
          { role: 'heading', name: pageTexts(language).sendMoney.sent.title[s.context.receipt!.status as 'sent' | 'held' | 'invited'] },
        ],
      }),
    },
  },
  calls: {
    // A send retried after its answer was lost or the server asked for the step-up is the same send (the same
    // key), until the customer changes it; after a step-up only once it was granted.
    sendMoney: allOf(
      retriesKeepTheIntent('sendMoney', {
        isOpen: (error) => wasUnanswered(error) || stepUpAsked(error),
        endedBy: ['EDIT_REQUESTED', 'NEW_REQUESTED'],
      }),
      grantedStepUpFirst('sendMoney', { askedFor: stepUpAsked, newTryBy: ['CONFIRMED'] }),
    ),
    stepUp: stepUpOnlyWhenAsked('sendMoney', { confirmedBy: [], askedFor: stepUpAsked }),
  },
  invariants: {
    // The business rules: money goes only to an address, from an account and within a limit that cover it, once reviewed.
    lookingUp: (s) => (s.context.address !== null && covered(s)) || 'looks up no address, or for more than the balance or the limit',
    reviewing: (s) => (s.context.address !== null && covered(s)) || 'reviews a send the form would refuse',
    sending: (s) => (s.context.address !== null && covered(s)) || 'sends to no address, or more than the balance or the limit',
    sent: (s) => s.context.receipt !== null || 'a receipt the server did not give',
    // “Not enough” is said only of an amount above the balance.
    editing: (s) => {
      const code = s.context.failure?.code;
      if (
        code === 'insufficient_funds' &&
        !(s.context.account !== null && compare(s.context.amount || '0', s.context.account.balance) > 0)
      ) {
        return 'says “not enough” of an amount the account covers';
      }
      if ((code === 'over_daily_limit' || code === 'over_monthly_limit') && withinLimit(s))
        return 'says “over the limit” of an amount within it';
      return true;
    },
  },
  notInBrowser: {
    transitions: {
      'editing → editing (stays) (LIMIT_CHANGED)':
        'The page’s limit is the one answered at the start; a later one is read after a send, on the page’s own schedule, which a browser step cannot time.',
      'sent → sent (stays) (LIMIT_CHANGED)':
        'The limit read again after a send answers as the start did in the browser paths: the page shows nothing new for it, so no step can tell it was read.',
    },
  },
} satisfies FlowModel<typeof sendMoneyMachine>;
