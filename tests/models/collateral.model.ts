import type { SnapshotFrom } from 'xstate';
import type { Collateral } from '../../contract/cards';
import { isDecimal, isPositiveAmount } from '../../contract/decimal';
import { LOCALE_TAGS } from '../../contract/locales';
import type { FlowModel, PageExpectation, PathHistoryEntry } from './graph/model';
import { allOf, askedAfterAChange, lastSent } from './graph/callRules';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, typedAmount, withValues, type PageLanguage } from './graph/page';
import { collateralMachine } from '../../machines/collateral/collateral.machine';
import { sessionCookieJar } from './session.model';

type Snapshot = SnapshotFrom<typeof collateralMachine>;

const credit = {
  id: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
  currency: 'EUR' as const,
  name: 'Meridian card',
  collateralValue: '40000.00',
  creditLimit: '20000.00',
  used: '0.00',
  available: '20000.00',
  ltv: null,
  ltvLevel: 'none' as const,
  stale: false,
  createdAt: '2026-03-02T09:00:00.000Z',
};

const collateral: Collateral = {
  credit,
  holdings: [{ asset: 'BTC', amount: '1.00', rate: '40000.00', value: '40000.00', stale: false }],
  thresholds: { creditRatio: '50', warning: '65', marginCall: '75', liquidation: '85' },
};

const MOVE = (direction: string) => `**/api/card-accounts/${credit.id}/collateral/${direction}`;
const PREVIEW = `**/api/card-accounts/${credit.id}/collateral/preview?**`;

/** A percentage as the page writes it in the language. */
const percent = (language: PageLanguage, value: string) =>
  new Intl.NumberFormat(LOCALE_TAGS[language], { style: 'percent', maximumFractionDigits: 2 }).format(
    `${value}e-2` as Intl.StringNumericLiteral,
  );

/** The form: a refused withdrawal says the loan-to-value it would reach; a failure is said in words. */
function form(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).collateral;
  const { preview, failure } = s.context;
  const refusal = (ltv: string) =>
    withValues(texts.errors.ltv_too_high, { ltv: percent(language, ltv), limit: percent(language, collateral.thresholds.creditRatio) });
  const ltv = failure?.fields?.ltv;
  return {
    shows: [
      { label: texts.move.amount },
      ...(preview && !preview.allowed ? [{ shownText: preview.overPledged ? texts.errors.more_than_pledged : refusal(preview.ltv!) }] : []),
      ...(failure
        ? [{ shownText: failure.code === 'ltv_too_high' && ltv ? refusal(ltv) : failureText(language, texts.errors, failure) }]
        : []),
    ],
  };
}

const FIRST_ASSET = 'BTC';

/** The move or its preview is the one on the form: the direction, asset and amount the customer last chose. */
function asChosen(
  { direction, asset, amount }: { direction: string; asset: string; amount: string },
  history: readonly PathHistoryEntry[],
) {
  const chosen = {
    direction: lastSent<{ type: 'DIRECTION_CHOSEN'; direction: string }>(history, 'DIRECTION_CHOSEN')?.direction ?? 'add',
    asset: lastSent<{ type: 'ASSET_CHOSEN'; asset: string }>(history, 'ASSET_CHOSEN')?.asset ?? FIRST_ASSET,
    amount: lastSent<{ type: 'AMOUNT_CHANGED'; amount: string }>(history, 'AMOUNT_CHANGED')?.amount ?? '',
  };
  return (
    (direction === chosen.direction && asset === chosen.asset && amount === chosen.amount) ||
    `about ${direction} ${amount} ${asset}, not what the form shows (${chosen.direction} ${chosen.amount} ${chosen.asset})`
  );
}

