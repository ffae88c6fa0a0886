import { assign, setup } from 'xstate';
import type { BalancesSummary } from '../../contract/accounts';
import { failureOf, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** The figures of this device's last fetch and when it was (ms), kept for a visit that cannot fetch (offline). */
export interface SavedBalances {
  summary: BalancesSummary;
  at: number;
}

interface BalancesContext {
  /** The balances shown: the last fetched, or the device's saved ones; kept through failures, dropped at sign-out. */
  summary: BalancesSummary | null;
  /** What this device kept from an earlier visit: shown only when this visit cannot fetch any. */
  saved: SavedBalances | null;
  /** When the figures shown were fetched, while they are an earlier visit's (old); null once fetched now. */
  savedAt: number | null;
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
    input: {} as { signedIn: boolean; hidden: boolean; saved: SavedBalances | null },
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
    /** Keeps the fetched figures on the device, for a later visit that cannot fetch them. */
    saveFigures: (_, _params: { summary: BalancesSummary }) => {},
    /** Removes the device's kept figures: they belong to the session. */
    forgetFigures: () => {},
  },
  delays: { BALANCE_POLL: 60_000 },
  guards: {
    opensSignedIn: ({ context }) => context.openedSignedIn,
    hasOnlySavedFigures: ({ context }) => context.summary === null && context.saved !== null,
  },
}).createMachine({
  id: 'balances',
  description:
    'Polls the balances summary while both session tokens exist: at once when polling starts, then every 60 s; a refresh after a money movement fetches at once and restarts the interval. A failure keeps the last figures; with none fetched yet, the figures this device kept from its last fetch show, marked as old. Also holds the hide-balances flag.',
  context: ({ input }) => ({
    summary: null,
    saved: input.signedIn ? input.saved : null,
    savedAt: null,
    error: null,
    hidden: input.hidden,
    openedSignedIn: input.signedIn,
  }),
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
      description: 'Signed out: no balances, no timer, none kept on the device.',
      entry: 'forgetFigures',
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
          actions: assign({ summary: null, saved: null, savedAt: null, error: null }),
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
              description: 'The figures arrived and show, and the device keeps them; the next fetch waits for the interval.',
              target: 'waiting',
              actions: [
                assign({ summary: ({ event }) => event.output, savedAt: null, error: null }),
                { type: 'saveFigures', params: ({ event }) => ({ summary: event.output }) },
              ],
            },
            onError: [
              {
                guard: 'hasOnlySavedFigures',
                target: 'waiting',
                description: 'Nothing fetched on this visit (offline): the figures the device kept show, marked with their time.',
                actions: assign({
                  summary: ({ context }) => context.saved?.summary ?? null,
                  savedAt: ({ context }) => context.saved?.at ?? null,
                  error: ({ event }) => failureOf(event),
                }),
              },
              {
                target: 'waiting',
                description: 'The last figures stay; the message says why they may be old.',
                actions: assign({ error: ({ event }) => failureOf(event) }),
              },
            ],
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
