import type { FlowModel } from './graph/model';
import { transferMachine } from './transfer.machine';

const EUR_ACCOUNT = '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10';
const BTC_ACCOUNT = '1c6f3b9f-3e6d-4eac-9b66-6c3f9d2eaf21';

/** One second firm, so a quote runs out in one tick of the generated paths. */
const quote = {
  id: '2d7a4caf-4f7e-4fbd-8c77-7d4aae3fb032',
  fromAccountId: EUR_ACCOUNT,
  toAccountId: BTC_ACCOUNT,
  fromAsset: 'EUR' as const,
  toAsset: 'BTC' as const,
  rate: '0.000016532307692307',
  spreadPercent: '0.5',
  feePercent: '0.1',
  fee: '0.93',
  amountIn: '100.00',
  amountOut: '0.00163784',
  usdValue: '108.00',
  fundsSufficient: true,
  limitLeftUsd: '1000.00',
  withinLimit: true,
  firmForSeconds: 1,
  expiresAt: '2026-03-02T09:00:30.000Z',
};

/** The server's replacement for a quote that ran out or was used: other figures, its own seconds. */
const fresh = {
  ...quote,
  id: '3e8b5db0-5a8f-4ac0-9d88-8e5bbf40c143',
  rate: '0.000016500000000000',
  amountOut: '0.00163465',
  firmForSeconds: 2,
  expiresAt: '2026-03-02T09:00:42.000Z',
};

export const transferModel = {
  inputs: { 'fiat to crypto': { direction: 'fiat-to-crypto' } },
  events: {
    FROM_CHOSEN: { 'the euro account': { accountId: EUR_ACCOUNT } },
    TO_CHOSEN: { 'the bitcoin account': { accountId: BTC_ACCOUNT } },
    AMOUNT_CHANGED: { '100 to pay': { amount: '100', side: 'in' }, 'nothing usable': { amount: '', side: 'in' } },
    REVIEW_REQUESTED: { review: {} },
    REVIEW_CANCELLED: { back: {} },
    CONFIRMED: { confirm: {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    requestQuote: {
      done: {
        covered: quote,
        'more than the balance': { ...quote, fundsSufficient: false },
        'above the limit left': { ...quote, limitLeftUsd: '50.00', withinLimit: false },
      },
      error: { 'stale rate': { code: 'rate_stale' } },
    },
    confirmTransfer: {
      done: {
        moved: { transactionId: quote.id, activityId: quote.id, quote, createdAt: '2026-03-02T09:00:10.000Z' },
      },
      error: {
        'quote over by the server clock, a fresh one sent': { code: 'quote_expired', quote: fresh },
        'used in another tab, a fresh one the balance no longer covers': {
          code: 'quote_used',
          quote: { ...fresh, fundsSufficient: false },
        },
        'an unknown quote, none sent': { code: 'quote_not_found' },
        'connection lost': { code: 'network_error' },
        'funds gone meanwhile': { code: 'insufficient_funds' },
        'limit used meanwhile': { code: 'limit_exceeded', fields: { operation: 'transfer', period: 'day', left: '20.00' } },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.status,
      s.context.fromAccountId,
      s.context.toAccountId,
      s.context.amount,
      s.context.quote?.id ?? null,
      s.context.quote?.fundsSufficient ?? null,
      s.context.quote?.withinLimit ?? null,
      s.context.secondsLeft,
      s.context.reviewing,
      s.context.refreshed,
      s.context.failure?.code ?? null,
    ]),
  invariants: {
    // The rules: money moves only on a quote the balance covered and that had not run out.
    confirming: (s) =>
      (s.context.quote?.fundsSufficient === true && s.context.quote.withinLimit && s.context.secondsLeft > 0) ||
      'confirming without a covered, running quote within the limit',
    priced: (s) => (s.context.quote !== null && s.context.secondsLeft > 0) || 'showing a quote that ran out',
    'priced.step.review': (s) =>
      (s.context.quote?.fundsSufficient === true && s.context.quote.withinLimit) ||
      'offering to confirm a quote the balance or the limit does not allow',
    quoting: (s) =>
      (s.context.fromAccountId !== null && s.context.toAccountId !== null && /[1-9]/.test(s.context.amount)) || 'quoting nothing',
    transferred: (s) => (s.status === 'done' && s.output?.transfer !== null) || 'ended without the transfer',
  },
} satisfies FlowModel<typeof transferMachine>;
