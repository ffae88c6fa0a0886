import type { SnapshotFrom } from 'xstate';
import { RECURRING_BUYS_MAX, type RecurringBuy } from '../../contract/recurringBuys';
import { firstRun } from '../../contract/recurringCalendar';
import { recurringBuyMachine } from '../../machines/recurringBuy/recurringBuy.machine';
import { SAMPLE_SUMMARY } from './balances.model';
import type { FlowModel, PageExpectation, PageMark } from './graph/model';
import { allOf, grantedStepUpFirst, retriesKeepTheIntent, stepUpOnlyWhenAsked, wasUnanswered } from './graph/callRules';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, typedAmount, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof recurringBuyMachine>;

const EURO = SAMPLE_SUMMARY.fiat.accounts_limit_balances[0]!;
const BITCOIN = SAMPLE_SUMMARY.crypto.coin_balances[0]!;
/** A second account of each kind, so that choosing one changes the form. */
const DOLLAR = { ...EURO, id: '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a', name: 'Dollar account', currency: 'USD' as const, iban: null };
const ETHER = { ...BITCOIN, id: '0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b', name: 'Ether', currency: 'ETH' as const };
const SUMMARY = {
  ...SAMPLE_SUMMARY,
  fiat: { accounts_limit_balances: [EURO, DOLLAR] },
  crypto: { ...SAMPLE_SUMMARY.crypto, coin_balances: [BITCOIN, ETHER] },
};
/** The browser's time zone in the model paths (playwright.config.ts runs the browser in UTC). */
const TIME_ZONE = 'UTC';
/** The unit paths' "today" (the page's is the browser's own: nothing it shows in the bindings depends on it). */
const TODAY = '2026-03-30';

const active: RecurringBuy = {
  id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d',
  fromAccountId: EURO.id,
  toAccountId: BITCOIN.id,
  fromAsset: 'EUR',
  toAsset: 'BTC',
  amount: '25.00',
  frequency: 'monthly',
  dayOfWeek: null,
  dayOfMonth: 31,
  timeZone: 'Europe/Berlin',
  status: 'active',
  nextRun: '2026-03-31',
  runs: [
    {
      period: '2026-02-28',
      status: 'bought',
      reason: null,
      transactionId: '7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e',
      at: '2026-02-28T08:00:00.000Z',
    },
    { period: '2026-01-31', status: 'skipped', reason: 'insufficient_funds', transactionId: null, at: '2026-01-31T08:00:00.000Z' },
  ],
  createdAt: '2026-01-10T09:00:00.000Z',
};
const paused: RecurringBuy = { ...active, status: 'paused', nextRun: null };
const cancelled: RecurringBuy = { ...active, status: 'cancelled', nextRun: null };
const created: RecurringBuy = {
  ...active,
  id: '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f',
  amount: '50.00',
  frequency: 'weekly',
  dayOfWeek: 1,
  dayOfMonth: null,
  timeZone: TIME_ZONE,
  nextRun: '2026-04-06',
  runs: [],
  createdAt: '2026-03-30T09:00:00.000Z',
};

/** As many plans as a customer may have (RECURRING_BUYS_MAX): a new one is refused at once. */
const FULL = Array.from({ length: RECURRING_BUYS_MAX }, (_, n) => ({
  ...active,
  id: `${active.id.slice(0, -2)}${String(n).padStart(2, '0')}`,
}));

const PLANS = '**/api/recurring-buys';
const planUrl = (planId: string, change: string) => `**/api/recurring-buys/${planId}/${change}`;

const stepUpAsked = (error: unknown) => (error as { code?: string }).code === 'step_up_required';
const texts = (language: PageLanguage) => pageTexts(language).recurringBuys;
const failureShown = (s: Snapshot, language: PageLanguage): PageMark[] =>
  s.context.failure ? [{ shownText: failureText(language, texts(language).errors, s.context.failure) }] : [];
const onForm = (s: Snapshot) => s.matches('editing');
const onList = (s: Snapshot) => s.matches('listing');
/**
 * The list's button of one plan, by its name: only while no other plan shows a button of that name (the
 * paths that reach the same transition with one plan cover it).
 */
function planButton(s: Snapshot, planId: string, name: string, shows: (plan: RecurringBuy) => boolean) {
  const showing = s.context.plans.filter(shows);
  return showing.length === 1 && showing[0]!.id === planId ? [{ click: { role: 'button' as const, name } }] : null;
}

function list(s: Snapshot, language: PageLanguage): PageExpectation {
  return {
    url: inLanguage('/recurring-buys', language),
    shows: [{ role: 'button', name: texts(language).new }, ...failureShown(s, language)],
  };
}

