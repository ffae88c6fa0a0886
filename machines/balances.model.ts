import type { BalancesSummary } from '../contract/accounts';
import { balancesMachine } from './balances.machine';
import { asError } from './failure';
import type { FlowModel } from './graph/model';

const coin = {
  id: '5d0c3a1e-8a4f-4c1b-9e2d-7b6a5c4d3e21',
  name: 'Bitcoin',
  balance: '0.0425',
  usdtValue: '2890.00',
  usdValue: '2890.00',
  rate: '68000',
  rateAt: '2026-11-25T12:00:00.000Z',
  change24h: '-1.25',
  stale: false,
  currency: 'BTC',
} as const;

/** A summary as the server answers it: one crypto and one fiat account. */
export const SAMPLE_SUMMARY: BalancesSummary = {
  total: '5340.75',
  crypto: {
    coin_balances: [coin],
    total: '2890.000000',
    full_accounts_total: '5340.750000',
    utgl: { coin_balances: [coin], total: '2890.000000' },
  },
  fiat: {
    accounts_limit_balances: [
      {
        id: '8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
        name: 'Euro account',
        balance: '2450.75',
        usdtValue: '2450.750000',
        usdValue: '2450.75',
        rate: '1',
        rateAt: '2026-11-25T12:00:00.000Z',
        change24h: null,
        stale: false,
        currency: 'EUR',
        iban: 'DE89370400440532013000',
        topUpLimit: { limitUsd: '1000.00', usedUsd: '0.00', leftUsd: '1000.00', left: '1000.00' },
      },
    ],
  },
  stale: false,
};

export const balancesModel = {
  inputs: {
    'signed in, balances shown': { signedIn: true, hidden: false },
    'signed out, balances hidden': { signedIn: false, hidden: true },
  },
  events: {
    SIGNED_IN: { 'both tokens appear': {} },
    SIGNED_OUT: { 'a token disappears': {} },
    BALANCES_REFRESH: { 'money moved': {} },
    HIDE_BALANCES_TOGGLED: { 'taps the eye': {} },
  },
  actors: {
    fetchBalances: {
      done: { 'the summary': SAMPLE_SUMMARY },
      error: {
        'the server says why': asError({ code: 'internal_error', message: 'Balances are being recalculated' }),
        'nothing said': new Error(),
      },
    },
  },
  invariants: {
    '*': (s) => s.hasTag('polling') || (s.context.summary === null && s.context.error === null) || 'signed out but balances kept',
    'polling.waiting': (s) => s.context.summary !== null || s.context.error !== null || 'waiting without balances or a reason',
  },
  journeys: {
    // A failure must keep the figures of the fetch before it, and the next success clears the message.
    'a failed poll keeps the figures, the next one clears the message': {
      steps: [
        'fetchBalances done (the summary)',
        'after BALANCE_POLL (polling.waiting)',
        'fetchBalances failed (the server says why)',
        'after BALANCE_POLL (polling.waiting)',
        'fetchBalances failed (nothing said)',
        'BALANCES_REFRESH (money moved)',
        'fetchBalances done (the summary)',
      ],
    },
  },
} satisfies FlowModel<typeof balancesMachine>;