export const collateralModel = {
  inputs: { 'a card account, bitcoin first': { accountId: credit.id, asset: FIRST_ASSET } },
  events: {
    DIRECTION_CHOSEN: { withdraw: { direction: 'withdraw' } },
    ASSET_CHOSEN: { ether: { asset: 'ETH' } },
    AMOUNT_CHANGED: { 'an amount': { amount: '0.25' }, 'not a number': { amount: '1,5x' } },
    SUBMITTED: { submit: {} },
  },
  actors: {
    previewCollateral: {
      done: {
        allowed: { ltv: '40.00', creditLimit: '15000.00', available: '9000.00', allowed: true, overPledged: false, stale: false },
        'past the limit': { ltv: '55.56', creditLimit: '14000.00', available: '0.00', allowed: false, overPledged: false, stale: false },
        // With debt, the line as it is now comes back with its loan-to-value: the page says why, not that figure.
        'more than is pledged': {
          ltv: '40.00',
          creditLimit: '15000.00',
          available: '9000.00',
          allowed: false,
          overPledged: true,
          stale: false,
        },
      },
      error: { offline: { code: 'network_error' } },
    },
    moveCollateral: {
      done: { moved: collateral },
      error: { 'rates moved': { code: 'ltv_too_high', fields: { ltv: '50.10' } } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.status,
      s.context.direction,
      s.context.asset,
      s.context.amount,
      s.context.preview?.allowed ?? null,
      s.context.preview?.overPledged ?? null,
      s.context.failure?.code ?? null,
    ]),
  journeys: {
    // Every choice on the form counts: what is moved is what the customer chose last, a typo asks nothing.
    'a typo, then withdrawing ether': {
      steps: [
        'AMOUNT_CHANGED (not a number)',
        'DIRECTION_CHOSEN (withdraw)',
        'ASSET_CHOSEN (ether)',
        'AMOUNT_CHANGED (an amount)',
        'after PREVIEW_DEBOUNCE (waitingToPreview)',
        'previewCollateral done (allowed)',
        'SUBMITTED (submit)',
        'moveCollateral done (moved)',
      ],
    },
  },
  calls: {
    // A preview follows a change the customer made (never asked again on its own), and both it and the
    // move are about what the form shows: the direction, asset and amount last chosen.
    previewCollateral: allOf(askedAfterAChange(['previewCollateral', 'moveCollateral']), asChosen),
    moveCollateral: asChosen,
  },
  invariants: {
    // The form is there to use unless a move is under way or done.
    '*': (s) => s.hasTag('editing') || s.hasTag('busy') || s.status === 'done' || 'neither the form nor a move under way',
    waitingToPreview: (s) => isPositiveAmount(s.context.amount) || 'waits to ask about an amount that is not one',
    // The rule: nothing is moved without a preview the server allowed, for what is typed now.
    moving: (s) => s.context.preview?.allowed === true || 'moving collateral without an allowed preview',
    previewing: (s) => isDecimal(s.context.amount) || 'asking about an amount that is not one',
    moved: (s) => (s.status === 'done' && s.output?.collateral !== null) || 'ended without the collateral',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // /card-accounts/collateral with the one card account. The clock is paused from the start, so the pause
    // in typing before a preview passes only in its `after` step.
    start: (_, language) => [
      { clock: 'install' },
      { clock: 'pause' },
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/card-accounts', method: 'GET', json: [credit] },
      { answer: `**/api/card-accounts/${credit.id}/collateral`, method: 'GET', json: collateral },
      { open: inLanguage('/card-accounts/collateral', language) },
      { runClockUntil: { label: pageTexts(language).collateral.move.amount } },
    ],
    events: {
      DIRECTION_CHOSEN: ({ direction }, before, language) =>
        before.hasTag('busy') ? null : [{ click: { role: 'button', name: pageTexts(language).collateral.move[direction] } }],
      ASSET_CHOSEN: ({ asset }, before, language) =>
        before.hasTag('busy') || before.context.asset === asset
          ? null
          : [{ select: { label: pageTexts(language).collateral.move.asset }, value: asset }],
      AMOUNT_CHANGED: ({ amount }, before, language) =>
        before.hasTag('busy') || before.context.amount === amount
          ? null
          : [{ fill: { label: pageTexts(language).collateral.move.amount }, text: typedAmount(language, amount) }],
      SUBMITTED: (_, before, language) =>
        before.hasTag('editing') && !before.hasTag('previewing') && before.context.preview?.allowed
          ? [{ click: { role: 'button', name: pageTexts(language).collateral.move.submit[before.context.direction] } }]
          : null,
    },
    actors: {
      previewCollateral: {
        done: (output) => [{ answer: PREVIEW, method: 'GET', times: 1, json: output }],
        error: (error) => [failedCall(PREVIEW, error, 'GET')],
      },
      moveCollateral: {
        done: (output, before) => [{ answer: MOVE(before.context.direction), method: 'POST', times: 1, json: output }],
        error: (error, before) => [failedCall(MOVE(before.context.direction), error)],
      },
    },
    delays: { PREVIEW_DEBOUNCE: (ms) => [{ runClock: ms }] },
    states: {
      editing: form,
      // Moved: a new, empty form for the next move.
      moved: (_, language) => ({ shows: [{ label: pageTexts(language).collateral.move.amount, value: '' }] }),
    },
  },
} satisfies FlowModel<typeof collateralMachine>;