export const recurringBuyModel = {
  inputs: {
    'a euro and a bitcoin account': {
      timeZone: TIME_ZONE,
      today: TODAY,
      fiat: [
        { id: EURO.id, asset: 'EUR' },
        { id: DOLLAR.id, asset: 'USD' },
      ],
      crypto: [
        { id: BITCOIN.id, asset: 'BTC' },
        { id: ETHER.id, asset: 'ETH' },
      ],
    },
  },
  events: {
    RETRY: { 'try again': {} },
    SETUP_STARTED: { 'new recurring buy': {} },
    SETUP_CANCELLED: { back: {} },
    FROM_CHOSEN: { 'the dollar account': { accountId: DOLLAR.id } },
    TO_CHOSEN: { 'the ether account': { accountId: ETHER.id } },
    AMOUNT_CHANGED: { '50': { amount: '50' }, nothing: { amount: '' } },
    FREQUENCY_CHOSEN: { weekly: { frequency: 'weekly' }, monthly: { frequency: 'monthly' }, daily: { frequency: 'daily' } },
    DAY_OF_WEEK_CHOSEN: { Friday: { dayOfWeek: 5 } },
    DAY_OF_MONTH_CHOSEN: { 'the 31st': { dayOfMonth: 31 } },
    SUBMITTED: { 'set up': {} },
    PAUSE_REQUESTED: { 'pause the plan': { planId: active.id } },
    RESUME_REQUESTED: { 'resume the plan': { planId: active.id } },
    CANCEL_REQUESTED: { 'cancel the plan': { planId: active.id } },
    CANCEL_CONFIRMED: { 'yes, cancel it': {} },
    CANCEL_DISMISSED: { 'keep it': {} },
  },
  actors: {
    loadPlans: {
      done: { 'one plan with runs': { plans: [active] }, 'no plans': { plans: [] }, 'the most plans allowed': { plans: FULL } },
      error: { offline: { code: 'network_error' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    createPlan: {
      done: { 'set up': created },
      error: { 'step-up needed': { code: 'step_up_required' }, offline: { code: 'network_error' } },
    },
    changePlan: {
      done: { paused, resumed: active, cancelled },
      error: { 'already cancelled': { code: 'recurring_buy_cancelled' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      // Setting up the same plan again adds nothing new to explore: the plans by id, with their status.
      [...new Map(s.context.plans.map((plan) => [plan.id, plan.status])).entries()],
      // What matters to the guards and the form: an amount or none, the frequency (the days show only with theirs).
      s.context.draft.amount !== '',
      s.context.draft.frequency,
      s.context.change,
      s.context.failure?.code ?? null,
    ]),
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { answer: '**/api/accounts-management/summary-balance', method: 'GET', json: SUMMARY },
      { open: inLanguage('/recurring-buys', language) },
    ],
    events: {
      RETRY: (_, before, language) => (before.matches('failed') ? [{ click: { role: 'button', name: texts(language).retry } }] : null),
      SETUP_STARTED: (_, before, language) => (onList(before) ? [{ click: { role: 'button', name: texts(language).new } }] : null),
      SETUP_CANCELLED: (_, before, language) => (onForm(before) ? [{ click: { role: 'button', name: texts(language).back } }] : null),
      FROM_CHOSEN: ({ accountId }, before, language) =>
        onForm(before) && before.context.draft.fromAccountId !== accountId
          ? [{ select: { label: texts(language).from }, value: accountId }]
          : null,
      TO_CHOSEN: ({ accountId }, before, language) =>
        onForm(before) && before.context.draft.toAccountId !== accountId
          ? [{ select: { label: texts(language).to }, value: accountId }]
          : null,
      AMOUNT_CHANGED: ({ amount }, before, language) =>
        onForm(before) && before.context.draft.amount !== amount
          ? [{ fill: { label: texts(language).amount }, text: typedAmount(language, amount) }]
          : null,
      FREQUENCY_CHOSEN: ({ frequency }, before, language) =>
        onForm(before) && before.context.draft.frequency !== frequency
          ? [{ select: { label: texts(language).frequency }, value: frequency }]
          : null,
      DAY_OF_WEEK_CHOSEN: ({ dayOfWeek }, before, language) =>
        onForm(before) && before.context.draft.frequency === 'weekly' && before.context.draft.dayOfWeek !== dayOfWeek
          ? [{ select: { label: texts(language).dayOfWeek }, value: String(dayOfWeek) }]
          : null,
      DAY_OF_MONTH_CHOSEN: ({ dayOfMonth }, before, language) =>
        onForm(before) && before.context.draft.frequency === 'monthly' && before.context.draft.dayOfMonth !== dayOfMonth
          ? [{ select: { label: texts(language).dayOfMonth }, value: String(dayOfMonth) }]
          : null,
      SUBMITTED: (_, before, language) => (onForm(before) ? [{ click: { role: 'button', name: texts(language).setUp } }] : null),
      PAUSE_REQUESTED: ({ planId }, before, language) =>
        onList(before) ? planButton(before, planId, texts(language).pause, (plan) => plan.status === 'active') : null,
      RESUME_REQUESTED: ({ planId }, before, language) =>
        onList(before) ? planButton(before, planId, texts(language).resume, (plan) => plan.status === 'paused') : null,
      CANCEL_REQUESTED: ({ planId }, before, language) =>
        onList(before) ? planButton(before, planId, texts(language).cancel, (plan) => plan.status !== 'cancelled') : null,
      CANCEL_CONFIRMED: (_, before, language) =>
        before.matches('confirmingCancel') ? [{ click: { role: 'button', name: texts(language).cancelConfirm } }] : null,
      CANCEL_DISMISSED: (_, before, language) =>
        before.matches('confirmingCancel') ? [{ click: { role: 'button', name: texts(language).keep } }] : null,
    },
    actors: {
      loadPlans: {
        done: (output) => [{ answer: PLANS, method: 'GET', times: 1, json: output }],
        error: (error) => [failedCall(PLANS, error, 'GET')],
      },
      stepUp: { done: (output, _, language) => stepUpInBrowser('recurring_buy', output, language) },
      createPlan: {
        done: (output) => [{ answer: PLANS, method: 'POST', times: 1, status: 201, json: output }],
        error: (error) => [failedCall(PLANS, error)],
      },
      changePlan: {
        done: (output, before) => [
          { answer: planUrl(before.context.change!.planId, before.context.change!.change), method: 'POST', times: 1, json: output },
        ],
        error: (error, before) => [failedCall(planUrl(before.context.change!.planId, before.context.change!.change), error)],
      },
    },
    states: {
      failed: (_, language) => ({
        shows: [{ role: 'button', name: texts(language).retry }, { shownText: pageTexts(language).errors.network_error }],
      }),
      listing: list,
      confirmingCancel: (_, language) => ({ shows: [{ role: 'button', name: texts(language).cancelConfirm }] }),
      editing: (s, language) => ({
        shows: [
          { label: texts(language).amount, value: typedAmount(language, s.context.draft.amount) },
          { label: texts(language).frequency, value: s.context.draft.frequency },
          { testId: 'recurring-first-run' },
          ...failureShown(s, language),
        ],
      }),
    },
  },
  calls: {
    // A plan sent again after the step-up or a lost answer is the same request (the same key) until it is edited.
    createPlan: allOf(
      retriesKeepTheIntent('createPlan', {
        isOpen: (error) => wasUnanswered(error) || stepUpAsked(error),
        endedBy: [
          'AMOUNT_CHANGED',
          'FREQUENCY_CHOSEN',
          'DAY_OF_WEEK_CHOSEN',
          'DAY_OF_MONTH_CHOSEN',
          'FROM_CHOSEN',
          'TO_CHOSEN',
          'SETUP_CANCELLED',
        ],
      }),
      grantedStepUpFirst('createPlan', { askedFor: stepUpAsked, newTryBy: ['SUBMITTED'] }),
    ),
    stepUp: stepUpOnlyWhenAsked('createPlan', { confirmedBy: [], askedFor: stepUpAsked }),
  },
  invariants: {
    // The business rules: a plan is set up only complete, positive and within its currency's decimals.
    creating: (s) =>
      (s.context.draft.fromAccountId !== null &&
        s.context.draft.toAccountId !== null &&
        /^\d+(\.\d{1,2})?$/.test(s.context.draft.amount) &&
        s.context.draft.amount !== '0') ||
      'setting up a plan without accounts or a valid amount',
    steppingUp: (s) => s.context.draft.amount !== '' || 'stepping up for no plan',
    changing: (s) => {
      const plan = s.context.plans.find((each) => each.id === s.context.change?.planId);
      return (plan !== undefined && plan.status !== 'cancelled') || 'changing a plan that is gone or cancelled';
    },
    confirmingCancel: (s) => s.context.change?.change === 'cancel' || 'asking to confirm something else than a cancel',
    failed: (s) => s.context.failure !== null || 'offers to try again without a reason',
    // The first run shown is never today: a plan starts the next day, as the server sets it up.
    editing: (s) => firstRun(s.context.draft, s.context.today) > s.context.today || 'shows a first run that is not after today',
  },
} satisfies FlowModel<typeof recurringBuyMachine>;
