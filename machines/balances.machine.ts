import { assign, setup } from 'xstate';
import type { BalancesSummary } from '../contract/accounts';
import { failureOf, type Failure } from './failure';
import { unprovided } from './unprovided';

interface BalancesContext {
  /** The last balances fetched; kept through failures, dropped at sign-out. */
  summary: BalancesSummary | null;
  /** Why the last fetch failed. */
  error: Failure | null;
  /** Hide balances: every displayed amount is masked. Remembered on the device, signed in or not. */
  hidden: boolean;
  /** Whether both tokens existed when the page opened (polling starts at once then). */
  openedSignedIn: boolean;
}

type BalancesEvent =
  /** Both session tokens exist now (signed in, or the auth token came back after a renewal). */
  | { type: 'SIGNED_IN' }
  /** Either token is gone. */
  | { type: 'SIGNED_OUT' }
  /** Money moved (or the customer asked): fetch now and start the interval again. */
  | { type: 'BALANCES_REFRESH' }
  | { type: 'HIDE_BALANCES_TOGGLED' };

/**
 * The customer's balances for every screen (docs/product.md#background-work-in-the-app): polled while signed in, once at
 * once and then every minute, as background requests that never keep a session awake. Views read it;
 * none fetches balances itself.
 */
export const balancesMachine = setup({
  types: {
    context: {} as BalancesContext,
    input: {} as { signedIn: boolean; hidden: boolean },
    events: {} as BalancesEvent,
    tags: {} as 'loading' | 'polling',
  },
  actors: {
    /** GET /accounts-management/summary-balance, marked `background` (X-Meridian-Activity). */
    fetchBalances: unprovided<BalancesSummary>('fetchBalances'),
  },
  actions: {
    /** Writes the hide-balances flag to the device's storage. */
    rememberHidden: (_, _params: { hidden: boolean }) => {},
  },
  delays: { BALANCE_POLL: 60_000 },
  guards: {
    opensSignedIn: ({ context }) => context.openedSignedIn,
  },
}).createMachine({
  id: 'balances',
  description:
    'Polls the balances summary while both session tokens exist: at once when polling starts, then every 60 s; a refresh after a money movement fetches at once and restarts the interval. A failure keeps the last figures. Also holds the hide-balances flag.',
  context: ({ input }) => ({ summary: null, error: null, hidden: input.hidden, openedSignedIn: input.signedIn }),
  initial: 'starting',
  on: {
    HIDE_BALANCES_TOGGLED: {
      description: 'Shows or masks every amount; remembered on this device.',
      actions: [
        assign({ hidden: ({ context }) => !context.hidden }),
        { type: 'rememberHidden', params: ({ context }) => ({ hidden: context.hidden }) },
      ],
    },
  },
  states: {
    starting: {
      description: 'The app loads: polling starts when both tokens exist.',
      always: [
        { guard: 'opensSignedIn', target: 'polling', description: 'The page opens with a session: the balances are fetched at once.' },
        { target: 'stopped', description: 'The page opens without a session: nothing is fetched.' },
      ],
    },
    stopped: {
      description: 'Signed out: no balances, no timer.',
      on: { SIGNED_IN: { target: 'polling', description: 'The auth token appeared with the refresh token.' } },
    },
    polling: {
      tags: ['polling'],
      description: 'Signed in: the balances are fetched and refreshed on the interval.',
      initial: 'fetching',
      on: {
        BALANCES_REFRESH: { target: '.fetching', reenter: true, description: 'Fetch now; the interval starts again after it.' },
        SIGNED_OUT: {
          target: 'stopped',
          description: 'A token disappeared: the timer stops and the figures go with the session.',
          actions: assign({ summary: null, error: null }),
        },
      },
      states: {
        fetching: {
          tags: ['loading'],
          description: 'Fetches the balances summary (a background request).',
          invoke: {
            id: 'fetchBalances',
            src: 'fetchBalances',
            onDone: {
              description: 'The figures arrived and show; the next fetch waits for the interval.',
              target: 'waiting',
              actions: assign({ summary: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: 'waiting',
              description: 'The last figures stay; the message says why they may be old.',
              actions: assign({ error: ({ event }) => failureOf(event) }),
            },
          },
        },
        waiting: {
          description: 'Until the next poll.',
          after: {
            BALANCE_POLL: { target: 'fetching', description: 'The interval passed: the balances are fetched again in the background.' },
          },
        },
      },
    },
  },
});
